import { describe, expect, it } from 'vitest';
import type { Checkpoint } from '../../../../../src/engine/molecule/molecule-schema.js';
import { transition } from '../../../../../src/engine/molecule/ops/transition.js';
import {
  apply,
  chainProto,
  effectsOf,
  pourMol,
  run,
  statuses,
  stepOf,
  T0,
} from '../../../../helpers/engine-fixtures.js';

const cp = (commit: string): Checkpoint => ({
  commit,
  filesModified: [],
  testsPassed: true,
  notes: '',
  capturedAt: T0.toISOString(),
});
const proto = chainProto(4);
const completedThrough = (n: number) =>
  run(
    proto,
    pourMol(proto).mol,
    Array.from({ length: n }, (_, i) => ({
      type: 'complete' as const,
      step: `s${i}`,
      checkpoint: cp(`c${i}`),
    })),
  );

describe('rollback', () => {
  it('to a step: it stays completed, everything downstream returns to pending with its retries back and no checkpoint, branch reset to its commit', () => {
    const mol = run(proto, completedThrough(3), [{ type: 'start', step: 's3' }]);
    const { mol: after, effects } = apply(proto, mol, { type: 'rollback', step: 's1', by: 'alice' });
    expect(statuses(after)).toEqual({ s0: 'completed', s1: 'completed', s2: 'ready', s3: 'pending' });
    expect(stepOf(after, 's2')).toMatchObject({ attempts: 0 });
    // Its old commit is no longer on the branch: nothing may show it.
    expect(stepOf(after, 's2').checkpoint).toBeUndefined();
    expect(stepOf(after, 's1').checkpoint).toEqual(cp('c1'));
    expect(stepOf(after, 's1')).toMatchObject({ attempts: 1 });
    expect(stepOf(after, 's2').completedAt).toBeUndefined();
    expect(effectsOf(effects, 'reset-branch')).toEqual([{ type: 'reset-branch', step: 's1', commit: 'c1' }]);
    expect(effectsOf(effects, 'notice').map((n) => n.message)).toEqual([
      'rolled back to the checkpoint of "s1": work in progress on "s3" no longer counts',
    ]);
    expect(after.history.find((h) => h.event === 'rollback' && h.step === 's1')).toMatchObject({
      from: 'in_progress',
      by: 'alice',
    });
  });

  it('with no step: every step pending again, roots ready, branch reset to the base', () => {
    const { mol, effects } = apply(proto, completedThrough(2), { type: 'rollback', by: 'alice' });
    expect(statuses(mol)).toEqual({ s0: 'ready', s1: 'pending', s2: 'pending', s3: 'pending' });
    expect(effectsOf(effects, 'reset-branch')).toEqual([{ type: 'reset-branch' }]);
    expect(effectsOf(effects, 'dispatch').map((d) => d.step)).toEqual(['s0']);
  });

  it('reopens a complete molecule', () => {
    const done = completedThrough(4);
    expect(done.status).toBe('complete');
    const { mol, effects } = apply(proto, done, { type: 'rollback', step: 's2' });
    expect(mol.status).toBe('in_progress');
    expect(statuses(mol).s3).toBe('ready');
    expect(effectsOf(effects, 'labels')).toEqual([
      { type: 'labels', add: ['molecule:active'], remove: ['molecule:complete'] },
    ]);
  });

  it('is refused for a step that is not completed, and on a molecule where nothing ran', () => {
    const mol = completedThrough(1);
    expect(transition(proto, mol, { type: 'rollback', step: 's1' }, T0)).toMatchObject({
      ok: false,
      error: {
        message:
          'step "s1" is ready; it cannot be rolled back (only a completed step has a checkpoint to return to)',
      },
    });
    expect(transition(proto, pourMol(proto).mol, { type: 'rollback' }, T0)).toMatchObject({
      ok: false,
      error: { message: 'molecule "m1" is pending; it cannot be rolled back (nothing has run yet)' },
    });
  });

  it('warns instead of resetting when the step recorded no commit', () => {
    const mol = run(proto, pourMol(proto).mol, [
      { type: 'complete', step: 's0' },
      { type: 'complete', step: 's1' },
    ]);
    const { effects } = apply(proto, mol, { type: 'rollback', step: 's0' });
    expect(effectsOf(effects, 'reset-branch')).toEqual([]);
    expect(effectsOf(effects, 'notice')[0]).toMatchObject({ level: 'warning' });
  });
});
