/**
 * The local store's journal line (src/local/store/molecule-delta.ts): for any change a reducer may
 * make — steps changed or replaced, history appended, trimmed or rewritten, optional fields set or
 * removed, or a whole new copy of the molecule — applying the diff to the old state gives the new
 * one, as JSON would store it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type HistoryEntry,
  type Molecule,
  STEP_STATUSES,
  type StepStatus,
} from '../../src/engine/molecule/molecule-schema.js';
import { adhocProto } from '../../src/engine/molecule/ops/adhoc-proto.js';
import type { MoleculeEvent } from '../../src/engine/molecule/ops/events.js';
import { pour } from '../../src/engine/molecule/ops/pour.js';
import { transition } from '../../src/engine/molecule/ops/transition.js';
import { applyDelta, diffMolecule } from '../../src/local/store/molecule-delta.js';
import { makeMolecule } from '../conformance/store-conformance.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const plain = (mol: Molecule) => JSON.parse(JSON.stringify(mol));

type Edit =
  | { kind: 'step'; at: number; status: StepStatus }
  | { kind: 'add'; n: number }
  | { kind: 'drop'; n: number }
  | { kind: 'summary'; text: string | null }
  | { kind: 'status' }
  | { kind: 'clone' }
  | { kind: 'steps' };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('step' as const), at: fc.nat(), status: fc.constantFrom(...STEP_STATUSES) }),
  fc.record({ kind: fc.constant('add' as const), n: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('drop' as const), n: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('summary' as const), text: fc.option(fc.string({ maxLength: 8 })) }),
  fc.constant({ kind: 'status' as const }),
  fc.constant({ kind: 'clone' as const }),
  fc.constant({ kind: 'steps' as const }),
);

function applyEdit(mol: Molecule, e: Edit, tick: number): Molecule {
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, tick)).toISOString();
  const next: Molecule = { ...mol, rev: mol.rev + 1, updatedAt: at };
  switch (e.kind) {
    case 'step': {
      if (mol.steps.length === 0) return next;
      const i = e.at % mol.steps.length;
      next.steps = mol.steps.map((s, k) =>
        k === i ? { ...s, status: e.status, attempts: s.attempts + 1 } : s,
      );
      return next;
    }
    case 'add': {
      const added: HistoryEntry[] = Array.from({ length: e.n }, (_, k) => ({ at, event: `e${tick}.${k}` }));
      next.history = mol.history.concat(added);
      return next;
    }
    case 'drop':
      next.history = mol.history.slice(e.n).concat([{ at, event: 'kept' }]);
      next.historyTrimmed = (mol.historyTrimmed ?? 0) + Math.min(e.n, mol.history.length);
      return next;
    case 'summary':
      if (e.text === null) delete next.summary;
      else next.summary = e.text;
      return next;
    case 'status':
      next.status = mol.status === 'in_progress' ? 'paused' : 'in_progress';
      return next;
    case 'clone':
      return { ...(JSON.parse(JSON.stringify(mol)) as Molecule), rev: mol.rev + 1, updatedAt: at };
    case 'steps':
      next.steps = mol.steps.slice(0, Math.max(0, mol.steps.length - 1));
      return next;
  }
}

function engineProto(size: number, needs: (i: number) => string[]) {
  const made = adhocProto({
    formula: 'delta-prop',
    steps: Array.from({ length: size }, (_, i) => ({ id: `s${i}`, title: `S${i}`, needs: needs(i) })),
  });
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

function poured(proto: ReturnType<typeof engineProto>): Molecule {
  const made = pour(proto, {
    id: 'm-engine',
    now: new Date(Date.UTC(2026, 0, 1)),
    vars: {},
    formula: { name: 'delta-prop', source: 'builtin@1' },
  });
  if (!made.ok) throw new Error(made.error.message);
  return made.value.mol;
}

/**
 * A write from `mol` to `next`, and a reader that replays its line: the diff validates unchanged,
 * the writer keeps the engine's molecule itself, and (when `compare`) the reader gets the same state.
 */
function write(mol: Molecule, next: Molecule, reader: Molecule, compare = true): Molecule {
  const applied = applyDelta(mol, diffMolecule(mol, next, 0), next);
  if (!applied.ok) throw new Error(applied.error.message);
  expect(applied.value.mol).toBe(next);
  const replayed = applyDelta(reader, JSON.parse(JSON.stringify(applied.value.delta)));
  if (!replayed.ok) throw new Error(replayed.error.message);
  if (compare) expect(plain(replayed.value.mol)).toEqual(plain(next));
  return replayed.value.mol;
}

describe('molecule delta', () => {
  it('applying the diff of a change to the old state gives the new state', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.array(edit, { maxLength: 25 }), (steps, edits) => {
        let mol = makeMolecule('m-prop', {}, steps);
        edits.forEach((e, tick) => {
          const next = applyEdit(mol, e, tick);
          const applied = applyDelta(mol, diffMolecule(mol, next, 0));
          expect(applied.ok).toBe(true);
          if (!applied.ok) return;
          expect(plain(applied.value.mol)).toEqual(plain(next));
          // The line, as written and read back, applies the same way.
          const reread = applyDelta(mol, JSON.parse(JSON.stringify(applied.value.delta)));
          expect(reread.ok && plain(reread.value.mol)).toEqual(plain(next));
          mol = applied.value.mol;
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('for molecules the engine built, the diff read off their lists replays to the same state, and the write keeps the engine molecule', () => {
    const kinds = ['start', 'complete', 'fail', 'skip', 'retry', 'pause', 'unpause'] as const;
    fc.assert(
      fc.property(
        // Past one trie leaf (32) and one level (1,024): the diff walks the levels the two share.
        fc.oneof(fc.integer({ min: 1, max: 40 }), fc.constantFrom(1025, 1100)),
        fc.array(fc.tuple(fc.constantFrom(...kinds), fc.nat()), { maxLength: 40 }),
        (size, events) => {
          const proto = engineProto(size, (i) => (i > 0 && i % 3 !== 0 ? [`s${i - 1}`] : []));
          let mol = poured(proto);
          let reader = plain(mol);
          events.forEach(([type, at], tick) => {
            const step = `s${at % size}`;
            const event = (
              type === 'pause' || type === 'unpause'
                ? { type }
                : type === 'fail'
                  ? { type, step, error: 'no' }
                  : { type, step }
            ) as MoleculeEvent;
            const next = transition(proto, mol, event, new Date(Date.UTC(2026, 0, 1, 0, 0, tick)));
            if (!next.ok || next.value.mol === mol) return;
            reader = write(mol, next.value.mol, reader);
            mol = next.value.mol;
          });
        },
      ),
      { numRuns: Math.max(20, RUNS / 10) },
    );
  });

  it('a long chain: the history trimmed and its buffer rebuilt, every line still replays', () => {
    const size = 700; // about 2,100 history entries: trimmed at 1,000, the buffer rebuilt twice
    const proto = engineProto(size, (i) => (i > 0 ? [`s${i - 1}`] : []));
    let mol = poured(proto);
    let reader = plain(mol);
    for (let i = 0; i < size; i++) {
      for (const type of ['start', 'complete'] as const) {
        const next = transition(proto, mol, { type, step: `s${i}` }, new Date(Date.UTC(2026, 0, 1, 0, 0, i)));
        if (!next.ok) throw new Error(next.error.message);
        // Compared whole now and then: each comparison costs the molecule's size.
        reader = write(mol, next.value.mol, reader, i % 50 === 0);
        mol = next.value.mol;
      }
    }
    expect(mol.status).toBe('complete');
    expect(plain(reader)).toEqual(plain(mol));
    expect(reader.historyTrimmed).toBeGreaterThan(1000);
  });

  it('keeps the built molecule only when a replay would give the same: an unknown key or another `v` is replayed instead', () => {
    const proto = engineProto(3, (i) => (i > 0 ? [`s${i - 1}`] : []));
    const mol = poured(proto);
    const next = transition(proto, mol, { type: 'start', step: 's0' }, new Date(Date.UTC(2026, 0, 2)));
    if (!next.ok) throw new Error(next.error.message);
    const built = next.value.mol;
    const extra = Object.assign(Object.create(null), built, { junk: 1 }) as Molecule;
    for (const odd of [extra, { ...built, v: 2 } as unknown as Molecule]) {
      const applied = applyDelta(mol, diffMolecule(mol, odd, 0), odd);
      expect(applied.ok).toBe(true);
      if (!applied.ok) continue;
      expect(applied.value.mol).not.toBe(odd);
      expect(applied.value.mol).not.toHaveProperty('junk');
      expect(applied.value.mol.v).toBe(mol.v);
      expect(plain(applied.value.mol).steps).toEqual(plain(built).steps);
    }
  });

  it('refuses a line that does not follow the revision it is applied to', () => {
    const mol = makeMolecule('m-gap');
    const applied = applyDelta(mol, { rev: 3, snap: 0 });
    expect(!applied.ok && applied.error.message).toMatch(/revision 3 does not follow 0/);
  });
});
