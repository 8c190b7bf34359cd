/**
 * Skipping: a plain skip never passes a gate step or an approval that has not been given (those
 * need `force`), and never makes a later stage ready beside an earlier one — a step skipped ahead
 * stands in for its own needs, so what needs it still waits for them.
 */
import { describe, expect, it } from 'vitest';
import type { ProtoGate } from '../../../../../src/engine/cook/proto.js';
import { transition } from '../../../../../src/engine/molecule/ops/transition.js';
import {
  apply,
  effectsOf,
  makeProto,
  pourMol,
  protoStep,
  run,
  statuses,
  T0,
} from '../../../../helpers/engine-fixtures.js';

const command: ProtoGate = { type: 'command', run: 'test -f plan.md' };
const approval: ProtoGate = { type: 'approval', permission: 'maintain' };

/** plan -> plan-gate -> audit -> audit-gate -> execute: gated-task's first stages. */
const gated = makeProto([
  protoStep('plan'),
  protoStep('plan-gate', ['plan'], { type: 'gate', gates: [command] }),
  protoStep('audit', ['plan-gate']),
  protoStep('audit-gate', ['audit'], { type: 'gate', gates: [command] }),
  protoStep('execute', ['audit-gate']),
]);

const refused = (mol: ReturnType<typeof pourMol>['mol'], step: string, proto = gated) =>
  transition(proto, mol, { type: 'skip', step, by: 'ada' }, T0);

describe('skip', () => {
  it('refuses a gate step without force, pending or waiting for its gates, and changes nothing', () => {
    const fresh = pourMol(gated).mol;
    expect(refused(fresh, 'plan-gate')).toMatchObject({
      ok: false,
      error: {
        code: 'force-required',
        message:
          'step "plan-gate" is a gate (command): skipping it passes its gates unjudged; skip it with --force to pass them anyway',
      },
    });
    const waiting = run(gated, fresh, [
      { type: 'start', step: 'plan' },
      { type: 'complete', step: 'plan' },
    ]);
    expect(statuses(waiting)['plan-gate']).toBe('awaiting_gate');
    expect(refused(waiting, 'plan-gate')).toMatchObject({ ok: false, error: { code: 'force-required' } });
    const forced = apply(gated, waiting, { type: 'skip', step: 'plan-gate', force: true, by: 'ada' }).mol;
    expect(statuses(forced)).toMatchObject({ 'plan-gate': 'skipped', audit: 'ready' });
  });

  it('refuses a step whose approval has not been given, and takes it with force', () => {
    const proto = makeProto([protoStep('build'), protoStep('ship', ['build'], { gates: [approval] })]);
    const awaiting = run(proto, pourMol(proto).mol, [
      { type: 'start', step: 'build' },
      { type: 'complete', step: 'build' },
      { type: 'start', step: 'ship' },
      { type: 'complete', step: 'ship' },
    ]);
    expect(statuses(awaiting).ship).toBe('awaiting_gate');
    expect(refused(awaiting, 'ship', proto)).toMatchObject({
      ok: false,
      error: {
        code: 'force-required',
        message:
          'step "ship" waits for an approval (maintain): skipping it leaves that approval behind; skip it with --force to pass them anyway',
      },
    });
    // Not yet started either: the approval would be left behind just the same.
    expect(refused(pourMol(proto).mol, 'ship', proto)).toMatchObject({ ok: false });
    const forced = apply(proto, awaiting, { type: 'skip', step: 'ship', force: true, by: 'ada' }).mol;
    expect(forced.status).toBe('complete');
  });

  it('a step skipped ahead keeps the order: what needs it waits for the stage before it', () => {
    const fresh = pourMol(gated).mol;
    const skipped = apply(gated, fresh, { type: 'skip', step: 'audit', by: 'ada' });
    expect(statuses(skipped.mol)).toMatchObject({
      plan: 'ready',
      'plan-gate': 'pending',
      audit: 'skipped',
      'audit-gate': 'pending',
      execute: 'pending',
    });
    expect(effectsOf(skipped.effects, 'dispatch')).toEqual([]);
    // Once the stage before it is through, the skipped step counts as done and the next gate is judged.
    const planned = run(gated, skipped.mol, [
      { type: 'start', step: 'plan' },
      { type: 'complete', step: 'plan' },
    ]);
    expect(statuses(planned)).toMatchObject({ 'plan-gate': 'awaiting_gate', 'audit-gate': 'pending' });
    const passed = apply(gated, planned, {
      type: 'gates',
      step: 'plan-gate',
      gates: [{ type: 'command', passed: true, detail: 'ok' }],
    }).mol;
    expect(statuses(passed)).toMatchObject({ audit: 'skipped', 'audit-gate': 'awaiting_gate' });
  });

  it('a gate step skipped ahead with force still lets nothing past the stage before it', () => {
    const forced = apply(gated, pourMol(gated).mol, {
      type: 'skip',
      step: 'plan-gate',
      force: true,
      by: 'ada',
    }).mol;
    expect(statuses(forced)).toMatchObject({ plan: 'ready', 'plan-gate': 'skipped', audit: 'pending' });
  });

  it('parallel branches the graph allows still start together', () => {
    const proto = makeProto([
      protoStep('a'),
      protoStep('b'),
      protoStep('a2', ['a']),
      protoStep('join', ['a2', 'b']),
    ]);
    const mol = apply(proto, pourMol(proto).mol, { type: 'skip', step: 'a', by: 'ada' }).mol;
    expect(statuses(mol)).toMatchObject({ a: 'skipped', b: 'ready', a2: 'ready', join: 'pending' });
  });

  it('skipping a blocked step still leaves the failure behind', () => {
    const proto = makeProto([
      protoStep('a', [], { maxRetries: 0 }),
      protoStep('b', ['a']),
      protoStep('c', ['b']),
    ]);
    const failed = run(proto, pourMol(proto).mol, [
      { type: 'start', step: 'a' },
      { type: 'fail', step: 'a', error: 'boom' },
    ]);
    expect(statuses(failed).b).toBe('blocked');
    const mol = apply(proto, failed, { type: 'skip', step: 'b', by: 'ada' }).mol;
    expect(statuses(mol)).toMatchObject({ a: 'failed', b: 'skipped', c: 'ready' });
  });
});

describe('gate steps', () => {
  it('wait for their gates as soon as their needs complete, with no dispatch and no person', () => {
    const planned = apply(gated, run(gated, pourMol(gated).mol, [{ type: 'start', step: 'plan' }]), {
      type: 'complete',
      step: 'plan',
    });
    expect(statuses(planned.mol)['plan-gate']).toBe('awaiting_gate');
    expect(effectsOf(planned.effects, 'evaluate-gates')).toEqual([
      { type: 'evaluate-gates', step: 'plan-gate', gates: [command] },
    ]);
    expect(effectsOf(planned.effects, 'dispatch')).toEqual([]);
  });

  it('a gate step that comes first waits for its gates at pour, and the molecule has started', () => {
    const timer: ProtoGate = { type: 'timer', after: '1h' };
    const proto = makeProto([
      protoStep('wait', [], { type: 'gate', gates: [timer] }),
      protoStep('go', ['wait']),
    ]);
    const { mol, effects } = pourMol(proto);
    expect(mol.status).toBe('in_progress');
    expect(statuses(mol)).toMatchObject({ wait: 'awaiting_gate', go: 'pending' });
    expect(effectsOf(effects, 'evaluate-gates')).toHaveLength(1);
  });

  it('a retried gate step is judged again', () => {
    const proto = makeProto([
      protoStep('plan'),
      protoStep('check', ['plan'], { type: 'gate', gates: [command], maxRetries: 0 }),
    ]);
    const failed = run(proto, pourMol(proto).mol, [
      { type: 'start', step: 'plan' },
      { type: 'complete', step: 'plan' },
      { type: 'gates', step: 'check', gates: [{ type: 'command', passed: false, detail: 'no plan' }] },
    ]);
    expect(statuses(failed).check).toBe('failed');
    const retried = apply(proto, failed, { type: 'retry', step: 'check', by: 'ada' });
    expect(statuses(retried.mol).check).toBe('awaiting_gate');
    expect(effectsOf(retried.effects, 'evaluate-gates')).toHaveLength(1);
  });
});
