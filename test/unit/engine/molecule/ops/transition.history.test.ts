/**
 * History past its limit: every transition keeps the newest HISTORY_LIMIT entries of the whole
 * log, counts the rest in `historyTrimmed`, and leaves the (frozen) molecule it was given as it was.
 */
import { describe, expect, it } from 'vitest';
import type { HistoryEntry, Molecule } from '../../../../../src/engine/molecule/molecule-schema.js';
import { HISTORY_LIMIT } from '../../../../../src/engine/molecule/ops/draft.js';
import { transition } from '../../../../../src/engine/molecule/ops/transition.js';
import { at, chainProto, deepFreeze, pourMol } from '../../../../helpers/engine-fixtures.js';

const logged = (mol: Molecule) => mol.history.length + (mol.historyTrimmed ?? 0);

describe('history limit', () => {
  it('keeps the newest entries of the whole log across a run that overflows it several times', () => {
    const steps = Math.ceil((HISTORY_LIMIT * 2) / 3) + 7;
    const proto = chainProto(steps);
    let mol = pourMol(proto).mol;
    const log: HistoryEntry[] = [...mol.history];
    let t = 0;
    for (let i = 0; i < steps; i++) {
      for (const type of ['start', 'complete'] as const) {
        const before = deepFreeze(mol);
        const length = before.history.length;
        const next = transition(proto, before, { type, step: `s${i}` }, at(++t));
        if (!next.ok) throw new Error(next.error.message);
        const added = logged(next.value.mol) - logged(before);
        expect(added).toBeGreaterThan(0);
        log.push(...next.value.mol.history.slice(-added));
        expect(next.value.mol.history).toEqual(log.slice(-HISTORY_LIMIT));
        expect(logged(next.value.mol)).toBe(log.length);
        expect(before.history).toHaveLength(length);
        mol = next.value.mol;
      }
    }
    expect(mol.status).toBe('complete');
    expect(log.length).toBeGreaterThan(2 * HISTORY_LIMIT);
    expect(mol.historyTrimmed).toBe(log.length - HISTORY_LIMIT);
  });
});
