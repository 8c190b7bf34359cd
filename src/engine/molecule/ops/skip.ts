/**
 * A person skips a step. Skipping is an explicit override, recorded with who did it: it is how a
 * failed or blocked step is left behind, and it is allowed on a step waiting for its gates (the
 * check run's Skip button), unlike starting a later step early, which the machine refuses. A step
 * in progress cannot be skipped: fail it or let it finish.
 */
import { ok, type Result } from '../../errors.js';
import { refuse } from '../machine/refusal.js';
import type { Draft } from './draft.js';
import type { MoleculeEvent } from './events.js';
import { findStep } from './find-step.js';
import { unblockDownstream } from './send-back.js';

export function skip(d: Draft, e: Extract<MoleculeEvent, { type: 'skip' }>): Result<void> {
  const found = findStep(d, e.step);
  if (!found.ok) return found;
  const i = found.value;
  const status = d.step(i).status;
  if (!['pending', 'ready', 'awaiting_gate', 'failed', 'blocked'].includes(status)) {
    return refuse(
      'step',
      e.step,
      status,
      'skip',
      status === 'in_progress' ? 'fail it or let it finish' : undefined,
    );
  }
  d.move(
    i,
    'skip',
    'skipped',
    { by: e.by, note: e.reason ?? 'skipped by a person' },
    { lease: undefined, awaitingSince: undefined },
  );
  if (status === 'failed' || status === 'blocked') unblockDownstream(d, [i], e.by);
  return ok(undefined);
}
