/** Gas City's `[steps.retry] on_exhausted`, as the engine applies it to the proto's `onExhausted`. */
import { describe, expect, it } from 'vitest';
import type { Proto } from '../../../../../src/engine/cook/proto.js';
import type { Molecule } from '../../../../../src/engine/molecule/molecule-schema.js';
import { makeProto, pourMol, protoStep, run, stepOf } from '../../../../helpers/engine-fixtures.js';

const attempt = (proto: Proto, mol: Molecule, step: string, outcome: 'fail' | 'complete') =>
  run(proto, mol, [
    { type: 'start', step },
    outcome === 'fail'
      ? { type: 'fail', step, error: `attempt of ${step} failed` }
      : { type: 'complete', step },
  ]);

/** review (retry: 2 attempts) -> land, plus a handler that fires only on a failure of review. */
function proto(onExhausted: 'soft_fail' | 'hard_fail' | undefined): Proto {
  return makeProto([
    protoStep('review', [], { maxRetries: 1, ...(onExhausted ? { onExhausted } : {}) }),
    protoStep('land', ['review']),
    protoStep('cleanup', ['land'], { trigger: 'all_done' }),
  ]);
}

describe('retry on_exhausted', () => {
  it('soft_fail: the step ends failed after its attempts, what needs it runs, the molecule completes and the history says soft', () => {
    const p = proto('soft_fail');
    let mol = pourMol(p).mol;
    mol = attempt(p, mol, 'review', 'fail');
    expect(stepOf(mol, 'review')).toMatchObject({ status: 'ready', attempts: 1 });
    expect(stepOf(mol, 'land')?.status).toBe('pending');
    mol = attempt(p, mol, 'review', 'fail');
    expect(stepOf(mol, 'review')).toMatchObject({ status: 'failed', attempts: 2 });
    expect(stepOf(mol, 'land')?.status).toBe('ready');
    const soft = mol.history.find(
      (h) => h.step === 'review' && h.to === 'failed' && h.note?.includes('softly'),
    );
    expect(soft?.note).toBe(
      'attempt of review failed (failed softly after 2 attempts: on_exhausted = soft_fail, so the steps that need it run as if it had completed)',
    );
    mol = attempt(p, mol, 'land', 'complete');
    mol = attempt(p, mol, 'cleanup', 'complete');
    expect(mol.status).toBe('complete');
    expect(mol.history.at(-1)?.note).toBe(
      'all 3 steps done; failed softly (on_exhausted = soft_fail): review',
    );
  });

  it.each([['hard_fail'], [undefined]] as const)(
    '%s: the step fails for good, what needs it is blocked and the molecule fails',
    (onExhausted) => {
      const p = proto(onExhausted);
      let mol = pourMol(p).mol;
      mol = attempt(p, mol, 'review', 'fail');
      mol = attempt(p, mol, 'review', 'fail');
      expect(stepOf(mol, 'review')?.status).toBe('failed');
      expect(stepOf(mol, 'land')?.status).toBe('blocked');
      expect(mol.history.some((h) => h.note?.includes('softly'))).toBe(false);
      mol = attempt(p, mol, 'cleanup', 'complete');
      expect(mol.status).toBe('failed');
    },
  );

  it('soft_fail on a step that passes on its retry is an ordinary completion', () => {
    const p = proto('soft_fail');
    let mol = pourMol(p).mol;
    mol = attempt(p, mol, 'review', 'fail');
    mol = attempt(p, mol, 'review', 'complete');
    expect(stepOf(mol, 'review')).toMatchObject({ status: 'completed', attempts: 2 });
  });

  it('a one_failed handler does not fire for a soft failure (its need counts as completed)', () => {
    const p = makeProto([
      protoStep('review', [], { maxRetries: 0, onExhausted: 'soft_fail' }),
      protoStep('handle', ['review'], { trigger: 'one_failed' }),
    ]);
    const mol = attempt(p, pourMol(p).mol, 'review', 'fail');
    expect(stepOf(mol, 'handle')?.status).toBe('skipped');
    expect(mol.status).toBe('complete');
  });
});
