/**
 * Sending steps back to pending: the shared part of on_fail loops, rollbacks, retries and skips.
 */
import type { StepEvent } from '../machine/step-machine.js';
import type { Draft, EntryInfo, StepPatch } from './draft.js';
import { downstreamOf } from './proto-index.js';

/** What a step forgets when it goes back to pending; attempts, loops, checkpoint and branch stay unless patched. */
export const BACK_TO_PENDING: StepPatch = {
  lease: undefined,
  gates: undefined,
  awaitingSince: undefined,
  nudgedAt: undefined,
  startedAt: undefined,
  completedAt: undefined,
};

/**
 * Back to pending along `event`. A step already pending only has its fields patched (no history
 * entry for a status that did not change). Returns whether work in progress was interrupted.
 */
export function sendBack(
  d: Draft,
  i: number,
  event: StepEvent,
  info: EntryInfo,
  patch: StepPatch = {},
): boolean {
  const status = d.step(i).status;
  const fields = { ...BACK_TO_PENDING, ...patch };
  if (status === 'pending') {
    if (needsPatch(d, i, fields)) d.patch(i, fields);
    return false;
  }
  d.move(i, event, 'pending', info, fields);
  return status === 'in_progress' || status === 'awaiting_gate';
}

function needsPatch(d: Draft, i: number, fields: StepPatch): boolean {
  const step = d.step(i) as Record<string, unknown>;
  return Object.entries(fields).some(([key, value]) => step[key] !== value);
}

/** Blocked steps downstream of `from` go back to pending; the scheduler blocks again those still blocked by another failure. */
export function unblockDownstream(d: Draft, from: readonly number[], by?: string): void {
  for (const j of downstreamOf(d.index, from)) {
    if (d.step(j).status === 'blocked')
      d.move(j, 'unblock', 'pending', { by, note: 'the failure upstream was retried or skipped' });
  }
}

/** A notice naming steps whose running work no longer counts, so whoever runs them knows why they are refused. */
export function noticeInterrupted(d: Draft, ids: string[], why: string): void {
  if (ids.length === 0) return;
  const list = ids.map((id) => `"${id}"`).join(', ');
  d.emit({
    type: 'notice',
    level: 'warning',
    message: `${why}: work in progress on ${list} no longer counts`,
  });
}
