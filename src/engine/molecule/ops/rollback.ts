/**
 * Rolling back (the seed's snapshots, on git): to a completed step's checkpoint, which stays
 * completed while everything downstream of it returns to pending, or, with no step, to the base
 * with every step pending. The swept steps get their retries back (someone chose to redo them,
 * so a step that spent its retries before must not fail for good on its first new failure) and
 * forget their checkpoints (the branch no longer holds those commits, so nothing may show them);
 * loops are kept, so on_fail bounds still hold. The face resets the branch to the checkpoint's commit.
 */
import { ok, type Result } from '../../errors.js';
import { refuse } from '../machine/refusal.js';
import type { Draft } from './draft.js';
import type { MoleculeEvent } from './events.js';
import { findStep } from './find-step.js';
import { downstreamOf } from './proto-index.js';
import { noticeInterrupted, sendBack } from './send-back.js';

export function rollback(d: Draft, e: Extract<MoleculeEvent, { type: 'rollback' }>): Result<void> {
  let sweep: number[];
  let note: string;
  if (e.step === undefined) {
    sweep = Array.from({ length: d.size }, (_, i) => i);
    note = 'rolled back to the base';
    d.emit({ type: 'reset-branch' });
  } else {
    const found = findStep(d, e.step);
    if (!found.ok) return found;
    const i = found.value;
    const step = d.step(i);
    if (step.status !== 'completed') {
      return refuse(
        'step',
        e.step,
        step.status,
        'rollback',
        'only a completed step has a checkpoint to return to',
      );
    }
    sweep = downstreamOf(d.index, [i]);
    note = `rolled back to the checkpoint of "${e.step}"`;
    const commit = step.checkpoint?.commit;
    if (commit !== undefined) d.emit({ type: 'reset-branch', step: e.step, commit });
    else
      d.emit({
        type: 'notice',
        level: 'warning',
        message: `step "${e.step}" recorded no commit; the branch was left as it is`,
      });
  }
  const interrupted: string[] = [];
  for (const j of sweep) {
    if (
      sendBack(d, j, 'rollback', { by: e.by, note }, { error: undefined, attempts: 0, checkpoint: undefined })
    )
      interrupted.push(d.step(j).id);
  }
  noticeInterrupted(d, interrupted, note);
  if (d.status === 'complete' || d.status === 'failed')
    d.moveMolecule('rollback', 'in_progress', { by: e.by, note });
  else d.record('rollback', { by: e.by, note, ...(e.step === undefined ? {} : { step: e.step }) });
  return ok(undefined);
}

/** Steps the scheduler must look at after a rollback: the swept ones may be ready again. */
export function rollbackCandidates(d: Draft, e: Extract<MoleculeEvent, { type: 'rollback' }>): number[] {
  if (e.step === undefined) return Array.from({ length: d.size }, (_, i) => i);
  const i = d.position(e.step);
  return i === undefined ? [] : downstreamOf(d.index, [i]);
}
