/**
 * `step-finish` on a simulated runner, the Action bundle against the fake GitHub: a finish job whose
 * run does not hold the step's lease (another run took it, or the run id differs) fails and names
 * the run that holds it, instead of exiting 0 with the step left in progress and its work dropped.
 */
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeState } from '../../src/engine/codec/decode.js';
import { actorFor, startFakeGitHub } from '../helpers/fake-github/index.js';
import { issueEvent } from '../helpers/fake-github/webhook-payloads.js';
import { makeTempRepo } from '../helpers/git.js';
import { buildActionBundle, type JobResult, SimulatedRunner } from '../helpers/simulated-runner.js';

const TOKEN = 'ghs_step_finish_token';

const FORMULA = `formula = "answer"
execution = "distributed"

[[steps]]
id = "answer"
title = "Answer"
description = "Write the answer."
`;

let bundleDir: string;
let bundle: string;
beforeAll(async () => {
  bundleDir = await realpath(await mkdtemp(join(tmpdir(), 'mol-finish-bundle-')));
  bundle = await buildActionBundle(bundleDir);
}, 60_000);
afterAll(() => rm(bundleDir, { recursive: true, force: true }));

describe('step-finish', () => {
  it('fails, naming the lease holder, when another run holds the step', async () => {
    const gh = await startFakeGitHub({ owner: 'acme', repo: 'widgets', defaultBranch: 'main' });
    const git = await makeTempRepo();
    try {
      gh.tokens.set(TOKEN, actorFor('github-actions[bot]'));
      gh.state.collaborators.set('alice', 'write');
      const path = '.github/formulas/answer.formula.toml';
      gh.state.files.set(path, FORMULA);
      gh.state.files.set('.github/workflows/molecular-step.yml', 'name: molecular step\n');
      await git.write(path, FORMULA);
      await git.commitAll('add the formula');
      await git.git(['push', '-q', 'origin', 'main']);
      const issue = gh.state.addIssue({ title: 'Answer it', user: actorFor('alice') }).number;
      const runner = new SimulatedRunner({ gh, bundle, remote: git.remote, root: git.root, token: TOKEN });

      let start: JobResult | undefined;
      let finish: JobResult | undefined;
      let holder = 0;
      const pending: Promise<void>[] = [];
      gh.on('workflow_dispatch', (dispatch) => {
        pending.push(
          (async () => {
            const inputs = dispatch.inputs as Record<string, string>;
            const payload = { inputs, ref: 'refs/heads/main', workflow: dispatch.workflow_id };
            const job = (mode: string, runId: number, extra: Record<string, string> = {}) =>
              runner.run({
                eventName: 'workflow_dispatch',
                payload,
                inputs: { mode, molecule: inputs.molecule ?? '', step: inputs.step ?? '', ...extra },
                ref: 'main',
                runId,
              });
            holder = runner.newRunId();
            start = await job('step-start', holder);
            // The agent's work reaches a finish job of another run.
            const patch = join(git.root, 'work.patch');
            await writeFile(patch, '');
            finish = await job('step-finish', runner.newRunId(), { work: patch });
          })(),
        );
      });

      const labelled = await runner.run({
        eventName: 'issues',
        payload: issueEvent(gh, 'alice', 'labeled', issue, 'formula:answer'),
        inputs: { mode: 'event' },
      });
      expect(labelled.exitCode, labelled.stdout + labelled.stderr).toBe(0);
      for (let seen = 0; seen < pending.length; seen++) await pending[seen];
      await runner.idle();

      expect(start?.outputs.status).toBe('in_progress');
      expect(finish?.exitCode).toBe(1);
      expect(`${finish?.stdout}${finish?.stderr}`).toContain(
        `is in progress under actions:${holder}, not this run`,
      );
      const comment = [...gh.state.comments.values()].find(
        (c) => c.issue_number === issue && c.body.includes('molecular:state'),
      );
      const state = decodeState(comment?.body ?? '');
      if (!state.ok) throw new Error(state.error.message);
      expect(state.value.steps[0]).toMatchObject({ status: 'in_progress', lease: { runId: String(holder) } });
    } finally {
      await gh.close();
      await git.cleanup();
    }
  }, 240_000);
});
