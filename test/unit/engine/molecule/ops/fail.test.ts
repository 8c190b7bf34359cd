import { describe, expect, it } from 'vitest';
import type { Proto } from '../../../../../src/engine/cook/proto.js';
import type { Molecule } from '../../../../../src/engine/molecule/molecule-schema.js';
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

const startAndFail = (proto: Proto, mol: Molecule, step: string, error = 'boom') =>
  run(proto, mol, [
    { type: 'start', step },
    { type: 'fail', step, error },
  ]);

describe('fail: retries', () => {
  it('sends the step back to ready while attempts ≤ max_retries (default 2), then fails it for good', () => {
    const proto = chainProto(2);
    let mol = pourMol(proto).mol;
    mol = startAndFail(proto, mol, 's0', 'first');
    expect(stepOf(mol, 's0')).toMatchObject({ status: 'ready', attempts: 1, error: 'first' });
    expect(mol.history.slice(-2).map((h) => [h.event, h.from, h.to, h.note])).toEqual([
      ['fail', 'in_progress', 'failed', 'first'],
      ['auto-retry', 'failed', 'ready', 'retry 1 of 2'],
    ]);
    mol = startAndFail(proto, mol, 's0', 'second');
    expect(stepOf(mol, 's0')).toMatchObject({ status: 'ready', attempts: 2 });
    const last = apply(proto, apply(proto, mol, { type: 'start', step: 's0' }).mol, {
      type: 'fail',
      step: 's0',
      error: 'third',
    });
    expect(stepOf(last.mol, 's0')).toMatchObject({ status: 'failed', attempts: 3, error: 'third' });
    expect(last.mol.history.find((h) => h.to === 'failed' && h.note?.startsWith('third'))?.note).toBe(
      'third (failed for good after 3 attempts)',
    );
    expect(statuses(last.mol)).toEqual({ s0: 'failed', s1: 'blocked' });
    expect(last.mol.status).toBe('failed');
    expect(effectsOf(last.effects, 'labels')).toEqual([
      { type: 'labels', add: ['molecule:failed'], remove: ['molecule:active'] },
    ]);
  });

  it('dispatches a retried step again', () => {
    const proto = chainProto(1);
    const started = apply(proto, pourMol(proto).mol, { type: 'start', step: 's0' }).mol;
    const { effects } = apply(proto, started, { type: 'fail', step: 's0', error: 'x' });
    expect(effectsOf(effects, 'dispatch')).toEqual([{ type: 'dispatch', step: 's0', baseBranches: [] }]);
  });

  it('refuses to fail a step that is not running', () => {
    const proto = chainProto(2);
    const mol = apply(proto, pourMol(proto).mol, { type: 'start', step: 's0' }).mol;
    expect(transition(proto, mol, { type: 'fail', step: 's1', error: 'x' }, T0)).toMatchObject({
      ok: false,
      error: { message: 'step "s1" is pending; it cannot be failed' },
    });
  });
});

describe('fail: unsafe', () => {
  it('fails the step for good at once: neither its retries nor its on_fail loop apply', () => {
    const proto = makeProto([
      protoStep('plan'),
      protoStep('check', ['plan'], { onFail: 'plan', maxLoops: 2 }),
    ]);
    const mol = run(proto, pourMol(proto).mol, [
      { type: 'start', step: 'plan' },
      { type: 'complete', step: 'plan' },
      { type: 'start', step: 'check' },
    ]);
    const { mol: after, effects } = apply(proto, mol, {
      type: 'fail',
      step: 'check',
      error: "changed git's configuration",
      reason: 'unsafe',
    });
    expect(stepOf(after, 'check')).toMatchObject({ status: 'failed', attempts: 1 });
    expect(stepOf(after, 'plan')).toMatchObject({ status: 'completed', loops: 0 });
    expect(after.history.find((h) => h.event === 'fail')?.note).toBe(
      "changed git's configuration (failed for good after 1 attempt: not retried, since the next attempt would start from what it changed)",
    );
    expect(after.status).toBe('failed');
    expect(effectsOf(effects, 'dispatch')).toEqual([]);
  });
});

describe('fail: on_fail loops', () => {
  // plan -> check (on_fail plan, no retries) -> build -> ship
  const proto = makeProto(
    [
      protoStep('plan'),
      protoStep('check', ['plan'], { maxRetries: 0, onFail: 'plan', maxLoops: 2 }),
      protoStep('build', ['check']),
    ],
    { maxLoops: 5 },
  );

  it('sends the target and everything downstream back to pending, attempts reset, target loops + 1, target ready', () => {
    let mol = run(proto, pourMol(proto).mol, [
      { type: 'start', step: 'plan' },
      { type: 'complete', step: 'plan', branch: 'b/plan' },
    ]);
    mol = startAndFail(proto, mol, 'check', 'plan rejected');
    expect(statuses(mol)).toEqual({ plan: 'ready', check: 'pending', build: 'pending' });
    expect(stepOf(mol, 'plan')).toMatchObject({ attempts: 0, loops: 1, branch: 'b/plan' });
    expect(stepOf(mol, 'check')).toMatchObject({ attempts: 0, loops: 0, error: 'plan rejected' });
    expect(mol.history.filter((h) => h.event === 'loop').map((h) => [h.step, h.from, h.note])).toEqual([
      ['plan', 'completed', 'on_fail of "check": loop 1 of 2 back to "plan"'],
      ['check', 'failed', 'on_fail of "check": loop 1 of 2 back to "plan"'],
    ]);
    expect(mol.status).toBe('in_progress');
  });

  it('is bounded by the failing step’s max_loops: once spent, the failure is final', () => {
    let mol = pourMol(proto).mol;
    for (let loop = 1; loop <= 2; loop++) {
      mol = run(proto, mol, [{ type: 'complete', step: 'plan' }]);
      mol = startAndFail(proto, mol, 'check');
      expect(stepOf(mol, 'plan').loops).toBe(loop);
    }
    mol = run(proto, mol, [{ type: 'complete', step: 'plan' }]);
    mol = startAndFail(proto, mol, 'check', 'still rejected');
    expect(statuses(mol)).toEqual({ plan: 'completed', check: 'failed', build: 'blocked' });
    expect(mol.status).toBe('failed');
    expect(stepOf(mol, 'check').error).toBe('still rejected');
    expect(
      mol.history.find((h) => h.step === 'check' && h.to === 'failed' && h.note?.includes('for good'))?.note,
    ).toBe('still rejected (failed for good after 1 attempt; on_fail loops to "plan" used 2 of 2)');
  });

  it('falls back to the proto’s max_loops when the step sets none', () => {
    const p = makeProto([protoStep('a'), protoStep('b', ['a'], { maxRetries: 0, onFail: 'a' })], {
      maxLoops: 1,
    });
    let mol = run(p, pourMol(p).mol, [{ type: 'complete', step: 'a' }]);
    mol = startAndFail(p, mol, 'b');
    expect(statuses(mol)).toEqual({ a: 'ready', b: 'pending' });
    mol = run(p, mol, [{ type: 'complete', step: 'a' }]);
    mol = startAndFail(p, mol, 'b');
    expect(statuses(mol)).toEqual({ a: 'completed', b: 'failed' });
  });

  it('warns about work in progress a loop sweeps away', () => {
    const p = makeProto([
      protoStep('a'),
      protoStep('side', ['a']),
      protoStep('gate', ['a'], { maxRetries: 0, onFail: 'a' }),
    ]);
    const mol = run(p, pourMol(p).mol, [
      { type: 'complete', step: 'a' },
      { type: 'start', step: 'side' },
      { type: 'start', step: 'gate' },
    ]);
    const { mol: after, effects } = apply(p, mol, { type: 'fail', step: 'gate', error: 'no' });
    expect(statuses(after)).toEqual({ a: 'ready', side: 'pending', gate: 'pending' });
    expect(stepOf(after, 'side').lease).toBeUndefined();
    expect(effectsOf(effects, 'notice')[0]?.message).toBe(
      'on_fail of "gate": loop 1 of 3 back to "a": work in progress on "side" no longer counts',
    );
  });
});

describe('fail fast, cleanup and handlers', () => {
  const proto = makeProto([
    protoStep('a', [], { maxRetries: 0 }),
    protoStep('b'),
    protoStep('after-a', ['a']),
    protoStep('after-both', ['after-a', 'b']),
    protoStep('cleanup', ['a', 'b'], { trigger: 'all_done' }),
    protoStep('on-error', ['a', 'b'], { trigger: 'one_failed' }),
  ]);

  it('blocks everything downstream at once, readies the handler, and fails the molecule only when nothing can run', () => {
    let mol = run(proto, pourMol(proto).mol, [{ type: 'start', step: 'b' }]);
    mol = startAndFail(proto, mol, 'a');
    expect(statuses(mol)).toEqual({
      a: 'failed',
      b: 'in_progress',
      'after-a': 'blocked',
      'after-both': 'blocked',
      cleanup: 'pending',
      'on-error': 'ready',
    });
    expect(mol.status).toBe('in_progress');
    mol = run(proto, mol, [{ type: 'complete', step: 'b' }]);
    expect(statuses(mol).cleanup).toBe('ready');
    mol = run(proto, mol, [{ type: 'complete', step: 'cleanup' }]);
    expect(mol.status).toBe('in_progress');
    mol = run(proto, mol, [{ type: 'complete', step: 'on-error' }]);
    // The handler ran, but the blocked steps still fail the molecule.
    expect(mol.status).toBe('failed');
  });

  it('skips a one_failed handler when nothing failed', () => {
    const mol = run(proto, pourMol(proto).mol, [
      { type: 'complete', step: 'a' },
      { type: 'complete', step: 'b' },
    ]);
    expect(statuses(mol)).toMatchObject({ cleanup: 'ready', 'on-error': 'skipped', 'after-a': 'ready' });
  });

  it('a completed one_failed step recovers the failure it handled (self-correction): the molecule completes', () => {
    const p = makeProto([
      protoStep('verify', [], { maxRetries: 0 }),
      protoStep('self-correct', ['verify'], { trigger: 'one_failed', maxRetries: 0, onFail: 'verify' }),
    ]);
    let mol = startAndFail(p, pourMol(p).mol, 'verify');
    expect(statuses(mol)).toEqual({ verify: 'failed', 'self-correct': 'ready' });
    mol = run(p, mol, [{ type: 'complete', step: 'self-correct' }]);
    expect(mol.status).toBe('complete');
  });

  it('an all_done cleanup never excuses the failure it ran after', () => {
    const p = makeProto([
      protoStep('a', [], { maxRetries: 0 }),
      protoStep('cleanup', ['a'], { trigger: 'all_done' }),
    ]);
    const mol = run(p, startAndFail(p, pourMol(p).mol, 'a'), [{ type: 'complete', step: 'cleanup' }]);
    expect(mol.status).toBe('failed');
  });
});

describe('retry and skip by a person', () => {
  const proto = makeProto([
    protoStep('a', [], { maxRetries: 0 }),
    protoStep('b', ['a']),
    protoStep('c', ['b']),
  ]);
  const failedMol = () => startAndFail(proto, pourMol(proto).mol, 'a');

  it('retry brings a failed-for-good step back to ready (attempts kept) and unblocks what it blocked', () => {
    const mol = failedMol();
    expect(mol.status).toBe('failed');
    const { mol: after, effects } = apply(proto, mol, { type: 'retry', step: 'a', by: 'alice' });
    expect(statuses(after)).toEqual({ a: 'ready', b: 'pending', c: 'pending' });
    expect(stepOf(after, 'a').attempts).toBe(1);
    expect(after.status).toBe('in_progress');
    expect(effectsOf(effects, 'dispatch').map((e) => e.step)).toEqual(['a']);
    expect(effectsOf(effects, 'labels')).toEqual([
      { type: 'labels', add: ['molecule:active'], remove: ['molecule:failed'] },
    ]);
    // One more failure is final again: the person's retry was one more attempt, not a new budget.
    expect(statuses(startAndFail(proto, after, 'a'))).toEqual({ a: 'failed', b: 'blocked', c: 'blocked' });
  });

  it('retrying a blocked step retries the failure upstream of it', () => {
    const after = apply(proto, failedMol(), { type: 'retry', step: 'c', by: 'alice' }).mol;
    expect(statuses(after)).toEqual({ a: 'ready', b: 'pending', c: 'pending' });
  });

  it('retry is refused for a step that did not fail', () => {
    const mol = pourMol(proto).mol;
    const started = apply(proto, mol, { type: 'start', step: 'a' }).mol;
    expect(transition(proto, started, { type: 'retry', step: 'a' }, T0)).toMatchObject({
      ok: false,
      error: {
        message:
          'step "a" is in progress; it cannot be retried (only a failed step, or one blocked by a failure, can be retried)',
      },
    });
  });

  it('skipping a failed step leaves it behind: what it blocked runs', () => {
    const { mol } = apply(proto, failedMol(), {
      type: 'skip',
      step: 'a',
      reason: 'flaky, done by hand',
      by: 'alice',
    });
    expect(statuses(mol)).toEqual({ a: 'skipped', b: 'ready', c: 'pending' });
    expect(mol.status).toBe('in_progress');
    expect(mol.history.find((h) => h.event === 'skip')).toMatchObject({
      by: 'alice',
      note: 'flaky, done by hand',
    });
  });

  it('skip is refused while the step runs', () => {
    const started = apply(proto, pourMol(proto).mol, { type: 'start', step: 'a' }).mol;
    expect(transition(proto, started, { type: 'skip', step: 'a' }, T0)).toMatchObject({
      ok: false,
      error: { message: 'step "a" is in progress; it cannot be skipped (fail it or let it finish)' },
    });
  });
});

describe('timeout', () => {
  const proto = makeProto([protoStep('slow', [], { timeout: '30m', maxRetries: 1 })]);
  const started = () =>
    apply(proto, pourMol(proto).mol, { type: 'start', step: 'slow', lease: { holder: 'j', ttlMs: 60 * MIN } })
      .mol;

  it('fails a step past its timeout through the failure path (so it is retried)', () => {
    const { mol } = apply(proto, started(), { type: 'timeout', step: 'slow' }, at(31 * MIN));
    expect(stepOf(mol, 'slow')).toMatchObject({ status: 'ready', error: 'timed out after 30m' });
    expect(stepOf(mol, 'slow').lease).toBeUndefined();
  });

  it('refuses a timeout that has not come yet (a stale patrol decision)', () => {
    expect(transition(proto, started(), { type: 'timeout', step: 'slow' }, at(10 * MIN))).toMatchObject({
      ok: false,
      error: { code: 'invalid-transition' },
    });
  });
});
