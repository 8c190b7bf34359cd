/**
 * Gas City's `[steps.retry]` retry classes as the engine applies them (the proto's `onExhausted`),
 * after internal/dispatch/retry.go processRetryEval / classifyRetryAttempt: only a transient
 * failure is retried; an unclassed one is hard (no retry, on_exhausted does not apply); a
 * transient failure that spends the attempts is closed as passed under soft_fail.
 */
import { describe, expect, it } from 'vitest';
import type { Proto } from '../../../../../src/engine/cook/proto.js';
import type { Molecule } from '../../../../../src/engine/molecule/molecule-schema.js';
import { makeProto, pourMol, protoStep, run, stepOf } from '../../../../helpers/engine-fixtures.js';

type Outcome = 'transient' | 'hard' | 'complete';

const attempt = (proto: Proto, mol: Molecule, step: string, outcome: Outcome) =>
  run(proto, mol, [
    { type: 'start', step },
    outcome === 'complete'
      ? { type: 'complete', step }
      : {
          type: 'fail',
          step,
          error: `attempt of ${step} failed`,
          ...(outcome === 'transient' ? { transient: true } : {}),
        },
  ]);

/** review (retry: 2 attempts) -> land, plus a cleanup that runs whatever happens. */
function proto(onExhausted: 'soft_fail' | 'hard_fail'): Proto {
  return makeProto([
    protoStep('review', [], { maxRetries: 1, onExhausted }),
    protoStep('land', ['review']),
    protoStep('cleanup', ['land'], { trigger: 'all_done' }),
  ]);
}

describe('retry classes', () => {
  it('soft_fail: transient failures are retried, then the step is closed as passed, what needs it runs and the molecule completes', () => {
    const p = proto('soft_fail');
    let mol = pourMol(p).mol;
    mol = attempt(p, mol, 'review', 'transient');
    expect(stepOf(mol, 'review')).toMatchObject({ status: 'ready', attempts: 1 });
    mol = attempt(p, mol, 'review', 'transient');
    expect(stepOf(mol, 'review')).toMatchObject({ status: 'completed', attempts: 2 });
    expect(stepOf(mol, 'review')?.error).toBeUndefined();
    expect(stepOf(mol, 'land')?.status).toBe('ready');
    const soft = mol.history.find((h) => h.step === 'review' && h.to === 'completed');
    expect(soft?.note).toBe(
      'attempt of review failed (soft-failed after 2 attempts with transient failures: on_exhausted = soft_fail closes it as passed)',
    );
    mol = attempt(p, mol, 'land', 'complete');
    mol = attempt(p, mol, 'cleanup', 'complete');
    expect(mol.status).toBe('complete');
  });

  it.each([['soft_fail'], ['hard_fail']] as const)(
    '%s: an unclassed failure is hard: no retry, failed at once, what needs it is blocked, the molecule fails',
    (onExhausted) => {
      const p = proto(onExhausted);
      let mol = attempt(p, pourMol(p).mol, 'review', 'hard');
      expect(stepOf(mol, 'review')).toMatchObject({ status: 'failed', attempts: 1 });
      expect(stepOf(mol, 'land')?.status).toBe('blocked');
      const note = mol.history.find((h) => h.step === 'review' && h.to === 'failed')?.note;
      expect(note).toContain('a hard failure after 1 attempt: [steps.retry] retries only transient failures');
      mol = attempt(p, mol, 'cleanup', 'complete');
      expect(mol.status).toBe('failed');
    },
  );

  it('hard_fail: transient failures are retried, then the step fails for good and the molecule fails', () => {
    const p = proto('hard_fail');
    let mol = attempt(p, pourMol(p).mol, 'review', 'transient');
    mol = attempt(p, mol, 'review', 'transient');
    expect(stepOf(mol, 'review')).toMatchObject({ status: 'failed', attempts: 2 });
    expect(stepOf(mol, 'land')?.status).toBe('blocked');
    mol = attempt(p, mol, 'cleanup', 'complete');
    expect(mol.status).toBe('failed');
  });

  it('a step without [steps.retry] retries every failure, as max_retries always has', () => {
    const p = makeProto([protoStep('plain', [], { maxRetries: 1 })]);
    const mol = attempt(p, pourMol(p).mol, 'plain', 'hard');
    expect(stepOf(mol, 'plain')).toMatchObject({ status: 'ready', attempts: 1 });
  });

  it('a step that passes on its retry is an ordinary completion', () => {
    const p = proto('soft_fail');
    let mol = attempt(p, pourMol(p).mol, 'review', 'transient');
    mol = attempt(p, mol, 'review', 'complete');
    expect(stepOf(mol, 'review')).toMatchObject({ status: 'completed', attempts: 2 });
  });

  it('a one_failed handler does not fire for a soft failure (the step passed)', () => {
    const p = makeProto([
      protoStep('review', [], { maxRetries: 0, onExhausted: 'soft_fail' }),
      protoStep('handle', ['review'], { trigger: 'one_failed' }),
    ]);
    const mol = attempt(p, pourMol(p).mol, 'review', 'transient');
    expect(stepOf(mol, 'handle')?.status).toBe('skipped');
    expect(mol.status).toBe('complete');
  });
});
