import { describe, expect, it } from 'vitest';
import type { Proto } from '../../../../src/engine/cook/proto.js';
import type { Molecule } from '../../../../src/engine/molecule/molecule-schema.js';
import { transition } from '../../../../src/engine/molecule/ops/transition.js';
import {
  type PatrolAction,
  type PatrolInput,
  patrolDecisions,
  toEvent,
} from '../../../../src/engine/molecule/patrol-decisions.js';
import { apply, at, MIN, makeProto, pourMol, protoStep, run } from '../../../helpers/engine-fixtures.js';

const proto = makeProto([
  protoStep('quick'),
  protoStep('slow', [], { timeout: '30m' }),
  protoStep('leased'),
  protoStep('idle'),
]);
const thresholds = { nudgeAfterMs: 20 * MIN };

function busy(): Molecule {
  return run(proto, pourMol(proto).mol, [
    { type: 'start', step: 'slow' },
    { type: 'start', step: 'leased', lease: { holder: 'actions', runId: 'run-7', ttlMs: 60 * MIN } },
    { type: 'start', step: 'idle' },
  ]);
}

/** Apply every action's event, as a face would; return the molecules after. */
function carryOut(molecules: Array<{ proto: Proto; mol: Molecule }>, actions: PatrolAction[], now: Date) {
  return molecules.map(({ proto: p, mol }) => {
    let current = mol;
    for (const action of actions.filter((a) => a.molId === mol.id)) {
      const event = toEvent(action);
      if (!event) continue;
      const result = transition(p, current, event, now);
      if (!result.ok) throw new Error(result.error.message);
      current = result.value.mol;
    }
    return { proto: p, mol: current };
  });
}

describe('patrolDecisions', () => {
  it('finds nothing to do where nothing is stuck', () => {
    const input: PatrolInput = {
      now: at(5 * MIN),
      molecules: [{ proto, mol: busy() }],
      thresholds,
      liveRuns: new Set(['run-7']),
    };
    expect(patrolDecisions(input)).toEqual([]);
  });

  it('times out, nudges, redispatches gone runs and releases stale locks', () => {
    const input: PatrolInput = {
      now: at(31 * MIN),
      molecules: [{ proto, mol: busy() }],
      thresholds,
      liveRuns: new Set(),
      locks: [
        { molId: 'm1', expiresAt: at(30 * MIN).toISOString() },
        { molId: 'm2', expiresAt: at(40 * MIN).toISOString() },
      ],
    };
    expect(patrolDecisions(input)).toEqual([
      { type: 'timeout', molId: 'm1', step: 'slow' },
      { type: 'redispatch', molId: 'm1', step: 'leased', runId: 'run-7' },
      { type: 'nudge', molId: 'm1', step: 'idle', idleMs: 31 * MIN },
      { type: 'release-lock', molId: 'm1' },
    ]);
  });

  it('does not redispatch when it does not know which runs are alive', () => {
    const actions = patrolDecisions({ now: at(10 * MIN), molecules: [{ proto, mol: busy() }], thresholds });
    expect(actions.filter((a) => a.type === 'redispatch')).toEqual([]);
  });

  it('expires leases past their time and applies the default timeout to steps without their own', () => {
    const actions = patrolDecisions({
      now: at(61 * MIN),
      molecules: [{ proto, mol: busy() }],
      thresholds: { nudgeAfterMs: 20 * MIN, defaultTimeoutMs: 2 * 60 * MIN },
    });
    expect(actions).toContainEqual({ type: 'expire-lease', molId: 'm1', step: 'leased' });
    expect(actions).toContainEqual({ type: 'timeout', molId: 'm1', step: 'slow' });
    expect(
      patrolDecisions({
        now: at(121 * MIN),
        molecules: [{ proto, mol: busy() }],
        thresholds: { nudgeAfterMs: 20 * MIN, defaultTimeoutMs: 120 * MIN },
      }),
    ).toContainEqual({ type: 'timeout', molId: 'm1', step: 'idle' });
  });

  it('is idempotent: once its actions are carried out, the same patrol finds nothing more', () => {
    const now = at(31 * MIN);
    const molecules = [{ proto, mol: busy() }];
    const first = patrolDecisions({ now, molecules, thresholds, liveRuns: new Set() });
    expect(first.length).toBeGreaterThan(0);
    const after = carryOut(molecules, first, now);
    expect(patrolDecisions({ now, molecules: after, thresholds, liveRuns: new Set() })).toEqual([]);
    // A nudge is repeated only once nudgeAfterMs has passed since the last one.
    expect(patrolDecisions({ now: at(45 * MIN), molecules: after, thresholds, liveRuns: new Set() })).toEqual(
      [],
    );
    expect(patrolDecisions({ now: at(52 * MIN), molecules: after, thresholds, liveRuns: new Set() })).toEqual(
      [{ type: 'nudge', molId: 'm1', step: 'idle', idleMs: 52 * MIN }],
    );
  });

  it('evaporates expired wisps whatever their state, and leaves paused molecules alone', () => {
    const wisp = pourMol(proto, { id: 'w1', kind: 'wisp', ttlMs: 10 * MIN }).mol;
    const paused = apply(proto, busy(), { type: 'pause' }).mol;
    const actions = patrolDecisions({
      now: at(60 * MIN),
      molecules: [
        { proto, mol: wisp },
        { proto, mol: paused },
      ],
      thresholds,
    });
    expect(actions).toEqual([{ type: 'evaporate', molId: 'w1' }]);
    const [gone] = carryOut([{ proto, mol: wisp }], actions, at(60 * MIN));
    expect(gone?.mol.status).toBe('burned');
  });

  it('maps actions to events; release-lock is the store’s business', () => {
    expect(toEvent({ type: 'expire-lease', molId: 'm', step: 's' })).toEqual({
      type: 'release',
      step: 's',
      by: 'patrol',
    });
    expect(toEvent({ type: 'redispatch', molId: 'm', step: 's', runId: 'r' })).toEqual({
      type: 'release',
      step: 's',
      runId: 'r',
      by: 'patrol',
    });
    expect(toEvent({ type: 'release-lock', molId: 'm' })).toBeUndefined();
  });

  it('dispatches again a ready step of a distributed molecule that nobody started, once per interval', () => {
    const dproto = makeProto([protoStep('a'), protoStep('b', ['a'])], { execution: 'distributed' });
    const mol = run(dproto, pourMol(dproto).mol, [
      { type: 'start', step: 'a' },
      { type: 'complete', step: 'a' },
    ]);
    expect(mol.steps.map((s) => s.status)).toEqual(['completed', 'ready']);
    const t = { ...thresholds, redispatchAfterMs: 10 * MIN };
    const early = patrolDecisions({ now: at(5 * MIN), molecules: [{ proto: dproto, mol }], thresholds: t });
    expect(early).toEqual([]);

    const late = patrolDecisions({ now: at(15 * MIN), molecules: [{ proto: dproto, mol }], thresholds: t });
    expect(late).toEqual([{ type: 'redispatch-ready', molId: 'm1', step: 'b', readyMs: 15 * MIN }]);
    const result = transition(dproto, mol, toEvent(late[0] as PatrolAction) as never, at(15 * MIN));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.effects).toContainEqual({ type: 'dispatch', step: 'b', baseBranches: [] });
    expect(result.value.mol.steps[1]?.status).toBe('ready');

    // Right after: nothing (the redispatch was recorded); after another interval: again.
    const after = [{ proto: dproto, mol: result.value.mol }];
    expect(patrolDecisions({ now: at(16 * MIN), molecules: after, thresholds: t })).toEqual([]);
    expect(patrolDecisions({ now: at(26 * MIN), molecules: after, thresholds: t })).toHaveLength(1);
    // Local molecules run in one job; nothing to redispatch there.
    const local = makeProto([protoStep('a'), protoStep('b', ['a'])]);
    const localMol = run(local, pourMol(local).mol, [
      { type: 'start', step: 'a' },
      { type: 'complete', step: 'a' },
    ]);
    expect(
      patrolDecisions({ now: at(60 * MIN), molecules: [{ proto: local, mol: localMol }], thresholds: t }),
    ).toEqual([]);
  });
});
