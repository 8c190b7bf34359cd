/**
 * Found by the crash-at-every-write test (crash-action.test.ts): a distributed molecule whose very
 * first dispatch was lost — the pour's job killed after writing the state, or the first step's job
 * killed before it took its lease — is still `pending` (nothing has started), and patrol passed it
 * over: its ready step was never dispatched again. The same decision, engine-level and fast.
 */
import { describe, expect, it } from 'vitest';
import { transition } from '../../src/engine/molecule/ops/transition.js';
import { patrolDecisions, toEvent } from '../../src/engine/molecule/patrol-decisions.js';
import { MIN, makeProto, pourMol, protoStep, T0 } from '../helpers/engine-fixtures.js';

const proto = makeProto([protoStep('plan'), protoStep('build', ['plan'])], { execution: 'distributed' });

describe('patrol and a molecule whose first dispatch was lost', () => {
  it('re-dispatches the ready step of a pending distributed molecule', () => {
    const { mol } = pourMol(proto, { now: T0 });
    expect(mol.status).toBe('pending');
    expect(mol.steps.map((s) => s.status)).toEqual(['ready', 'pending']);
    const later = new Date(T0.getTime() + 31 * MIN);
    const actions = patrolDecisions({
      now: later,
      molecules: [{ proto, mol }],
      thresholds: { nudgeAfterMs: 120 * MIN, redispatchAfterMs: 30 * MIN },
    });
    expect(actions).toEqual([{ type: 'redispatch-ready', molId: mol.id, step: 'plan', readyMs: 31 * MIN }]);
    const event = toEvent(actions[0] as (typeof actions)[number]);
    const next = transition(proto, mol, event as NonNullable<typeof event>, later);
    expect(next.ok && next.value.effects.filter((e) => e.type === 'dispatch')).toEqual([
      expect.objectContaining({ type: 'dispatch', step: 'plan' }),
    ]);
    // Written (so the faces carry the dispatch out), and not again before the interval.
    expect(next.ok && next.value.mol).not.toBe(mol);
    if (!next.ok) return;
    const again = patrolDecisions({
      now: new Date(later.getTime() + MIN),
      molecules: [{ proto, mol: next.value.mol }],
      thresholds: { nudgeAfterMs: 120 * MIN, redispatchAfterMs: 30 * MIN },
    });
    expect(again).toEqual([]);
  });

  it('leaves a paused molecule alone', () => {
    const { mol } = pourMol(proto, { now: T0 });
    const paused = { ...mol, status: 'paused' as const };
    expect(
      patrolDecisions({
        now: new Date(T0.getTime() + 31 * MIN),
        molecules: [{ proto, mol: paused }],
        thresholds: { nudgeAfterMs: 120 * MIN, redispatchAfterMs: 30 * MIN },
      }),
    ).toEqual([]);
  });
});
