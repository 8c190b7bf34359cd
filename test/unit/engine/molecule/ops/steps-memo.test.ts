/**
 * The engine remembers only the last steps array it built (steps-memo.ts): a molecule handed back
 * out of turn, or with another proto, must be treated exactly as a fresh one would be; a copy of
 * the array (the same step objects) counts as the array, a copy with any step swapped does not.
 */
import { describe, expect, it } from 'vitest';
import type { Molecule } from '../../../../../src/engine/molecule/molecule-schema.js';
import type { MoleculeEvent } from '../../../../../src/engine/molecule/ops/events.js';
import { transition } from '../../../../../src/engine/molecule/ops/transition.js';
import { at, chainProto, deepFreeze, pourMol } from '../../../../helpers/engine-fixtures.js';

const proto = chainProto(3);

function apply(mol: Molecule, event: MoleculeEvent, t: number): Molecule {
  const next = transition(proto, deepFreeze(mol), event, at(t));
  if (!next.ok) throw new Error(next.error.message);
  return next.value.mol;
}

describe('steps memo', () => {
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

  it('a copy of the steps just built counts as them; a copy with one step swapped is checked afresh', () => {
    const mol = apply(pourMol(proto).mol, { type: 'start', step: 's0' }, 1);
    const copy = { ...mol, steps: mol.steps.slice() };
    expect(apply(copy, { type: 'complete', step: 's0' }, 2)).toEqual(
      apply(JSON.parse(JSON.stringify(mol)), { type: 'complete', step: 's0' }, 2),
    );
    const built = apply(pourMol(proto).mol, { type: 'start', step: 's0' }, 1);
    const swapped = { ...built, steps: built.steps.map((s, i) => (i === 2 ? { ...s, id: 'other' } : s)) };
    expect(transition(proto, swapped, { type: 'complete', step: 's0' }, at(2))).toMatchObject({
      ok: false,
      error: { code: 'proto-mismatch' },
    });
  });
});
