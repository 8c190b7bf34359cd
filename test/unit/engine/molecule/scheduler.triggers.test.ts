import { describe, expect, it } from 'vitest';
import { triggerVerdict } from '../../../../src/engine/molecule/scheduler.js';
import {
  apply,
  effectsOf,
  makeProto,
  pourMol,
  protoStep,
  run,
  statuses,
} from '../../../helpers/engine-fixtures.js';

describe('trigger rules', () => {
  it('all_success: waits, readies when every need succeeded or was skipped, blocks on any failure', () => {
    expect(triggerVerdict('all_success', ['completed', 'in_progress'])).toBe('wait');
    expect(triggerVerdict('all_success', ['completed', 'skipped'])).toBe('ready');
    expect(triggerVerdict('all_success', ['failed', 'in_progress'])).toBe('block');
    expect(triggerVerdict('all_success', ['blocked', 'completed'])).toBe('block');
    expect(triggerVerdict('all_success', [])).toBe('ready');
  });

  it('all_done: readies once every need is done, whatever the outcome', () => {
    expect(triggerVerdict('all_done', ['failed', 'ready'])).toBe('wait');
    expect(triggerVerdict('all_done', ['failed', 'completed', 'skipped', 'blocked'])).toBe('ready');
  });

  it('one_failed: readies on the first failure, skips when all succeeded, never fires without needs', () => {
    expect(triggerVerdict('one_failed', ['failed', 'in_progress'])).toBe('ready');
    expect(triggerVerdict('one_failed', ['blocked'])).toBe('ready');
    expect(triggerVerdict('one_failed', ['completed', 'in_progress'])).toBe('wait');
    expect(triggerVerdict('one_failed', ['completed', 'skipped'])).toBe('skip');
    expect(triggerVerdict('one_failed', [])).toBe('skip');
  });

  it('a skipped need satisfies all_success downstream', () => {
    const proto = makeProto([protoStep('a'), protoStep('b', ['a']), protoStep('c', ['b'])]);
    const mol = run(proto, pourMol(proto).mol, [{ type: 'skip', step: 'a', reason: 'not needed' }]);
    expect(statuses(mol)).toEqual({ a: 'skipped', b: 'ready', c: 'pending' });
  });

  it('evaluates a condition when the trigger holds: false skips, true readies', () => {
    const proto = makeProto([
      protoStep('a'),
      protoStep('deploy', ['a'], { condition: "env == 'prod'" }),
      protoStep('notify', ['a'], { condition: "env != 'prod'" }),
    ]);
    const { mol } = pourMol(proto, { vars: { env: 'prod' } });
    expect(statuses(mol)).toEqual({ a: 'ready', deploy: 'pending', notify: 'pending' });
    const done = run(proto, mol, [{ type: 'complete', step: 'a' }]);
    expect(statuses(done)).toEqual({ a: 'completed', deploy: 'ready', notify: 'skipped' });
  });

  it('a conditional step downstream of a failure is blocked, not skipped past it', () => {
    const proto = makeProto([
      protoStep('a', [], { maxRetries: 0 }),
      protoStep('b', ['a'], { condition: "env == 'x'" }),
      protoStep('c', ['b']),
    ]);
    const mol = run(proto, pourMol(proto, { vars: { env: 'y' } }).mol, [
      { type: 'start', step: 'a' },
      { type: 'fail', step: 'a', error: 'boom' },
    ]);
    expect(statuses(mol)).toEqual({ a: 'failed', b: 'blocked', c: 'blocked' });
  });

  it('a condition that cannot be evaluated fails the step for good, with the reason', () => {
    const proto = makeProto([protoStep('a', [], { condition: 'env == ' })]);
    const { mol } = pourMol(proto);
    expect(statuses(mol)).toEqual({ a: 'failed' });
    expect(mol.steps[0]?.error).toBeTruthy();
    expect(mol.status).toBe('failed');
  });

  it('a diamond dispatches the join with both branches in needs order', () => {
    const proto = makeProto([
      protoStep('a'),
      protoStep('l', ['a']),
      protoStep('r', ['a']),
      protoStep('j', ['r', 'l']),
    ]);
    const mol = run(proto, pourMol(proto).mol, [
      { type: 'complete', step: 'a', branch: 'mol/a' },
      { type: 'complete', step: 'l', branch: 'mol/l' },
    ]);
    const last = apply(proto, mol, { type: 'complete', step: 'r', branch: 'mol/r' });
    expect(effectsOf(last.effects, 'dispatch')).toEqual([
      { type: 'dispatch', step: 'j', baseBranches: ['mol/r', 'mol/l'] },
    ]);
  });
});
