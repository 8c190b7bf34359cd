import { describe, expect, it } from 'vitest';
import type { Proto } from '../../../../src/engine/cook/proto.js';
import { REDELIVERY_TRIES, redeliveryHint } from '../../../../src/engine/molecule/delivery.js';
import type { Molecule } from '../../../../src/engine/molecule/molecule-schema.js';
import { conflictSentence } from '../../../../src/engine/molecule/ops/delivered.js';
import {
  type PatrolInput,
  patrolDecisions,
  toEvent,
} from '../../../../src/engine/molecule/patrol-decisions.js';
import { moleculeLabel, STATUS_LABELS } from '../../../../src/engine/molecule/status-labels.js';
import { apply, at, MIN, makeProto, pourMol, protoStep, run } from '../../../helpers/engine-fixtures.js';

const PR = {
  title: 'T',
  body: '',
  draft: true,
  labels: [],
  reviewers: [],
  teamReviewers: [],
  closesIssue: true,
};
const steps = [protoStep('plan'), protoStep('code', ['plan'])];
const done = (step: string) => ({ type: 'complete' as const, step, branch: `molecular/m1/${step}` });
const GRACE = 30 * MIN;
const thresholds = { nudgeAfterMs: 24 * 60 * MIN, redeliverAfterMs: GRACE };
const proto = makeProto(steps, { pullRequest: PR });

/** Complete at T0, its delivery asked for and never recorded (the job died, or GitHub said 502). */
function undelivered(p: Proto = proto): Molecule {
  return run(p, pourMol(p).mol, [done('plan'), done('code')]);
}

const decide = (mol: Molecule, now: Date, p: Proto = proto, more: PatrolInput['thresholds'] = thresholds) =>
  patrolDecisions({ now, molecules: [{ proto: p, mol }], thresholds: more });

/** Patrol's redeliver at `now`, as a face applies it. */
function redeliver(mol: Molecule, now: Date) {
  const [action] = decide(mol, now);
  expect(action?.type).toBe('redeliver');
  const event = toEvent(action as NonNullable<typeof action>);
  return apply(proto, mol, event as NonNullable<typeof event>, now);
}

describe('patrol delivers again work whose delivery never happened', () => {
  it('marks the delivery due with the completion, and the complete molecule keeps the active label', () => {
    const before = run(proto, pourMol(proto).mol, [done('plan')]);
    const last = apply(proto, before, done('code'));
    expect(last.mol.status).toBe('complete');
    expect(last.mol.delivery).toEqual({ branch: 'molecular/m1/-result', due: at(0).toISOString() });
    expect(last.effects.some((e) => e.type === 'deliver')).toBe(true);
    // Patrol's survey searches by molecule:active; the status's own label change gives way.
    expect(moleculeLabel(last.mol)).toBe(STATUS_LABELS.active);
    expect(last.effects.filter((e) => e.type === 'labels')).toEqual([]);
  });

  it('waits the grace period, so the job delivering it now is never raced', () => {
    const mol = undelivered();
    expect(decide(mol, at(GRACE - 1))).toEqual([]);
    expect(decide(mol, at(GRACE))).toEqual([{ type: 'redeliver', molId: 'm1', try: 1 }]);
    // A face without the threshold never redelivers.
    expect(decide(mol, at(100 * GRACE), proto, { nudgeAfterMs: thresholds.nudgeAfterMs })).toEqual([]);
  });

  it('delivers again with the same branches, counts the try, and backs off twice as long each time', () => {
    let mol = undelivered();
    const first = redeliver(mol, at(GRACE));
    expect(first.effects).toContainEqual({ type: 'deliver', step: 'code', branches: ['molecular/m1/code'] });
    expect(first.mol.delivery).toMatchObject({ tries: 1, triedAt: at(GRACE).toISOString() });
    expect(first.mol.history.at(-1)).toMatchObject({ event: 'redeliver', by: 'patrol', note: 'try 1' });
    expect(first.mol.status).toBe('complete');
    mol = first.mol;
    expect(decide(mol, at(GRACE + 2 * GRACE - 1))).toEqual([]);
    expect(decide(mol, at(3 * GRACE))).toEqual([{ type: 'redeliver', molId: 'm1', try: 2 }]);
    expect(redeliveryHint(mol)).toContain(`try 2 of ${REDELIVERY_TRIES}`);
  });

  it(`stops after ${REDELIVERY_TRIES} tries and says a person must ask`, () => {
    let mol = undelivered();
    let now = 0;
    for (let i = 0; i < REDELIVERY_TRIES; i++) {
      now += GRACE * 2 ** i;
      mol = redeliver(mol, at(now)).mol;
    }
    expect(mol.delivery?.tries).toBe(REDELIVERY_TRIES);
    expect(decide(mol, at(now + 1000 * GRACE))).toEqual([]);
    expect(redeliveryHint(mol)).toBe(
      `patrol tried ${REDELIVERY_TRIES} times and stops here: comment /mol deliver to try again once that is fixed`,
    );
  });

  it('stops once the delivery is recorded, and the molecule then shows complete', () => {
    const mol = undelivered();
    const delivered = apply(proto, mol, {
      type: 'delivered',
      delivery: { branch: 'molecular/m1/-result', pr: 7, state: 'open' },
    });
    expect(delivered.mol.delivery).toEqual({ branch: 'molecular/m1/-result', pr: 7, state: 'open' });
    expect(delivered.effects).toContainEqual({
      type: 'labels',
      add: [STATUS_LABELS.complete],
      remove: [STATUS_LABELS.active],
    });
    expect(decide(delivered.mol, at(100 * GRACE))).toEqual([]);
    // A decision made before the late job recorded it changes nothing.
    const stale = apply(proto, delivered.mol, { type: 'redeliver', by: 'patrol' }, at(GRACE));
    expect(stale.mol).toBe(delivered.mol);
    expect(stale.effects.some((e) => e.type === 'deliver')).toBe(false);
  });

  it('never retries a merge conflict: the step fails and nothing is due', () => {
    const mol = undelivered();
    const failed = apply(proto, mol, {
      type: 'delivery-failed',
      step: 'code',
      error: conflictSentence('code', 'molecular/m1/-result', ['a.txt']),
    }).mol;
    expect(failed.status).toBe('failed');
    expect(failed.delivery?.due).toBeUndefined();
    expect(moleculeLabel(failed)).toBe(STATUS_LABELS.failed);
    expect(decide(failed, at(100 * GRACE))).toEqual([]);
  });

  it('redelivers a molecule still in progress once its `after` step is done; a pull request already open is not patrolled', () => {
    const after = makeProto([...steps, protoStep('docs', ['code'])], {
      pullRequest: { ...PR, after: 'plan' },
    });
    const mol = run(after, pourMol(after).mol, [done('plan')]);
    expect(mol.status).toBe('in_progress');
    expect(decide(mol, at(GRACE), after)).toEqual([{ type: 'redeliver', molId: 'm1', try: 1 }]);
    const opened = apply(after, mol, {
      type: 'delivered',
      delivery: { branch: 'molecular/m1/-result', pr: 3 },
    }).mol;
    const later = apply(after, opened, done('code'));
    expect(later.effects.some((e) => e.type === 'deliver')).toBe(true);
    expect(later.mol.delivery?.due).toBeUndefined();
  });

  it('leaves a paused molecule alone', () => {
    const after = makeProto([...steps, protoStep('docs', ['code'])], {
      pullRequest: { ...PR, after: 'plan' },
    });
    const paused = run(after, pourMol(after).mol, [done('plan'), { type: 'pause', by: 'mona' }]);
    expect(paused.status).toBe('paused');
    expect(decide(paused, at(100 * GRACE), after)).toEqual([]);
  });
});
