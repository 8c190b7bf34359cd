/**
 * The finish half against real git (a working repository and its bare remote) and a memory store:
 * commit, push, gates, checkpoint, and the completion or failure it records.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Proto } from '../../../../src/engine/cook/proto.js';
import { pathExists } from '../../../../src/runner/path-exists.js';
import { finishStep } from '../../../../src/shell/step/finish-step.js';
import { runStepCommand } from '../../../../src/shell/step/run-step-command.js';
import { startStep } from '../../../../src/shell/step/start-step.js';
import type { StepHost } from '../../../../src/shell/step/step-host.js';
import { makeProto, protoStep } from '../../../helpers/engine-fixtures.js';
import { testStepHost } from '../../../helpers/step-host.js';
import { type StepWorld, stepWorld } from './fixture.js';

let world: StepWorld | undefined;
afterEach(async () => {
  await world?.repo.cleanup();
  world = undefined;
});

async function open(...args: Parameters<typeof stepWorld>): Promise<StepWorld> {
  world = await stepWorld(...args);
  return world;
}

const solo = (fields: Parameters<typeof protoStep>[2], extra: Partial<Proto> = {}) =>
  makeProto([protoStep('s1', [], { maxRetries: 1, ...fields })], { execution: 'distributed', ...extra });

/** Both halves around the step's command, as `mol run` and the Action's `step` mode do them. */
async function runWhole(w: StepWorld, stepId: string, host: StepHost = w.host) {
  const started = await startStep(await w.job(stepId, host));
  if (!started.ok || started.value.kind !== 'started') throw new Error(JSON.stringify(started));
  const { job, checkout } = started.value;
  const finished = await finishStep({ job, checkout, ran: await runStepCommand(job, checkout) });
  if (!finished.ok) throw new Error(finished.error.message);
  return finished.value;
}

describe('finishStep', () => {
  it('commits, pushes, passes the gates and completes; the next step starts from the branch with its inputs', async () => {
    const proto = makeProto(
      [
        protoStep('design', [], {
          run: 'mkdir -p docs && printf "%s\\n" "$MOL_VAR_FEATURE" > docs/design.md',
          output: 'docs/design.md',
          gates: [
            { type: 'files', paths: ['docs/design.md'] },
            { type: 'command', run: 'grep -q login docs/design.md' },
          ],
        }),
        protoStep('build', ['design'], {
          run: 'cat "$MOL_INPUTS" > built.txt; echo "$MOL_STEP@$MOL_MOLECULE on $MOL_BRANCH" >> built.txt',
        }),
      ],
      { execution: 'distributed' },
    );
    const w = await open(proto, { feature: 'login page' });
    const host = testStepHost(w.store, w.repo, { remote: 'origin', push: true });

    const first = await runWhole(w, 'design', host);
    expect(first.failure).toBeUndefined();
    expect(first.outcome.gates.map((g) => g.passed)).toEqual([true, true]);
    expect(first.dispatched).toEqual(['build']);
    const design = (await w.stored()).steps.find((s) => s.id === 'design');
    const pushed = await w.repo.git(['rev-parse', 'refs/heads/molecular/m1/design'], w.repo.remote);
    expect(design).toMatchObject({
      status: 'completed',
      branch: 'molecular/m1/design',
      checkpoint: { commit: pushed, filesModified: ['docs/design.md'], testsPassed: true },
    });
    expect(host.lines).toContain(`pushed molecular/m1/design at ${pushed.slice(0, 7)} (1 file changed)`);
    // The worktree is gone; the work lives on the branch.
    expect(await pathExists(first.outcome.workspace ?? '')).toBe(false);

    const second = await runWhole(w, 'build', host);
    expect(second.job.state.status).toBe('completed');
    expect(second.outcome.checkpoint?.filesModified).toEqual(['built.txt']);
    expect(await w.repo.git(['show', 'molecular/m1/build:built.txt'])).toBe(
      'login page\nbuild@m1 on molecular/m1/build',
    );
    expect((await w.stored()).status).toBe('complete');
  });

  it('a failing command fails the attempt with its last line, commits nothing and keeps the worktree', async () => {
    const w = await open(solo({ run: 'echo half > half.txt; echo "boom" >&2; exit 2' }));
    const finished = await runWhole(w, 's1');
    expect(finished.outcome.error?.code).toBe('step-command-failed');
    expect(finished.failure).toBe('the command exited with 2: boom');
    expect(finished.job.state).toMatchObject({ status: 'ready', error: 'the command exited with 2: boom' });
    expect(w.host.printed.join('')).toContain('boom');
    expect(await w.repo.git(['rev-parse', 'molecular/m1/s1'])).toBe(await w.repo.git(['rev-parse', 'main']));
    expect(await readFile(join(finished.outcome.workspace ?? '', 'half.txt'), 'utf8')).toBe('half\n');
  });

  it('the step timeout fails it with `step-timeout`', async () => {
    const w = await open(solo({ run: 'sleep 20', timeout: '300ms' }));
    const finished = await runWhole(w, 's1');
    expect(finished.outcome.error?.code).toBe('step-timeout');
    expect(finished.failure).toBe('the command timed out after 300ms');
  });

  it('a failed gate fails the step but keeps its commit on the branch', async () => {
    const w = await open(solo({ run: 'echo x > x.txt', gates: [{ type: 'files', paths: ['y.txt'] }] }));
    const finished = await runWhole(w, 's1');
    expect(finished.outcome.error?.code).toBe('gate-failed');
    expect(finished.failure).toMatch(/^files gate failed \(.*y\.txt/);
    expect(finished.job.state.status).toBe('ready');
    expect(finished.outcome.checkpoint?.commit).toBe(await w.repo.git(['rev-parse', 'molecular/m1/s1']));
  });

  it('gates a face must decide leave the step awaiting them', async () => {
    const w = await open(
      solo({
        run: 'true',
        gates: [
          { type: 'command', run: 'true' },
          { type: 'approval', permission: 'write' },
        ],
      }),
    );
    const finished = await runWhole(w, 's1');
    expect(finished.outcome.status).toBe('awaiting');
    expect(finished.job.state.status).toBe('awaiting_gate');
    expect(w.host.lines).toEqual([
      'running step "s1": true',
      expect.stringMatching(/^gate command: passed/),
      'gate approval: waiting — waiting for approval by someone with write permission',
    ]);
  });

  it('a local formula works in the working tree and leaves what was changed before out of the commit', async () => {
    const w = await open(solo({ run: 'echo local > local.txt' }, { execution: 'local' }));
    await writeFile(join(w.repo.dir, 'wip.txt'), 'a person’s work in progress\n');
    const finished = await runWhole(w, 's1');
    expect(finished.job.state.status).toBe('completed');
    expect(finished.outcome).toMatchObject({ branch: 'main', workspace: w.repo.dir });
    expect(await w.repo.git(['show', 'main:local.txt'])).toBe('local');
    expect(await w.repo.git(['status', '--porcelain'])).toBe('?? wip.txt');
  });

  it("records an agent's work in a job's checkout, even on a branch the agent switched to", async () => {
    const w = await open(solo({ gates: [{ type: 'files', paths: ['notes.md'] }] }));
    const host = testStepHost(w.store, w.repo, {
      place: { kind: 'checkout', workspace: w.repo.dir, scratchRoot: join(w.repo.root, 'scratch') },
      remote: 'origin',
      push: true,
    });
    const started = await startStep(await w.job('s1', host));
    if (!started.ok || started.value.kind !== 'started') throw new Error(JSON.stringify(started));
    await w.repo.git(['checkout', '-q', '-b', 'agent-scratch']);
    await w.repo.write('notes.md', 'done\n');
    const finished = await finishStep({ job: started.value.job, checkout: started.value.checkout });
    if (!finished.ok) throw new Error(finished.error.message);
    expect(finished.value.job.state.status).toBe('completed');
    expect(finished.value.outcome.checkpoint).toMatchObject({
      filesModified: ['notes.md'],
      testsPassed: true,
    });
    expect(await w.repo.git(['show', 'molecular/m1/s1:notes.md'], w.repo.remote)).toBe('done');
  });

  it("a run whose step was taken over meanwhile records nothing: the newer run's result counts", async () => {
    const w = await open(solo({ run: 'echo x > x.txt' }));
    const started = await startStep(await w.job('s1'));
    if (!started.ok || started.value.kind !== 'started') throw new Error(JSON.stringify(started));
    // Patrol judged run-1 gone; run-2 took the step over.
    const other = testStepHost(w.store, w.repo, { holder: 'test:2', runId: 'run-2' });
    await w.store.mutate('m1', (mol) => ({
      ok: true,
      value: {
        mol: {
          ...mol,
          rev: mol.rev + 1,
          steps: mol.steps.map((s) =>
            s.id === 's1'
              ? {
                  ...s,
                  lease: { holder: other.holder, runId: other.runId, expiresAt: '2026-03-01T13:00:00.000Z' },
                }
              : s,
          ),
        },
        effects: [],
      },
    }));
    const writes = w.store.writes;
    const { job, checkout } = started.value;
    const finished = await finishStep({ job, checkout, ran: await runStepCommand(job, checkout) });
    expect(finished.ok).toBe(false);
    if (!finished.ok) expect(finished.error.code).toBe('stale-report');
    expect(w.store.writes).toBe(writes);
  });

  it('a refused push fails the attempt, so its retries apply', async () => {
    const w = await open(solo({ run: 'echo x > x.txt' }));
    const host = testStepHost(w.store, w.repo, {
      remote: join(w.repo.root, 'no-such-remote.git'),
      push: true,
    });
    const finished = await runWhole(w, 's1', host);
    expect(finished.failure).toMatch(/^pushing molecular\/m1\/s1 to .*no-such-remote\.git failed/);
    expect(finished.job.state).toMatchObject({ status: 'ready', attempts: 1 });
  });
});

describe('a step sent back by a review', () => {
  it('gets the review in $MOL_REVIEW_FILE, outside the checkout', async () => {
    const w = await open(
      solo({ run: 'cp "$MOL_REVIEW_FILE" seen.txt; case "$MOL_REVIEW_FILE" in "$PWD"/*) exit 9;; esac' }),
    );
    const started = await startStep(await w.job('s1'));
    if (!started.ok || started.value.kind !== 'started') throw new Error(JSON.stringify(started));
    const { job, checkout } = started.value;
    const review = 'Review by @mona requesting changes:\n\nRename it.';
    const ran = await runStepCommand({ ...job, state: { ...job.state, review } }, checkout);
    if (!ran.ok) throw new Error(ran.error.message);
    expect(ran.value.exitCode).toBe(0);
    expect(await readFile(join(checkout.cwd, 'seen.txt'), 'utf8')).toBe(review);
  });
});
