import { describe, expect, it } from 'vitest';
import type { Checkpoint } from '../../../../../src/engine/molecule/molecule-schema.js';
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

const checkpoint: Checkpoint = {
  commit: 'abc123',
  filesModified: ['src/a.ts'],
  testsPassed: true,
  notes: 'done',
  capturedAt: T0.toISOString(),
};

const gated = makeProto([
  protoStep('build'),
  protoStep('review', ['build'], {
    gates: [
      { type: 'command', run: 'npm test' },
      { type: 'approval', permission: 'maintain' },
    ],
  }),
  protoStep('ship', ['review']),
]);

describe('complete', () => {
  it('records checkpoint and branch, clears the lease, readies and dispatches what follows', () => {
    const proto = chainProto(3);
    const started = run(proto, pourMol(proto).mol, [
      { type: 'start', step: 's0', lease: { holder: 'j', ttlMs: MIN } },
    ]);
    const { mol, effects } = apply(
      proto,
      started,
      { type: 'complete', step: 's0', checkpoint, branch: 'molecular/m1/s0' },
      at(MIN / 2),
    );
    expect(stepOf(mol, 's0')).toEqual({
      id: 's0',
      status: 'completed',
      attempts: 1,
      loops: 0,
      startedAt: T0.toISOString(),
      completedAt: at(MIN / 2).toISOString(),
      checkpoint,
      branch: 'molecular/m1/s0',
    });
    expect(statuses(mol)).toEqual({ s0: 'completed', s1: 'ready', s2: 'pending' });
    expect(effectsOf(effects, 'dispatch')).toEqual([
      { type: 'dispatch', step: 's1', baseBranches: ['molecular/m1/s0'] },
    ]);
  });

  it('is idempotent: completing a completed step returns the same molecule (same rev) and says so', () => {
    const proto = chainProto(2);
    const once = run(proto, pourMol(proto).mol, [
      { type: 'start', step: 's0' },
      { type: 'complete', step: 's0', checkpoint },
    ]);
    const twice = apply(proto, once, {
      type: 'complete',
      step: 's0',
      checkpoint: { ...checkpoint, notes: 'redelivered' },
    });
    expect(twice.mol).toBe(once);
    expect(twice.effects).toEqual([
      { type: 'notice', level: 'info', message: 'step "s0" was already completed; nothing changed' },
    ]);
  });

  it('completes the molecule when the last step completes, with labels', () => {
    const proto = chainProto(2);
    const mol = run(proto, pourMol(proto).mol, [{ type: 'complete', step: 's0' }]);
    const last = apply(proto, mol, { type: 'complete', step: 's1' });
    expect(last.mol.status).toBe('complete');
    expect(effectsOf(last.effects, 'labels')).toEqual([
      { type: 'labels', add: ['molecule:complete'], remove: ['molecule:active'] },
    ]);
    expect(last.mol.history.at(-1)).toMatchObject({ event: 'settle', from: 'in_progress', to: 'complete' });
  });

  it('counts an attempt for a step reported done without a start', () => {
    const proto = chainProto(1);
    const { mol } = apply(proto, pourMol(proto).mol, { type: 'complete', step: 's0', by: 'alice' });
    expect(stepOf(mol, 's0')).toMatchObject({
      status: 'completed',
      attempts: 1,
      startedAt: T0.toISOString(),
    });
    expect(mol.history.find((h) => h.step === 's0' && h.to === 'completed')).toMatchObject({
      from: 'ready',
      by: 'alice',
    });
  });

  it('refuses to complete a pending step', () => {
    const proto = chainProto(2);
    expect(transition(proto, pourMol(proto).mol, { type: 'complete', step: 's1' }, T0)).toMatchObject({
      ok: false,
      error: { code: 'invalid-transition', message: 'step "s1" is pending; it cannot be completed' },
    });
  });
});

describe('gates', () => {
  const atReview = () =>
    run(gated, pourMol(gated).mol, [
      { type: 'complete', step: 'build' },
      { type: 'start', step: 'review' },
    ]);

  it('without results, a gated step waits for them and a face is asked to evaluate them', () => {
    const { mol, effects } = apply(gated, atReview(), { type: 'complete', step: 'review', checkpoint });
    expect(stepOf(mol, 'review')).toMatchObject({
      status: 'awaiting_gate',
      awaitingSince: T0.toISOString(),
      gates: [
        { type: 'command', passed: null, detail: 'waiting' },
        { type: 'approval', passed: null, detail: 'waiting' },
      ],
    });
    expect(effectsOf(effects, 'evaluate-gates')).toEqual([
      { type: 'evaluate-gates', step: 'review', gates: gated.steps[1]?.gates },
    ]);
    expect(effectsOf(effects, 'check-run')).toEqual([
      {
        type: 'check-run',
        step: 'review',
        status: 'awaiting_gate',
        gates: stepOf(mol, 'review').gates,
        commit: 'abc123',
      },
    ]);
    expect(statuses(mol).ship).toBe('pending');
  });

  it('merges results by type as they arrive; the approval completes it and readies what follows', () => {
    const waiting = apply(gated, atReview(), {
      type: 'complete',
      step: 'review',
      gates: [{ type: 'command', passed: true, detail: 'npm test: 12 passed' }],
    }).mol;
    expect(stepOf(waiting, 'review').status).toBe('awaiting_gate');
    const notYet = transition(gated, waiting, { type: 'start', step: 'ship' }, T0);
    expect(notYet).toMatchObject({ ok: false, error: { code: 'invalid-transition' } });
    const approved = apply(gated, waiting, { type: 'approve', step: 'review', by: 'maintainer' }, at(MIN));
    expect(stepOf(approved.mol, 'review')).toMatchObject({
      status: 'completed',
      completedAt: at(MIN).toISOString(),
      gates: [
        { type: 'command', passed: true, detail: 'npm test: 12 passed' },
        { type: 'approval', passed: true, detail: 'approved by maintainer' },
      ],
    });
    expect(statuses(approved.mol).ship).toBe('ready');
    expect(effectsOf(approved.effects, 'check-run')[0]?.status).toBe('completed');
  });

  it('a `gates` event completes a waiting step once everything passed; late results are a no-op', () => {
    const proto = makeProto([protoStep('a', [], { gates: [{ type: 'checks', names: ['ci'] }] })]);
    const waiting = apply(proto, pourMol(proto).mol, { type: 'complete', step: 'a' }).mol;
    const passed = apply(proto, waiting, {
      type: 'gates',
      step: 'a',
      gates: [{ type: 'checks', passed: true, detail: 'ci green' }],
    });
    expect(stepOf(passed.mol, 'a').status).toBe('completed');
    expect(passed.mol.status).toBe('complete');
    const late = apply(proto, passed.mol, {
      type: 'gates',
      step: 'a',
      gates: [{ type: 'checks', passed: false, detail: 'x' }],
    });
    expect(late.mol).toBe(passed.mol);
  });

  it('a failing gate is a failure: the retry path applies and the error names the gate', () => {
    const proto = makeProto([
      protoStep('a', [], { maxRetries: 1, gates: [{ type: 'command', run: 'npm test' }] }),
    ]);
    const started = apply(proto, pourMol(proto).mol, { type: 'start', step: 'a' }).mol;
    const { mol, effects } = apply(proto, started, {
      type: 'complete',
      step: 'a',
      gates: [{ type: 'command', passed: false, detail: '3 tests failed' }],
    });
    expect(stepOf(mol, 'a')).toMatchObject({
      status: 'ready',
      attempts: 1,
      error: 'gate command failed: 3 tests failed',
    });
    expect(effectsOf(effects, 'check-run')).toEqual([
      {
        type: 'check-run',
        step: 'a',
        status: 'failed',
        gates: [{ type: 'command', passed: false, detail: '3 tests failed' }],
      },
    ]);
    expect(effectsOf(effects, 'dispatch').map((e) => e.step)).toEqual(['a']);
  });

  it('approve is refused without an approval gate or before the work is done; a second approval is a no-op', () => {
    const proto = chainProto(1);
    const started = apply(proto, pourMol(proto).mol, { type: 'start', step: 's0' }).mol;
    expect(transition(proto, started, { type: 'approve', step: 's0', by: 'm' }, T0)).toMatchObject({
      ok: false,
      error: {
        code: 'no-approval-gate',
        message: 'step "s0" has no approval gate; there is nothing to approve',
      },
    });
    expect(transition(gated, atReview(), { type: 'approve', step: 'review', by: 'm' }, T0)).toMatchObject({
      ok: false,
      error: { code: 'invalid-transition' },
    });
    const approvedOnly = makeProto([
      protoStep('a', [], { gates: [{ type: 'approval', permission: 'maintain' }] }),
    ]);
    const waiting = apply(approvedOnly, pourMol(approvedOnly).mol, { type: 'complete', step: 'a' }).mol;
    const once = apply(approvedOnly, waiting, { type: 'approve', step: 'a', by: 'm1' }).mol;
    expect(apply(approvedOnly, once, { type: 'approve', step: 'a', by: 'm2' }).mol).toBe(once);
  });
});
