/**
 * The store conformance suite: every `MoleculeStore` — the local file store and the
 * GitHub comment store — must pass these same tests. Fixtures are built straight from
 * MoleculeSchema and changed by tiny reducers written here, so the suite depends on nothing but the
 * store interface.
 */
import { describe, expect, it } from 'vitest';
import { err, ok, type Result } from '../../src/engine/errors.js';
import type { Effect } from '../../src/engine/molecule/effects.js';
import {
  type ArchiveRecord,
  type Molecule,
  MoleculeSchema,
} from '../../src/engine/molecule/molecule-schema.js';
import type { MoleculeStore, Mutation, Mutator } from '../../src/engine/molecule/store.js';

export interface StoreUnderTest {
  store: MoleculeStore;
  cleanup(): Promise<void>;
  /** `n` independent store instances over the same storage as `store` (separate caches, clients, handles). */
  makeConcurrentStores?: (n: number) => Promise<MoleculeStore[]>;
}

export interface ConformanceOptions {
  /** How many writers race in the lost-update test (default 20). */
  concurrency?: number;
}

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

export function makeMolecule(id: string, overrides: Partial<Molecule> = {}, stepCount = 3): Molecule {
  return MoleculeSchema.parse({
    v: 1,
    id,
    title: `Molecule ${id}`,
    formula: { name: 'conformance', source: 'builtin@1' },
    vars: { feature: 'x' },
    kind: 'mol',
    status: 'in_progress',
    subject: { issue: 7 },
    base: { ref: 'main', sha: 'a'.repeat(40) },
    execution: 'local',
    rev: 0,
    createdAt: at(0),
    updatedAt: at(0),
    steps: Array.from({ length: stepCount }, (_, i) => ({
      id: `s${i}`,
      status: 'pending',
      attempts: 0,
      loops: 0,
    })),
    history: [],
    ...overrides,
  });
}

/** Appends one history entry and completes one step: the shape of every engine transition. */
export function completeStep(stepId: string, by: string): Mutator {
  return (current) => {
    const step = current.steps.find((s) => s.id === stepId);
    if (!step) return err('unknown-step', `no step ${stepId}`);
    if (step.status === 'completed') return err('invalid-transition', `${stepId} is already completed`);
    const mol: Molecule = {
      ...current,
      rev: current.rev + 1,
      updatedAt: at(current.rev + 1),
      steps: current.steps.map((s) =>
        s.id === stepId ? { ...s, status: 'completed', completedAt: at(1) } : s,
      ),
      history: [...current.history, { at: at(1), event: 'complete', step: stepId, by }],
    };
    const effects: Effect[] = [{ type: 'step-status', step: stepId, from: step.status, to: 'completed' }];
    return ok({ mol, effects });
  };
}

const refuse: Mutator = () => err('invalid-transition', 'refused on purpose');

function withStatus(status: Molecule['status'], effects: Effect[] = []): Mutator {
  return (current) => ok({ mol: { ...current, status, rev: current.rev + 1 }, effects });
}

function archiveRecordOf(mol: Molecule): ArchiveRecord {
  return {
    v: 1,
    id: mol.id,
    title: mol.title,
    formula: mol.formula,
    vars: mol.vars,
    subject: mol.subject,
    outcome: 'complete',
    summary: 'all done',
    steps: mol.steps.map((s) => ({ id: s.id, status: s.status, attempts: s.attempts })),
    metrics: { durationMs: 60_000, attempts: 3, retries: 0, loops: 0 },
    createdAt: mol.createdAt,
    squashedAt: at(10),
  };
}

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.value;
}

export function describeStoreConformance(
  name: string,
  makeStore: () => Promise<StoreUnderTest>,
  options: ConformanceOptions = {},
): void {
  const concurrency = options.concurrency ?? 20;

  describe(`MoleculeStore conformance: ${name}`, () => {
    const withStore = (fn: (subject: StoreUnderTest) => Promise<void>) => async () => {
      const subject = await makeStore();
      try {
        await fn(subject);
      } finally {
        await subject.cleanup();
      }
    };

    it(
      'creates a molecule and loads it back unchanged',
      withStore(async ({ store }) => {
        const mol = makeMolecule('m-create');
        expect(value(await store.create(mol))).toEqual(mol);
        expect(value(await store.load('m-create'))).toEqual(mol);
      }),
    );

    it(
      'refuses to create an id twice with `exists` and keeps the first',
      withStore(async ({ store }) => {
        const first = makeMolecule('m-twice', { title: 'first' });
        value(await store.create(first));
        const second = await store.create(makeMolecule('m-twice', { title: 'second' }));
        expect(second.ok).toBe(false);
        if (!second.ok) expect(second.error.code).toBe('exists');
        expect(value(await store.load('m-twice'))?.title).toBe('first');
      }),
    );

    it(
      'loads an unknown id as undefined',
      withStore(async ({ store }) => {
        expect(value(await store.load('m-nobody'))).toBeUndefined();
        expect(value(await store.loadArchive('m-nobody'))).toBeUndefined();
      }),
    );

    it(
      'mutates: the rev goes up by exactly one, the effects come back, the result is what load sees',
      withStore(async ({ store }) => {
        value(await store.create(makeMolecule('m-mutate')));
        const first = value(await store.mutate('m-mutate', completeStep('s0', 'alice')));
        expect(first.mol.rev).toBe(1);
        expect(first.effects).toEqual([
          { type: 'step-status', step: 's0', from: 'pending', to: 'completed' },
        ]);
        expect(value(await store.load('m-mutate'))).toEqual(first.mol);

        // A reducer that gets the rev wrong does not get to choose it.
        const sloppy: Mutator = (current) =>
          ok({ mol: { ...current, title: 'renamed', rev: 99 }, effects: [] });
        const second = value(await store.mutate('m-mutate', sloppy));
        expect(second.mol.rev).toBe(2);
        const loaded = value(await store.load('m-mutate'));
        expect(loaded?.rev).toBe(2);
        expect(loaded?.title).toBe('renamed');
        expect(loaded?.steps.find((s) => s.id === 's0')?.status).toBe('completed');
      }),
    );

    it(
      'a mutation that returns an error changes nothing and passes the error on',
      withStore(async ({ store }) => {
        value(await store.create(makeMolecule('m-refuse')));
        value(await store.mutate('m-refuse', completeStep('s0', 'alice')));
        const before = value(await store.load('m-refuse'));
        const result = await store.mutate('m-refuse', refuse);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error.code).toBe('invalid-transition');
        expect(value(await store.load('m-refuse'))).toEqual(before);
      }),
    );

    it(
      'a mutation whose result is not a valid molecule is refused and changes nothing',
      withStore(async ({ store }) => {
        value(await store.create(makeMolecule('m-invalid')));
        const before = value(await store.load('m-invalid'));
        const broken: Mutator = (current) =>
          ok({
            mol: { ...current, status: 'exploded' as Molecule['status'], rev: current.rev + 1 },
            effects: [],
          });
        const result = await store.mutate('m-invalid', broken);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error.code).toBe('state-invalid');
        expect(value(await store.load('m-invalid'))).toEqual(before);
      }),
    );

    it(
      'mutating an unknown id fails with `not-found`',
      withStore(async ({ store }) => {
        const result = await store.mutate('m-nobody', completeStep('s0', 'alice'));
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error.code).toBe('not-found');
      }),
    );

    it(
      'lists live molecules, filtered by status and kind',
      withStore(async ({ store }) => {
        value(await store.create(makeMolecule('m-a', { status: 'in_progress', createdAt: at(1) })));
        value(await store.create(makeMolecule('m-b', { status: 'complete', createdAt: at(2) })));
        value(
          await store.create(
            makeMolecule('w-c', { kind: 'wisp', status: 'in_progress', createdAt: at(3), expiresAt: at(60) }),
          ),
        );
        const ids = async (filter?: Parameters<MoleculeStore['list']>[0]) =>
          value(await store.list(filter))
            .map((m) => m.id)
            .sort();
        expect(await ids()).toEqual(['m-a', 'm-b', 'w-c']);
        expect(await ids({ status: ['in_progress'] })).toEqual(['m-a', 'w-c']);
        expect(await ids({ status: ['complete', 'failed'] })).toEqual(['m-b']);
        expect(await ids({ kind: 'wisp' })).toEqual(['w-c']);
        expect(await ids({ kind: 'mol', status: ['in_progress'] })).toEqual(['m-a']);
        expect(await ids({ status: [] })).toEqual([]);
      }),
    );

    it(
      'squash replaces the live state by its archive record',
      withStore(async ({ store }) => {
        const mol = makeMolecule('m-squash', { status: 'complete' });
        value(await store.create(mol));
        const record = archiveRecordOf(mol);
        const squashed = value(
          await store.mutate('m-squash', withStatus('squashed', [{ type: 'archive', record }])),
        );
        expect(squashed.mol.status).toBe('squashed');
        expect(squashed.effects).toEqual([{ type: 'archive', record }]);
        expect(value(await store.load('m-squash'))).toBeUndefined();
        expect(value(await store.loadArchive('m-squash'))).toEqual(record);
        expect(value(await store.list()).map((m) => m.id)).not.toContain('m-squash');
      }),
    );

    it(
      'a squash without an archive effect fails and keeps the molecule live',
      withStore(async ({ store }) => {
        value(await store.create(makeMolecule('m-noarchive', { status: 'complete' })));
        const before = value(await store.load('m-noarchive'));
        const result = await store.mutate('m-noarchive', withStatus('squashed'));
        expect(result.ok).toBe(false);
        expect(value(await store.load('m-noarchive'))).toEqual(before);
        expect(value(await store.loadArchive('m-noarchive'))).toBeUndefined();
      }),
    );

    it(
      'burn removes the molecule without an archive',
      withStore(async ({ store }) => {
        value(await store.create(makeMolecule('m-burn')));
        const burned = value(await store.mutate('m-burn', withStatus('burned')));
        expect(burned.mol.status).toBe('burned');
        expect(value(await store.load('m-burn'))).toBeUndefined();
        expect(value(await store.loadArchive('m-burn'))).toBeUndefined();
        const again = await store.mutate('m-burn', completeStep('s0', 'alice'));
        expect(again.ok).toBe(false);
      }),
    );

    it(
      'wisps are stored like molecules until they evaporate',
      withStore(async ({ store }) => {
        value(await store.create(makeMolecule('w-patrol', { kind: 'wisp', expiresAt: at(30) })));
        value(await store.mutate('w-patrol', completeStep('s0', 'patrol')));
        expect(value(await store.load('w-patrol'))?.kind).toBe('wisp');
        value(await store.mutate('w-patrol', withStatus('burned')));
        expect(value(await store.list({ kind: 'wisp' }))).toEqual([]);
      }),
    );

    it(
      `loses no update when ${concurrency} writers mutate one molecule at once`,
      withStore(async ({ store, makeConcurrentStores }) => {
        value(await store.create(makeMolecule('m-race', {}, concurrency)));
        const stores = makeConcurrentStores ? await makeConcurrentStores(Math.min(concurrency, 5)) : [store];
        const results = await Promise.all(
          Array.from({ length: concurrency }, (_, i) => {
            const writer = stores[i % stores.length] as MoleculeStore;
            return writer.mutate('m-race', completeStep(`s${i}`, `writer-${i}`));
          }),
        );
        const mutations = results.map(value) as Mutation[];
        // Each write saw the one before it: the revs are 1..N, each exactly once.
        expect(mutations.map((m) => m.mol.rev).sort((a, b) => a - b)).toEqual(
          Array.from({ length: concurrency }, (_, i) => i + 1),
        );
        const final = value(await store.load('m-race'));
        expect(final?.rev).toBe(concurrency);
        expect(final?.steps.every((s) => s.status === 'completed')).toBe(true);
        expect(final?.history.map((h) => h.by).sort()).toEqual(
          Array.from({ length: concurrency }, (_, i) => `writer-${i}`).sort(),
        );
      }),
    );
  });
}
