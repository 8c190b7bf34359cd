/**
 * The start half against real git (a working repository and its bare remote) and a memory store:
 * the lease, the checkout from the base or the merge of the needs' branches, the prompt.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResolvedMentions } from '../../../../src/engine/molecule/mentions.js';
import { pathExists } from '../../../../src/runner/path-exists.js';
import { startStep } from '../../../../src/shell/step/start-step.js';
import { readStepCheckout, STEP_BASE_REF } from '../../../../src/shell/step/step-checkout.js';
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

const forkJoin = (join: Partial<Parameters<typeof protoStep>[2]> = {}) =>
  makeProto(
    [
      protoStep('a', [], { run: 'true', output: 'a.md' }),
      protoStep('b', [], { run: 'true', output: 'b.md' }),
      protoStep('c', ['a', 'b'], { run: 'true', description: 'Join them.', ...join }),
    ],
    { execution: 'distributed' },
  );

describe('startStep', () => {
  it('takes the lease, merges the needs’ branches fetched from the remote, and names the inputs in the prompt', async () => {
    const w = await open(forkJoin());
    const mol = await w.stored();
    const host = testStepHost(w.store, w.repo, { remote: 'origin' });
    // Both parents completed elsewhere: their branches exist only on the remote.
    for (const id of ['a', 'b']) {
      const branch = `molecular/${mol.id}/${id}`;
      await w.repo.git(['checkout', '-q', '-b', branch, 'main']);
      await w.repo.write(`${id}.md`, `${id}\n`);
      await w.repo.commitAll(id);
      await w.repo.git(['push', '-q', 'origin', branch]);
      await w.repo.git(['checkout', '-q', 'main']);
      await w.repo.git(['branch', '-q', '-D', branch]);
      const started = await startStep(await w.job(id, host));
      expect(started.ok && started.value.kind).toBe('started');
      const recorded = await host.record(mol.id, w.proto, () => ({
        ok: true,
        value: { type: 'complete', step: id, gates: [], branch, by: host.holder },
      }));
      expect(recorded.ok).toBe(true);
    }

    const started = await startStep(await w.job('c', host));
    if (!started.ok || started.value.kind !== 'started') throw new Error(JSON.stringify(started));
    const { checkout, prompt, job } = started.value;
    expect(job.state).toMatchObject({ status: 'in_progress', lease: { holder: 'test:1', runId: 'run-1' } });
    expect((await w.stored()).steps.find((s) => s.id === 'c')?.status).toBe('in_progress');
    expect(checkout).toMatchObject({ kind: 'worktree', branch: `molecular/${mol.id}/c` });
    expect(await readFile(join(checkout.cwd, 'a.md'), 'utf8')).toBe('a\n');
    expect(await readFile(join(checkout.cwd, 'b.md'), 'utf8')).toBe('b\n');
    expect(prompt).toContain('Join them.');
    expect(prompt).toContain('- `a.md` (from step `a`)\n- `b.md` (from step `b`)');
  });

  it('leaves a step another live run holds alone, writing nothing', async () => {
    const w = await open(forkJoin());
    const first = await startStep(await w.job('a'));
    expect(first.ok && first.value.kind).toBe('started');
    const writes = w.store.writes;
    const other = testStepHost(w.store, w.repo, { holder: 'test:2', runId: 'run-2' });
    const second = await startStep(await w.job('a', other));
    if (!second.ok || second.value.kind !== 'nothing') throw new Error(JSON.stringify(second));
    expect(second.value.message).toMatch(/this job leaves it alone/);
    expect(w.store.writes).toBe(writes);
    expect((await w.stored()).steps[0]?.lease?.runId).toBe('run-1');
  });

  it('a re-run of the same run finds its own lease and carries on without a second start', async () => {
    const w = await open(forkJoin());
    await startStep(await w.job('a'));
    const writes = w.store.writes;
    const again = await startStep(await w.job('a'));
    expect(again.ok && again.value.kind).toBe('started');
    expect(w.store.writes).toBe(writes);
    expect((await w.stored()).steps[0]?.attempts).toBe(1);
  });

  it('fails the step, naming the path, when the needs’ branches conflict; nothing runs', async () => {
    const w = await open(forkJoin());
    const mol = await w.stored();
    for (const id of ['a', 'b']) {
      const branch = `molecular/${mol.id}/${id}`;
      const started = await startStep(await w.job(id));
      if (!started.ok || started.value.kind !== 'started') throw new Error(JSON.stringify(started));
      await w.repo.write('shared.txt', `${id}\n`, started.value.checkout.cwd);
      await w.repo.commitAll(id, started.value.checkout.cwd);
      await w.host.record(mol.id, w.proto, () => ({
        ok: true,
        value: { type: 'complete', step: id, gates: [], branch, by: w.host.holder },
      }));
    }
    const started = await startStep(await w.job('c'));
    if (!started.ok || started.value.kind !== 'failed') throw new Error(JSON.stringify(started));
    expect(started.value.error.code).toBe('merge-conflict');
    expect(started.value.error.diagnostics?.map((d) => d.file)).toEqual(['shared.txt']);
    const c = (await w.stored()).steps.find((s) => s.id === 'c');
    expect(c?.error).toContain('shared.txt');
    expect(c?.status).not.toBe('in_progress');
  });

  it("in a job's checkout: the step's branch is checked out there and its base kept for the finish half", async () => {
    const w = await open(forkJoin());
    const host = testStepHost(w.store, w.repo, {
      place: { kind: 'checkout', workspace: w.repo.dir, scratchRoot: join(w.repo.root, 'scratch') },
      remote: 'origin',
    });
    const started = await startStep(await w.job('a', host));
    if (!started.ok || started.value.kind !== 'started') throw new Error(JSON.stringify(started));
    const branch = `molecular/${(await w.stored()).id}/a`;
    expect(started.value.checkout).toMatchObject({ kind: 'checkout', cwd: w.repo.dir, branch });
    expect(await w.repo.git(['rev-parse', '--abbrev-ref', 'HEAD'])).toBe(branch);
    const main = await w.repo.git(['rev-parse', 'main']);
    expect(await w.repo.git(['rev-parse', STEP_BASE_REF])).toBe(main);
    expect(await readStepCheckout(w.repo.dir, branch)).toEqual(started.value.checkout);
    expect(await pathExists(join(w.repo.root, 'scratch', (await w.stored()).id, 'a'))).toBe(false);
  });

  it('asks the face for @mention context only when the step mentions something', async () => {
    const w = await open(
      makeProto([
        protoStep('plain', [], { run: 'true', description: 'No mentions here.' }),
        protoStep('mentions', ['plain'], { run: 'true', description: 'Follow @Style.' }),
      ]),
    );
    const asked: string[] = [];
    const mentions = async (text: string): Promise<ResolvedMentions> => {
      asked.push(text);
      return {
        items: [{ mention: '@Style', path: 'docs/style.md', content: 'Short lines.' }],
        unknown: [],
        missing: [],
      };
    };
    const host = testStepHost(w.store, w.repo, { mentions });
    const plain = await startStep(await w.job('plain', host));
    expect(plain.ok && plain.value.kind).toBe('started');
    expect(asked).toEqual([]);
    await host.record((await w.stored()).id, w.proto, () => ({
      ok: true,
      value: { type: 'complete', step: 'plain', gates: [], by: host.holder },
    }));
    const started = await startStep(await w.job('mentions', host));
    if (!started.ok || started.value.kind !== 'started') throw new Error(JSON.stringify(started));
    expect(asked).toHaveLength(1);
    expect(started.value.prompt).toContain('### Context @Style (from `docs/style.md`)\n\nShort lines.');
  });
});
