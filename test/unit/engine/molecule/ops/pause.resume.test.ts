import { describe, expect, it } from 'vitest';
import { transition } from '../../../../../src/engine/molecule/ops/transition.js';
import {
  apply,
  at,
  chainProto,
  effectsOf,
  MIN,
  makeProto,
  pourMol,
  protoStep,
  run,
  statuses,
  stepOf,
  T0,
} from '../../../../helpers/engine-fixtures.js';

describe('pause and unpause', () => {
  const proto = chainProto(3);

  it('a paused molecule records finishing work but dispatches nothing until unpaused', () => {
    const running = apply(proto, pourMol(proto).mol, { type: 'start', step: 's0' }).mol;
    const paused = apply(proto, running, { type: 'pause', by: 'alice' }).mol;
    expect(paused.status).toBe('paused');
    const finished = apply(proto, paused, { type: 'complete', step: 's0' });
    expect(statuses(finished.mol)).toEqual({ s0: 'completed', s1: 'ready', s2: 'pending' });
    expect(effectsOf(finished.effects, 'dispatch')).toEqual([]);
    const resumed = apply(proto, finished.mol, { type: 'unpause', by: 'alice' });
    expect(resumed.mol.status).toBe('in_progress');
    expect(effectsOf(resumed.effects, 'dispatch').map((d) => d.step)).toEqual(['s1']);
  });

  it('unpausing a molecule where nothing started returns it to pending; unpause of a running one is refused', () => {
    const paused = apply(proto, pourMol(proto).mol, { type: 'pause' }).mol;
    expect(apply(proto, paused, { type: 'unpause' }).mol.status).toBe('pending');
    expect(transition(proto, pourMol(proto).mol, { type: 'unpause' }, T0)).toMatchObject({
      ok: false,
      error: { message: 'molecule "m1" is pending; it cannot be unpaused (it is not paused)' },
    });
  });
});

describe('resume', () => {
  const proto = makeProto([protoStep('a'), protoStep('b'), protoStep('c')]);

  it('sends in-progress steps without a live lease back to ready and dispatches every ready step', () => {
    const mol = run(proto, pourMol(proto).mol, [
      { type: 'start', step: 'a' },
      { type: 'start', step: 'b', lease: { holder: 'job', ttlMs: 10 * MIN } },
    ]);
    const { mol: after, effects } = apply(proto, mol, { type: 'resume', by: 'cli' }, at(MIN));
    expect(statuses(after)).toEqual({ a: 'ready', b: 'in_progress', c: 'ready' });
    expect(effectsOf(effects, 'dispatch').map((d) => d.step)).toEqual(['a', 'c']);
    expect(effectsOf(effects, 'notice')[0]?.message).toBe('resumed "a": back to ready');
    const later = apply(proto, after, { type: 'resume' }, at(11 * MIN)).mol;
    expect(statuses(later).b).toBe('ready');
  });

  it('changes nothing when nothing lost its runner (but re-dispatches ready steps)', () => {
    const mol = pourMol(proto).mol;
    const { mol: after, effects } = apply(proto, mol, { type: 'resume' });
    expect(after).toBe(mol);
    expect(effectsOf(effects, 'dispatch')).toHaveLength(3);
  });
});

describe('release (patrol)', () => {
  const proto = chainProto(1);
  const held = () =>
    apply(proto, pourMol(proto).mol, {
      type: 'start',
      step: 's0',
      lease: { holder: 'job', runId: 'r1', ttlMs: 10 * MIN },
    }).mol;

  it('releases a step whose run is gone, but not if another run holds it now', () => {
    const { mol, effects } = apply(proto, held(), { type: 'release', step: 's0', runId: 'r1' }, at(MIN));
    expect(stepOf(mol, 's0')).toMatchObject({ status: 'ready' });
    expect(stepOf(mol, 's0').lease).toBeUndefined();
    expect(effectsOf(effects, 'dispatch').map((d) => d.step)).toEqual(['s0']);
    expect(transition(proto, held(), { type: 'release', step: 's0', runId: 'r0' }, at(MIN))).toMatchObject({
      ok: false,
      error: { code: 'lease-held' },
    });
  });

  it('releases an expired lease, and refuses while it is live', () => {
    expect(transition(proto, held(), { type: 'release', step: 's0' }, at(MIN))).toMatchObject({
      ok: false,
      error: { code: 'lease-held' },
    });
    expect(stepOf(apply(proto, held(), { type: 'release', step: 's0' }, at(11 * MIN)).mol, 's0').status).toBe(
      'ready',
    );
  });
});

describe('the process group a local attempt runs in', () => {
  const proto = chainProto(1);
  const lease = { holder: 'local:1', runId: 'h:1:0', ttlMs: 10 * MIN };
  const group = { host: 'h', pgid: 4242, startTime: '987' };
  const recorded = () => {
    const started = apply(proto, pourMol(proto).mol, { type: 'start', step: 's0', lease }).mol;
    return apply(proto, started, { type: 'start', step: 's0', lease: { ...lease, process: group } }).mol;
  };

  it('is recorded in the lease when its holder starts again with it, without a new attempt', () => {
    const mol = recorded();
    expect(stepOf(mol, 's0')).toMatchObject({
      status: 'in_progress',
      attempts: 1,
      lease: { process: group },
    });
    expect(
      transition(
        proto,
        mol,
        { type: 'start', step: 's0', lease: { ...lease, holder: 'local:2', runId: 'h:2:0', process: group } },
        at(MIN),
      ),
    ).toMatchObject({
      ok: false,
      error: { code: 'lease-held' },
    });
  });

  it('must have ended before its step is released: never two live attempts', () => {
    expect(
      transition(proto, recorded(), { type: 'release', step: 's0', runId: lease.runId }, at(MIN)),
    ).toMatchObject({
      ok: false,
      error: { code: 'attempt-alive' },
    });
    const released = apply(
      proto,
      recorded(),
      { type: 'release', step: 's0', runId: lease.runId, processEnded: true },
      at(MIN),
    );
    expect(stepOf(released.mol, 's0')).toMatchObject({ status: 'ready' });
    expect(stepOf(released.mol, 's0').lease).toBeUndefined();
  });
});

describe('nudge (patrol)', () => {
  it('records nudgedAt and asks for a nudge with the idle time', () => {
    const proto = chainProto(1);
    const started = apply(proto, pourMol(proto).mol, { type: 'start', step: 's0' }).mol;
    const { mol, effects } = apply(proto, started, { type: 'nudge', step: 's0' }, at(45 * MIN));
    expect(stepOf(mol, 's0')).toMatchObject({ status: 'in_progress', nudgedAt: at(45 * MIN).toISOString() });
    expect(effectsOf(effects, 'nudge')).toEqual([{ type: 'nudge', step: 's0', idleMs: 45 * MIN }]);
    expect(mol.history.at(-1)).toMatchObject({
      event: 'nudge',
      step: 's0',
      from: 'in_progress',
      to: 'in_progress',
    });
  });
});
