import { describe, expect, it } from 'vitest';
import { transition } from '../../../../../src/engine/molecule/ops/transition.js';
import {
  apply,
  at,
  chainProto,
  effectsOf,
  MIN,
  pourMol,
  run,
  statuses,
  T0,
} from '../../../../helpers/engine-fixtures.js';

const proto = { ...chainProto(2), steps: chainProto(2).steps.map((s) => ({ ...s, maxRetries: 0 })) };
const failed = () =>
  run(proto, pourMol(proto).mol, [
    { type: 'start', step: 's0' },
    { type: 'fail', step: 's0', error: 'disk full' },
  ]);

describe('reset', () => {
  it('returns a failed molecule to a fresh pour, keeping id and rev order, history folded into a note', () => {
    const mol = failed();
    expect(mol.status).toBe('failed');
    const { mol: after, effects } = apply(proto, mol, { type: 'reset', by: 'alice' }, at(MIN));
    expect(after.id).toBe(mol.id);
    expect(after.rev).toBe(mol.rev + 1);
    expect(after.status).toBe('pending');
    expect(statuses(after)).toEqual({ s0: 'ready', s1: 'pending' });
    expect(after.steps.every((s) => s.attempts === 0 && s.loops === 0 && s.error === undefined)).toBe(true);
    expect(after.history[0]).toEqual({
      at: at(MIN).toISOString(),
      event: 'reset',
      from: 'failed',
      to: 'pending',
      by: 'alice',
      note: `archived ${mol.history.length} transitions from ${T0.toISOString()} to ${T0.toISOString()}; it was failed with 0 of 2 steps completed; step "s0" had failed: disk full`,
    });
    expect(effectsOf(effects, 'labels')).toEqual([
      { type: 'labels', add: ['molecule:active'], remove: ['molecule:failed'] },
    ]);
    expect(effectsOf(effects, 'dispatch').map((d) => d.step)).toEqual(['s0']);
    expect(effectsOf(effects, 'notice')).toEqual([]);
  });

  it('works from complete too, and is refused from every live state', () => {
    const done = run(proto, pourMol(proto).mol, [
      { type: 'complete', step: 's0' },
      { type: 'complete', step: 's1' },
    ]);
    expect(apply(proto, done, { type: 'reset' }).mol.status).toBe('pending');
    const running = apply(proto, pourMol(proto).mol, { type: 'start', step: 's0' }).mol;
    const refused = transition(proto, running, { type: 'reset' }, T0);
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-transition',
        message:
          'molecule "m1" is in progress; it cannot be reset (reset works on complete or failed molecules; /mol reset --force works from any state)',
      },
    });
    expect(transition(proto, pourMol(proto).mol, { type: 'reset' }, T0).ok).toBe(false);
  });

  it('force-reset works from any live state and warns about abandoned work', () => {
    const running = apply(proto, pourMol(proto).mol, { type: 'start', step: 's0' }).mol;
    const { mol, effects } = apply(proto, running, { type: 'force-reset', by: 'admin' });
    expect(statuses(mol)).toEqual({ s0: 'ready', s1: 'pending' });
    expect(mol.history[0]).toMatchObject({ event: 'force-reset', from: 'in_progress', by: 'admin' });
    expect(effectsOf(effects, 'notice')).toEqual([
      {
        type: 'notice',
        level: 'warning',
        message:
          'molecule "m1" was force-reset from in progress by admin; work in progress on "s0" was abandoned',
      },
    ]);
    const paused = apply(proto, running, { type: 'pause' }).mol;
    expect(apply(proto, paused, { type: 'force-reset', by: 'admin' }).mol.status).toBe('pending');
  });
});
