import { describe, expect, it } from 'vitest';
import { transition } from '../../../../../src/engine/molecule/ops/transition.js';
import {
  apply,
  at,
  chainProto,
  effectsOf,
  MIN,
  pourMol,
  statuses,
  stepOf,
  T0,
} from '../../../../helpers/engine-fixtures.js';

const proto = chainProto(3);
const fresh = () => pourMol(proto).mol;
const lease = (holder: string, runId?: string) => ({ holder, ...(runId ? { runId } : {}), ttlMs: 10 * MIN });

describe('start', () => {
  it('starts a ready step: attempt counted, lease recorded, molecule in progress, history appended', () => {
    const before = fresh();
    const { mol, effects } = apply(proto, before, {
      type: 'start',
      step: 's0',
      lease: lease('job', 'run-1'),
    });
    expect(stepOf(mol, 's0')).toMatchObject({
      status: 'in_progress',
      attempts: 1,
      startedAt: T0.toISOString(),
      lease: { holder: 'job', runId: 'run-1', expiresAt: at(10 * MIN).toISOString() },
    });
    expect(mol.status).toBe('in_progress');
    expect(mol.rev).toBe(before.rev + 1);
    expect(mol.history.slice(before.history.length)).toEqual([
      { at: T0.toISOString(), event: 'start', step: 's0', from: 'ready', to: 'in_progress', by: 'job' },
      { at: T0.toISOString(), event: 'start', from: 'pending', to: 'in_progress' },
    ]);
    expect(effectsOf(effects, 'molecule-status')).toEqual([
      { type: 'molecule-status', from: 'pending', to: 'in_progress' },
    ]);
    expect(effectsOf(effects, 'labels')).toEqual([]);
  });

  it('refuses to start a step whose needs are not done, naming them, and changes nothing', () => {
    const mol = fresh();
    const result = transition(proto, mol, { type: 'start', step: 's1' }, T0);
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'invalid-transition',
        message: 'step "s1" is pending; it cannot be started (it needs "s0" (ready))',
      },
    });
    expect(statuses(mol)).toEqual({ s0: 'ready', s1: 'pending', s2: 'pending' });
  });

  it('refuses completed, failed and unknown steps', () => {
    const done = apply(proto, fresh(), { type: 'complete', step: 's0' }).mol;
    expect(transition(proto, done, { type: 'start', step: 's0' }, T0)).toMatchObject({
      ok: false,
      error: { message: 'step "s0" is completed; it cannot be started' },
    });
    const unknown = transition(proto, done, { type: 'start', step: 'nope' }, T0);
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown-step' } });
    if (!unknown.ok)
      expect(unknown.error.message).toBe('molecule "m1" has no step "nope"; its steps are s0, s1, s2');
    const typo = transition(proto, done, { type: 'start', step: 's00' }, T0);
    if (!typo.ok)
      expect(typo.error.message).toBe(
        'molecule "m1" has no step "s00" (did you mean "s0"?); its steps are s0, s1, s2',
      );
    expect(typo.ok).toBe(false);
  });

  it('refuses a second runner while the lease is live: no double run', () => {
    const held = apply(proto, fresh(), { type: 'start', step: 's0', lease: lease('job-a', 'run-1') }).mol;
    const other = transition(
      proto,
      held,
      { type: 'start', step: 's0', lease: lease('job-b', 'run-2') },
      at(MIN),
    );
    expect(other).toMatchObject({ ok: false, error: { code: 'lease-held' } });
    if (!other.ok) expect(other.error.message).toContain('"job-a" (run run-1)');
    const bare = transition(proto, held, { type: 'start', step: 's0' }, at(MIN));
    expect(bare).toMatchObject({ ok: false, error: { code: 'lease-held' } });
  });

  it('lets the holder re-start idempotently: same molecule, same rev, a notice', () => {
    const held = apply(proto, fresh(), { type: 'start', step: 's0', lease: lease('job-a', 'run-1') }).mol;
    const again = apply(proto, held, { type: 'start', step: 's0', lease: lease('job-a', 'run-1') }, at(MIN));
    expect(again.mol).toBe(held);
    expect(again.effects).toEqual([
      {
        type: 'notice',
        level: 'info',
        message: 'step "s0" is already in progress under this lease; nothing changed',
      },
    ]);
  });

  it('lets a new runner take over once the lease expired, as a new attempt', () => {
    const held = apply(proto, fresh(), { type: 'start', step: 's0', lease: lease('job-a', 'run-1') }).mol;
    const taken = apply(
      proto,
      held,
      { type: 'start', step: 's0', lease: lease('job-b', 'run-2') },
      at(11 * MIN),
    );
    expect(stepOf(taken.mol, 's0')).toMatchObject({
      status: 'in_progress',
      attempts: 2,
      lease: { holder: 'job-b', runId: 'run-2' },
    });
    expect(taken.mol.history.at(-1)?.note).toMatch(/^took over from "job-a", whose lease expired at /);
  });

  it('treats a lease-less re-start of a lease-less step as a no-op', () => {
    const started = apply(proto, fresh(), { type: 'start', step: 's0' }).mol;
    const again = apply(proto, started, { type: 'start', step: 's0' });
    expect(again.mol).toBe(started);
    expect(effectsOf(again.effects, 'notice')).toHaveLength(1);
  });

  it('refuses to start anything in a paused molecule', () => {
    const paused = apply(proto, fresh(), { type: 'pause', by: 'me' }).mol;
    expect(transition(proto, paused, { type: 'start', step: 's0' }, T0)).toMatchObject({
      ok: false,
      error: { message: 'molecule "m1" is paused; it cannot be started (unpause it first)' },
    });
  });
});
