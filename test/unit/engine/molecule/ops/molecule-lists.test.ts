/**
 * Molecules the engine builds keep their steps and history as persistent lists behind accessors
 * (molecule-lists.ts): to everything outside the engine they must be the plain molecule they
 * always were (JSON, copies, equality, key order, freezing), each keeps its own state whatever
 * is derived from it later, and what the engine remembers on them (the proto they match, where
 * an open step was) must never make it treat a molecule differently from a fresh copy of it.
 */
import { describe, expect, it } from 'vitest';
import { type Molecule, MoleculeSchema } from '../../../../../src/engine/molecule/molecule-schema.js';
import type { MoleculeEvent } from '../../../../../src/engine/molecule/ops/events.js';
import { transition } from '../../../../../src/engine/molecule/ops/transition.js';
import { at, chainProto, deepFreeze, pourMol } from '../../../../helpers/engine-fixtures.js';

const proto = chainProto(3);

function apply(mol: Molecule, event: MoleculeEvent, t: number): Molecule {
  const next = transition(proto, deepFreeze(mol), event, at(t));
  if (!next.ok) throw new Error(next.error.message);
  return next.value.mol;
}

describe('what the engine remembers on a molecule', () => {
  it('an older molecule handed back after newer ones gives what it gave the first time', () => {
    const poured = pourMol(proto).mol;
    const started = apply(poured, { type: 'start', step: 's0' }, 1);
    const first = apply(started, { type: 'complete', step: 's0' }, 2);
    apply(apply(first, { type: 'start', step: 's1' }, 3), { type: 'complete', step: 's1' }, 4);
    expect(apply(started, { type: 'complete', step: 's0' }, 2)).toEqual(first);
    // And a JSON copy (never remembered) gives the same again.
    expect(apply(JSON.parse(JSON.stringify(started)), { type: 'complete', step: 's0' }, 2)).toEqual(first);
  });

  it('the molecule just built is still checked against another proto', () => {
    const mol = apply(pourMol(proto).mol, { type: 'start', step: 's0' }, 1);
    const other = chainProto(2);
    expect(transition(other, mol, { type: 'complete', step: 's0' }, at(2))).toMatchObject({
      ok: false,
      error: { code: 'proto-mismatch' },
    });
  });

  it('the last step completing settles the molecule whichever molecule came before', () => {
    let mol = pourMol(proto).mol;
    const kept: Molecule[] = [];
    let t = 0;
    for (const id of ['s0', 's1', 's2']) {
      for (const type of ['start', 'complete'] as const) {
        kept.push(mol);
        mol = apply(mol, { type, step: id }, ++t);
      }
    }
    expect(mol.status).toBe('complete');
    const beforeLast = kept.at(-1) as Molecule;
    apply(kept[0] as Molecule, { type: 'start', step: 's0' }, ++t);
    expect(apply(beforeLast, { type: 'complete', step: 's2' }, 6).status).toBe('complete');
  });
});

/** Every state of the 3-step chain run to completion, each as the engine handed it over. */
function run(): Molecule[] {
  const states = [pourMol(proto).mol];
  let t = 0;
  for (const id of ['s0', 's1', 's2']) {
    for (const type of ['start', 'complete'] as const) {
      const next = transition(proto, states.at(-1) as Molecule, { type, step: id }, at(++t));
      if (!next.ok) throw new Error(next.error.message);
      states.push(next.value.mol);
    }
  }
  return states;
}

const plain = (mol: Molecule): Molecule => JSON.parse(JSON.stringify(mol)) as Molecule;

describe('an engine-built molecule, from outside', () => {
  it('is the plain molecule it stands for: JSON, structuredClone, spreads, zod and equality agree', () => {
    const mol = run()[3] as Molecule;
    const json = plain(mol);
    expect(mol).toStrictEqual(json);
    expect(structuredClone(mol)).toStrictEqual(json);
    expect({ ...mol }).toStrictEqual(json);
    expect(MoleculeSchema.parse(mol)).toStrictEqual(json);
    expect(Array.isArray(mol.steps) && Array.isArray(mol.history)).toBe(true);
    expect(Object.keys(mol)).toEqual(Object.keys(MoleculeSchema.shape).filter((k) => k in json));
    expect(Object.getOwnPropertySymbols(mol)).toEqual([]);
  });

  it('keeps every field the schema has through transitions (a field added to the schema must be carried)', () => {
    // Every optional field set: a field moleculeWith does not copy would vanish here.
    const full: Molecule = {
      ...plain(pourMol(proto).mol),
      kind: 'wisp',
      expiresAt: at(99).toISOString(),
      loop: { root: 'm0', round: 2 },
      historyTrimmed: 3,
      summary: 'so far',
      budget: { usd: 5 },
      budgetStop: { step: 's2', message: 'spent' },
      delivery: { branch: 'molecular/m1/-result', pr: 3 },
    };
    const unknown = Object.keys(MoleculeSchema.shape).filter((k) => !(k in full));
    expect(unknown).toEqual([]);
    const twice = apply(apply(full, { type: 'start', step: 's0' }, 1), { type: 'complete', step: 's0' }, 2);
    expect(Object.keys(plain(twice))).toEqual(Object.keys(MoleculeSchema.shape));
    expect(plain(twice)).toMatchObject({
      expiresAt: full.expiresAt,
      loop: { root: 'm0', round: 2 },
      historyTrimmed: 3,
      summary: 'so far',
    });
  });

  it('reads the same arrays each time, and frozen it still reads', () => {
    const mol = run()[2] as Molecule;
    expect(mol.steps).toBe(mol.steps);
    expect(mol.history).toBe(mol.history);
    const frozen = deepFreeze(run()[1] as Molecule);
    expect(frozen.steps.map((s) => s.status)).toEqual(['in_progress', 'pending', 'pending']);
  });

  it('keeps its own state when read only after everything derived from it', () => {
    const states = run();
    const fresh = run().map(plain);
    // Read oldest last: the history buffer and step nodes were shared and appended to since.
    for (let k = states.length - 1; k >= 0; k--) expect(states[k]).toStrictEqual(fresh[k]);
    expect(states.map((m) => m.history.length)).toEqual(fresh.map((m) => m.history.length));
  });

  it('with a list assigned, the next transition works on what was assigned', () => {
    const edited = { ...(run()[1] as Molecule) }; // s0 in progress
    const direct = run()[1] as Molecule;
    direct.steps = edited.steps.map((s) => (s.id === 's0' ? { ...s, status: 'failed' as const } : s));
    direct.history = [];
    expect(direct.steps[0]?.status).toBe('failed');
    const next = transition(proto, direct, { type: 'retry', step: 's0' }, at(10));
    if (!next.ok) throw new Error(next.error.message);
    expect(next.value.mol.steps[0]?.status).toBe('ready');
    expect(next.value.mol.history.map((e) => e.event)).toEqual(['retry']);
  });
});
