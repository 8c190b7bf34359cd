/**
 * A gate step through the Action bundle on a simulated runner against the fake GitHub: it has no
 * work, so as soon as the step it gates is done a job is started that judges its files and command
 * gates in a checkout of that step's branch — no `/mol done` — and what follows runs. A gate that
 * fails sends the molecule back the way `on_fail` says, with the job red.
 */
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeState } from '../../src/engine/codec/decode.js';
import type { Molecule } from '../../src/engine/molecule/molecule-schema.js';
import { actorFor, startFakeGitHub } from '../helpers/fake-github/index.js';
import { issueEvent } from '../helpers/fake-github/webhook-payloads.js';
import { makeTempRepo } from '../helpers/git.js';
import { buildActionBundle, SimulatedRunner } from '../helpers/simulated-runner.js';

const TOKEN = 'ghs_gate_step_token';

const FORMULA = (written: string) => `formula = "checked"
execution = "distributed"

[[steps]]
id = "write"
run = "echo ok > ${written}"

[[steps]]
id = "check"
type = "gate"
needs = ["write"]
max_retries = 0
gates = [
  { type = "files", paths = ["out.txt"] },
  { type = "command", run = "grep -q ok out.txt" },
]

[[steps]]
id = "after"
needs = ["check"]
run = "test -f out.txt"
`;

let bundleDir: string;
let bundle: string;
beforeAll(async () => {
  bundleDir = await realpath(await mkdtemp(join(tmpdir(), 'mol-gate-bundle-')));
  bundle = await buildActionBundle(bundleDir);
}, 60_000);
afterAll(() => rm(bundleDir, { recursive: true, force: true }));

async function play(written: string): Promise<{ mol: Molecule; jobs: Array<[string, number | null]> }> {
  const gh = await startFakeGitHub({ owner: 'acme', repo: 'widgets', defaultBranch: 'main' });
  const git = await makeTempRepo();
  try {
    gh.tokens.set(TOKEN, actorFor('github-actions[bot]'));
    gh.state.collaborators.set('alice', 'write');
    const path = '.github/formulas/checked.formula.toml';
    gh.state.files.set(path, FORMULA(written));
    gh.state.files.set('.github/workflows/molecular-step.yml', 'name: molecular step\n');
    await git.write(path, FORMULA(written));
    await git.commitAll('add the formula');
    await git.git(['push', '-q', 'origin', 'main']);
    const issue = gh.state.addIssue({ title: 'Check it', user: actorFor('alice') }).number;
    const runner = new SimulatedRunner({ gh, bundle, remote: git.remote, root: git.root, token: TOKEN });
    const stop = runner.listen();
    const labelled = await runner.run({
      eventName: 'issues',
      payload: issueEvent(gh, 'alice', 'labeled', issue, 'formula:checked'),
      inputs: { mode: 'event' },
    });
    expect(labelled.exitCode, labelled.stdout + labelled.stderr).toBe(0);
    await runner.idle();
    stop();
    const comment = [...gh.state.comments.values()].find(
      (c) => c.issue_number === issue && c.body.includes('molecular:state'),
    );
    const state = decodeState(comment?.body ?? '');
    if (!state.ok) throw new Error(state.error.message);
    const jobs = runner.jobs
      .filter((j) => j.request.inputs.mode === 'step')
      .map((j): [string, number | null] => [j.request.inputs.step ?? '', j.exitCode]);
    return { mol: state.value, jobs };
  } finally {
    await gh.close();
    await git.cleanup();
  }
}

describe('a gate step in the Action', () => {
  it('is judged by a job of its own as soon as its need is done, and what follows runs', async () => {
    const { mol, jobs } = await play('out.txt');
    expect(jobs).toEqual([
      ['write', 0],
      ['check', 0],
      ['after', 0],
    ]);
    expect(mol.status).toBe('complete');
    expect(mol.steps.find((s) => s.id === 'check')?.gates?.map((g) => [g.type, g.passed])).toEqual([
      ['files', true],
      ['command', true],
    ]);
  }, 240_000);

  it('a gate that fails is recorded, and its job is red', async () => {
    const { mol, jobs } = await play('elsewhere.txt');
    expect(jobs).toEqual([
      ['write', 0],
      ['check', 1],
    ]);
    expect(mol.status).toBe('failed');
    expect(mol.steps.find((s) => s.id === 'check')).toMatchObject({ status: 'failed' });
  }, 240_000);
});
