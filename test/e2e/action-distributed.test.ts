/**
 * The bundled Action end to end: a fake GitHub, a local bare git remote, and a
 * simulated runner that carries out every workflow_dispatch as a fresh clone plus
 * `node dist/index.js` in its own process. A label pours a distributed fork-join formula; each
 * step runs in its own job and clone, sees its parents' files, pushes its branch, reports a check
 * run on its commit and dispatches what became ready; `/mol squash` archives it. A job killed
 * mid-step is found by patrol, re-dispatched and completed, and its work lands once.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Molecule } from '../../src/engine/molecule/molecule-schema.js';
import { readArchiveBlock } from '../../src/github/store/archive-comment.js';
import { type ActionRepo, useActionBundle } from '../helpers/action-repo.js';
import type { JobResult, SimulatedRunnerOptions } from '../helpers/simulated-runner.js';

const exec = promisify(execFile);

/** Five steps, a fork and a join; each step's command checks the files its parents committed. */
const RELAY = `formula = "relay"
description = "Plan, two branches of work, a join and a ship step, each in its own job"
execution = "distributed"
version = 1

[[steps]]
id = "plan"
title = "Plan"
output = "plan.md"
run = "echo 'the plan' > plan.md"
gate = { type = "files", paths = ["plan.md"] }

[[steps]]
id = "left"
title = "Left half"
needs = ["plan"]
output = "left.txt"
run = "test -f plan.md && echo left > left.txt"
gate = { type = "files", paths = ["left.txt"] }

[[steps]]
id = "right"
title = "Right half"
needs = ["plan"]
output = "right.txt"
run = "test -f plan.md && echo right > right.txt"
gate = { type = "files", paths = ["right.txt"] }

[[steps]]
id = "join"
title = "Join"
needs = ["left", "right"]
output = "joined.txt"
run = "test -f plan.md && test -f left.txt && test -f right.txt && cat plan.md left.txt right.txt > joined.txt"
gate = { type = "files", paths = ["joined.txt"] }

[[steps]]
id = "ship"
title = "Ship"
needs = ["join"]
run = """
test -f joined.txt
if [ -n "$SLOW_MARKER" ]; then echo $$ > "$SLOW_MARKER"; sleep 30; fi
echo "shipped by $MOL_STEP" >> ship.log
"""
gate = { type = "files", paths = ["ship.log"] }
`;

const FORMULA_PATH = '.github/formulas/relay.formula.toml';

/**
 * With MOLECULAR_ACTION_NODE (a Node binary: `node scripts/node24.mjs` fetches Node 24, the
 * Action's `runs.using`), the jobs run the committed dist/index.js on it, as a workflow does;
 * otherwise a bundle of the current sources on the Node running the tests.
 */
const ACTION_NODE = process.env.MOLECULAR_ACTION_NODE;
const COMMITTED_BUNDLE = join(import.meta.dirname, '../../dist/index.js');

const bundle = useActionBundle(ACTION_NODE ? { prebuilt: COMMITTED_BUNDLE } : {});

beforeAll(async () => {
  if (!ACTION_NODE) return;
  const { stdout } = await exec(ACTION_NODE, ['--version']);
  console.log(`action jobs run ${COMMITTED_BUNDLE} on Node ${stdout.trim()} (${ACTION_NODE})`);
});

function setUp(envFor?: SimulatedRunnerOptions['envFor']): Promise<ActionRepo> {
  return bundle.start({
    formulas: { relay: RELAY },
    people: { alice: 'write' },
    issue: { title: 'Ship the relay', author: 'alice' },
    runner: { ...(ACTION_NODE ? { node: ACTION_NODE } : {}), ...(envFor ? { envFor } : {}) },
    listen: true,
  });
}

function patrolJob(w: ActionRepo) {
  return w.runner.run({ eventName: 'schedule', payload: {}, inputs: { mode: 'patrol' }, noCheckout: true });
}

/** The one state comment on the issue, decoded (it must be github-actions[bot]'s). */
function stateOf(w: ActionRepo): Molecule {
  const comments = w.stateComments();
  expect(comments).toHaveLength(1);
  expect(comments[0]?.user.login).toBe('github-actions[bot]');
  return w.molecule();
}

const remoteGit = async (w: ActionRepo, args: string[]) =>
  (await exec('git', [`--git-dir=${w.git.remote}`, ...args])).stdout.trim();

function failedJobs(w: ActionRepo): JobResult[] {
  return w.runner.jobs.filter((j) => j.exitCode !== 0);
}

describe('the Action, distributed, on a simulated runner', () => {
  it('runs a 5-step fork-join formula to completion, one job and clone per step, and squashes it', async () => {
    const w = await setUp();
    const labelled = await w.label('formula:relay');
    expect(labelled.exitCode, labelled.stdout + labelled.stderr).toBe(0);
    await w.runner.idle();
    expect(w.runner.errors).toEqual([]);
    expect(failedJobs(w).map((j) => j.stdout + j.stderr)).toEqual([]);

    const mol = stateOf(w);
    expect(mol.status).toBe('complete');
    expect(mol.formula.source).toEqual({
      path: FORMULA_PATH,
      blobSha: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    const order = ['plan', 'left', 'right', 'join', 'ship'];
    expect(mol.steps.map((s) => [s.id, s.status, s.attempts])).toEqual(
      order.map((id) => [id, 'completed', 1]),
    );

    // One step job per step, each in its own process and clone.
    const stepJobs = w.runner.jobs.filter((j) => j.request.inputs.mode === 'step');
    expect(stepJobs.map((j) => j.request.inputs.step).sort()).toEqual([...order].sort());
    expect(new Set(stepJobs.map((j) => j.workspace)).size).toBe(5);
    for (const job of stepJobs) {
      expect(job.outputs).toMatchObject({
        molecule: mol.id,
        step: job.request.inputs.step,
        status: 'completed',
      });
      expect(job.outputs.branch).toBe(`molecular/${mol.id}/${job.request.inputs.step}`);
    }

    for (const step of mol.steps) {
      const branch = `molecular/${mol.id}/${step.id}`;
      expect(step.branch).toBe(branch);
      expect(step.lease).toBeUndefined();
      // The pushed branch holds the recorded commit, and a check run reports it on that commit.
      expect(await remoteGit(w, ['rev-parse', `refs/heads/${branch}`])).toBe(step.checkpoint?.commit);
      const checks = w.gh.state.checkRuns.filter((c) => c.head_sha === step.checkpoint?.commit);
      expect(checks.map((c) => [c.name, c.status, c.conclusion])).toEqual([
        [`molecular / relay / ${step.id}`, 'completed', 'success'],
      ]);
      expect(step.gates).toEqual([{ type: 'files', passed: true, detail: expect.any(String) }]);
    }
    // Each step saw what came before it: the join has both halves, the ship step all of it.
    const joined = await remoteGit(w, ['show', `molecular/${mol.id}/join:joined.txt`]);
    expect(joined.split('\n')).toEqual(['the plan', 'left', 'right']);
    expect(await remoteGit(w, ['show', `molecular/${mol.id}/ship:ship.log`])).toBe('shipped by ship');
    const joinParents = await remoteGit(w, ['rev-list', '--parents', '-n', '1', `molecular/${mol.id}/join`]);
    expect(joinParents.split(' ')).toHaveLength(2); // the join's own commit on the merge of left and right
    expect(await remoteGit(w, ['rev-parse', `molecular/${mol.id}/join^`])).not.toBe(
      mol.steps.find((s) => s.id === 'left')?.checkpoint?.commit,
    );
    expect(w.gh.state.issues.get(w.issue)?.labels).toContain('molecule:complete');

    const squashed = await w.comment('/mol squash');
    expect(squashed.exitCode, squashed.stdout + squashed.stderr).toBe(0);
    const archive = [...w.gh.state.comments.values()].map((c) => readArchiveBlock(c.body)).find((r) => r?.ok);
    expect(archive?.ok && archive.value).toMatchObject({ id: mol.id, outcome: 'complete' });
    expect(w.gh.violations).toEqual([]);
    expect(w.gh.listenerErrors).toEqual([]);
  }, 120_000);

  it('re-running a completed step job changes nothing and says so', async () => {
    const w = await setUp();
    await w.label('formula:relay');
    await w.runner.idle();
    const before = stateOf(w);
    const comment = [...w.gh.state.comments.values()].find((c) => c.body.includes('molecular:state'));
    const writes = w.gh.requests.filter((r) => r.method !== 'GET' && r.operationId !== 'graphql').length;
    const again = await w.runner.run({
      eventName: 'workflow_dispatch',
      payload: { inputs: { molecule: before.id, step: 'join', base: 'main' } },
      inputs: { mode: 'step', molecule: before.id, step: 'join' },
    });
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toContain('already completed');
    expect(again.outputs).toMatchObject({ status: 'completed', branch: `molecular/${before.id}/join` });
    expect(w.gh.requests.filter((r) => r.method !== 'GET' && r.operationId !== 'graphql').length).toBe(
      writes,
    );
    expect([...w.gh.state.comments.values()].find((c) => c.id === comment?.id)?.body).toBe(comment?.body);
    expect(w.gh.violations).toEqual([]);
  }, 120_000);

  it('recovers a step job killed mid-run through patrol: re-dispatched, completed, its work done once', async () => {
    const marker = join(tmpdir(), `mol-slow-${process.pid}-${Date.now()}`);
    let slowed = false;
    const w = await setUp((dispatch) => {
      if (dispatch.inputs.step !== 'ship' || slowed) return undefined;
      slowed = true;
      return { SLOW_MARKER: marker };
    });
    await w.label('formula:relay');
    // Wait until the ship step's command is sleeping, then kill its job (and the command's process group).
    while (!existsSync(marker)) await new Promise((r) => setTimeout(r, 50));
    const pid = Number((await readFile(marker, 'utf8')).trim());
    const victim = [...w.runner.running.values()].find((j) => j.request.inputs.step === 'ship');
    expect(victim).toBeDefined();
    victim?.child.kill('SIGKILL');
    process.kill(-pid, 'SIGKILL');
    const killed = await victim?.done;
    expect(killed?.signal).toBe('SIGKILL');
    await w.runner.idle();
    await rm(marker, { force: true });

    const stuck = stateOf(w);
    const ship = stuck.steps.find((s) => s.id === 'ship');
    expect(ship).toMatchObject({ status: 'in_progress', lease: { runId: String(killed?.runId) } });
    expect(w.gh.state.workflowRuns.get(killed?.runId ?? 0)).toMatchObject({
      status: 'completed',
      conclusion: 'failure',
    });

    const patrol = await patrolJob(w);
    expect(patrol.exitCode, patrol.stdout + patrol.stderr).toBe(0);
    expect(patrol.stdout).toContain(`redispatch ${stuck.id}/ship`);
    expect(patrol.summary).toContain('Molecular patrol');
    await w.runner.idle();

    const done = stateOf(w);
    expect(done.status).toBe('complete');
    const shipped = done.steps.find((s) => s.id === 'ship');
    expect(shipped).toMatchObject({ status: 'completed', attempts: 2 });
    expect(w.runner.jobs.filter((j) => j.request.inputs.step === 'ship')).toHaveLength(2);
    // The work landed once: one line in the log, one commit on the branch over the join, one check run.
    expect(await remoteGit(w, ['show', `molecular/${done.id}/ship:ship.log`])).toBe('shipped by ship');
    expect(
      await remoteGit(w, ['rev-list', '--count', `molecular/${done.id}/join..molecular/${done.id}/ship`]),
    ).toBe('1');
    const checks = w.gh.state.checkRuns.filter((c) => c.name === 'molecular / relay / ship');
    expect(checks.map((c) => c.head_sha)).toEqual([shipped?.checkpoint?.commit]);

    // A second patrol right after changes nothing.
    const writes = w.gh.requests.filter((r) => r.method !== 'GET' && r.operationId !== 'graphql').length;
    const second = await patrolJob(w);
    expect(second.exitCode).toBe(0);
    expect(second.outputs.status).toBe('clean');
    expect(w.gh.requests.filter((r) => r.method !== 'GET' && r.operationId !== 'graphql').length).toBe(
      writes,
    );
    expect(w.gh.violations).toEqual([]);
  }, 120_000);
});
