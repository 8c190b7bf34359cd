import { describe, expect, it } from 'vitest';
import { MolecularError } from '../../../src/engine/errors.js';
import type { Effect } from '../../../src/engine/molecule/effects.js';
import type { Molecule } from '../../../src/engine/molecule/molecule-schema.js';
import { createMoleculeManager } from '../../../src/shell/manager.js';
import { at, MIN, T0 } from '../../helpers/engine-fixtures.js';
import { MemoryStore } from '../../helpers/memory-store.js';

function setup(options: { defaultMaxRetries?: number; captureCheckpoints?: boolean } = {}) {
  const store = new MemoryStore();
  let clock = T0;
  let ids = 0;
  const seen: Array<{ effects: Effect[]; mol: Molecule }> = [];
  const manager = createMoleculeManager(store, {
    now: () => clock,
    newId: () => `mol-${++ids}`,
    onEffects: (effects, mol) => {
      seen.push({ effects, mol });
    },
    ...options,
  });
  return { store, manager, seen, tick: (ms: number) => (clock = new Date(clock.getTime() + ms)) };
}

const steps = [
  { id: 'step1', title: 'Setup database' },
  { id: 'step2', title: 'Add API endpoint', dependsOn: ['step1'] },
  { id: 'step3', title: 'Add tests', dependsOn: ['step2'] },
];
const checkpoint = {
  filesModified: ['db.ts'],
  gitCommit: 'abc123',
  testsPassed: true,
  notes: 'Step completed successfully',
};

describe('MoleculeManager (seed 000)', () => {
  it('createMolecule creates a molecule with steps, stored, with its formula inline', async () => {
    const { manager, store, seen } = setup();
    const mol = await manager.createMolecule('42', 'Auth Refactor', steps, {
      createdBy: 'agent-1',
      labels: ['refactor'],
    });
    expect(mol).toMatchObject({
      id: 'mol-1',
      title: 'Auth Refactor',
      status: 'pending',
      subject: { issue: 42 },
      vars: { parent_issue: '42' },
    });
    expect(mol.steps.map((s) => [s.id, s.status])).toEqual([
      ['step1', 'ready'],
      ['step2', 'pending'],
      ['step3', 'pending'],
    ]);
    expect(mol.formula.source).toMatchObject({
      inline: { formula: 'adhoc', steps: [{ id: 'step1', title: 'Setup database' }, {}, {}] },
    });
    expect(mol.history[0]).toMatchObject({ event: 'pour', by: 'agent-1' });
    const stored = await manager.loadMolecule('mol-1');
    expect(stored).toEqual(mol);
    expect(await store.loadArchive('mol-1')).toEqual({ ok: true, value: undefined });
    expect(seen[0]?.effects).toContainEqual({
      type: 'labels',
      add: ['molecule:active', 'refactor'],
      remove: [],
    });
  });

  it('without a clock or ids given, pours distinct random ids at the current time', async () => {
    const manager = createMoleculeManager(new MemoryStore());
    const before = Date.now();
    const one = await manager.createMolecule('p', 'W', steps);
    const two = await manager.createMolecule('p', 'W', steps);
    expect(one.id).toMatch(/^mol-[0-9a-f]{8}$/);
    expect(two.id).not.toBe(one.id);
    expect(Date.parse(one.createdAt)).toBeGreaterThanOrEqual(before);
  });

  it('advanceMolecule returns the first step with no dependencies, then the next after it completes', async () => {
    const { manager } = setup();
    const mol = await manager.createMolecule('p', 'W', steps);
    const first = await manager.advanceMolecule(mol);
    expect(first).toMatchObject({
      success: true,
      complete: false,
      nextStep: { id: 'step1', title: 'Setup database', state: 'ready' },
    });
    await manager.startStep(mol, 'step1');
    await manager.completeStep(mol, 'step1', checkpoint);
    const second = await manager.advanceMolecule(mol);
    expect(second.nextStep).toMatchObject({ id: 'step2', dependsOn: ['step1'] });
  });

  it('advanceMolecule returns no step while the only candidate is running', async () => {
    const { manager } = setup();
    const mol = await manager.createMolecule('p', 'W', steps);
    await manager.startStep(mol, 'step1');
    const result = await manager.advanceMolecule(mol);
    expect(result).toMatchObject({ success: true, complete: false, readySteps: [] });
    expect(result.nextStep).toBeUndefined();
  });

  it('startStep and completeStep record the transition and the checkpoint (gitCommit becomes commit)', async () => {
    const { manager, tick } = setup();
    const mol = await manager.createMolecule('p', 'W', steps);
    const started = await manager.startStep(mol, 'step1');
    expect(started.steps[0]).toMatchObject({ status: 'in_progress', attempts: 1 });
    tick(MIN);
    const done = await manager.completeStep(mol, 'step1', checkpoint);
    expect(done.steps[0]).toMatchObject({
      status: 'completed',
      checkpoint: {
        commit: 'abc123',
        filesModified: ['db.ts'],
        testsPassed: true,
        capturedAt: at(MIN).toISOString(),
      },
    });
  });

  it('does not record checkpoints when captureCheckpoints is off', async () => {
    const { manager } = setup({ captureCheckpoints: false });
    const mol = await manager.createMolecule('p', 'W', steps);
    const done = await manager.completeStep(mol, 'step1', checkpoint);
    expect(done.steps[0]?.checkpoint).toBeUndefined();
  });

  it('failStep retries on the first failure and fails the step after its retries are spent', async () => {
    const { manager } = setup({ defaultMaxRetries: 1 });
    const mol = await manager.createMolecule('p', 'W', steps);
    await manager.startStep(mol, 'step1');
    const once = await manager.failStep(mol, 'step1', 'connection refused');
    expect(once.steps[0]).toMatchObject({ status: 'ready', attempts: 1, error: 'connection refused' });
    expect((await manager.advanceMolecule(mol)).nextStep).toMatchObject({
      id: 'step1',
      retryCount: 1,
      maxRetries: 1,
    });
    await manager.startStep(mol, 'step1');
    const twice = await manager.failStep(mol, 'step1', 'connection refused again');
    expect(twice.steps[0]).toMatchObject({ status: 'failed', attempts: 2 });
    expect(twice.status).toBe('failed');
    expect(await manager.advanceMolecule(mol)).toMatchObject({
      success: false,
      complete: false,
      readySteps: [],
    });
  });

  it('a step’s own maxRetries wins over the default', async () => {
    const { manager } = setup({ defaultMaxRetries: 5 });
    const mol = await manager.createMolecule('p', 'W', [{ id: 'only', title: 'Only', maxRetries: 0 }]);
    await manager.startStep(mol, 'only');
    expect((await manager.failStep(mol, 'only', 'x')).status).toBe('failed');
  });

  it('advanceMolecule indicates completion when all steps are done', async () => {
    const { manager } = setup();
    const mol = await manager.createMolecule('p', 'W', steps);
    for (const step of steps) {
      await manager.startStep(mol, step.id);
      await manager.completeStep(mol, step.id, checkpoint);
    }
    expect(await manager.advanceMolecule(mol)).toMatchObject({
      success: true,
      complete: true,
      readySteps: [],
    });
  });

  it('resumeMolecule resumes from the step that was in progress at the crash', async () => {
    const { manager, store } = setup();
    const mol = await manager.createMolecule('p', 'W', steps);
    await manager.startStep(mol, 'step1');
    await manager.completeStep(mol, 'step1', checkpoint);
    await manager.startStep(mol, 'step2');
    // A new process: a fresh manager over the same store.
    const after = createMoleculeManager(store, { now: () => at(MIN), newId: () => 'unused' });
    const loaded = await after.loadMolecule(mol.id);
    expect(loaded).toBeDefined();
    const result = await after.resumeMolecule(loaded as Molecule);
    expect(result).toMatchObject({
      success: true,
      resumed: ['step2'],
      nextStep: { id: 'step2', title: 'Add API endpoint' },
    });
    expect(result.molecule.steps[0]).toMatchObject({ status: 'completed', checkpoint: { commit: 'abc123' } });
  });

  it('resumeMolecule leaves a step alone while its lease is live', async () => {
    const { manager } = setup();
    const mol = await manager.createMolecule('p', 'W', steps);
    await manager.startStep(mol, 'step1', { lease: { holder: 'worker-1', ttlMs: 10 * MIN } });
    const result = await manager.resumeMolecule(mol);
    expect(result.resumed).toEqual([]);
    expect(result.nextStep).toBeUndefined();
  });

  it('getMoleculeProgress calculates progress', async () => {
    const { manager } = setup();
    const mol = await manager.createMolecule('p', 'W', steps);
    await manager.completeStep(mol, 'step1', checkpoint);
    const current = await manager.startStep(mol, 'step2');
    expect(manager.getMoleculeProgress(current)).toEqual({
      total: 3,
      complete: 1,
      inProgress: 1,
      failed: 0,
      skipped: 0,
      blocked: 0,
      pending: 1,
      ready: 0,
      percentComplete: 33,
    });
  });

  it('throws MolecularError with a code and a sentence, and leaves the stored state as it was', async () => {
    const { manager, store } = setup();
    const mol = await manager.createMolecule('p', 'W', steps);
    const writes = store.writes;
    const error = await manager.startStep(mol, 'step3').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MolecularError);
    expect(error).toMatchObject({
      code: 'invalid-transition',
      message: 'step "step3" is pending; it cannot be started (it needs "step2" (pending))',
    });
    expect(store.writes).toBe(writes);
    await expect(manager.startStep('nope', 'step1')).rejects.toMatchObject({ code: 'not-found' });
    await expect(
      manager.createMolecule('p', 'Bad', [{ id: 'a', title: 'A', dependsOn: ['ghost'] }]),
    ).rejects.toMatchObject({
      code: 'invalid-proto',
    });
  });

  it('acts on the stored molecule, so a stale object passed in does no harm', async () => {
    const { manager } = setup();
    const stale = await manager.createMolecule('p', 'W', steps);
    await manager.completeStep(stale, 'step1', checkpoint);
    const next = await manager.completeStep(stale, 'step2', checkpoint);
    expect(next.steps.map((s) => s.status)).toEqual(['completed', 'completed', 'ready']);
  });

  it('a redelivered completion is recorded once and not written again', async () => {
    const { manager, store } = setup();
    const mol = await manager.createMolecule('p', 'W', steps);
    const once = await manager.completeStep(mol, 'step1', checkpoint);
    const writes = store.writes;
    const twice = await manager.completeStep(mol, 'step1', checkpoint);
    expect(twice).toEqual(once);
    expect(store.writes).toBe(writes);
  });

  it('completeStep with startNext completes and claims the next step in one write, all or nothing', async () => {
    const { manager, store } = setup();
    const mol = await manager.createMolecule('p', 'W', steps);
    await manager.startStep(mol, 'step1');
    const before = store.writes;
    const next = await manager.completeStep(mol, 'step1', checkpoint, { startNext: 'step2', by: 'agent' });
    expect(store.writes).toBe(before + 1);
    expect(next.steps.map((s) => s.status)).toEqual(['completed', 'in_progress', 'pending']);
    expect(next.history.slice(-3).map((h) => [h.event, h.step, h.by])).toEqual([
      ['complete', 'step1', 'agent'],
      ['ready', 'step2', undefined],
      ['start', 'step2', 'agent'],
    ]);

    // The redelivered report changes nothing: step1 is complete, step2 already started.
    expect(await manager.completeStep(mol, 'step1', checkpoint, { startNext: 'step2' })).toEqual(next);
    expect(store.writes).toBe(before + 1);

    // step3 is not ready until step2 completes: neither half is written.
    await expect(
      manager.completeStep(mol, 'step1', checkpoint, { startNext: 'step3' }),
    ).rejects.toMatchObject({
      code: 'invalid-transition',
    });
    await expect(manager.completeStep(mol, 'step2', checkpoint, { startNext: 'step1' })).rejects.toThrow(
      /step1/,
    );
    expect(await manager.loadMolecule(mol.id)).toEqual(next);
    expect(store.writes).toBe(before + 1);
  });

  it('needs resolveProto for molecules poured from a formula file', async () => {
    const { manager, store } = setup();
    const mol = await manager.createMolecule('p', 'W', steps);
    const data = (await store.load(mol.id)) as { ok: true; value: Molecule };
    const pinned = { ...data.value, id: 'pinned', formula: { name: 'shiny', source: 'builtin@1' } };
    await store.create(pinned);
    await expect(manager.startStep('pinned', 'step1')).rejects.toMatchObject({ code: 'no-proto' });
  });

  it('apply squashes into an archive record', async () => {
    const { manager, store } = setup();
    const mol = await manager.createMolecule('p', 'W', [{ id: 'a', title: 'A' }]);
    await manager.completeStep(mol, 'a', checkpoint);
    const squashed = await manager.apply(mol, { type: 'squash', by: 'me' });
    expect(squashed.status).toBe('squashed');
    expect(await manager.loadMolecule(mol.id)).toBeUndefined();
    const archive = await store.loadArchive(mol.id);
    expect(archive).toMatchObject({
      ok: true,
      value: { outcome: 'complete', summary: 'W: 1 of 1 steps completed in 0ms (complete)' },
    });
  });
});
