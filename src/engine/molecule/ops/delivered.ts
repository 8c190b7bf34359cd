/**
 * `delivered`: the face built the result branch or opened, found, merged or closed the pull
 * request. Recording what is already recorded changes nothing, so a redelivered event or a second
 * replica that found the same pull request writes nothing.
 */
import { deliveringStep } from '../../cook/pull-request.js';
import { err, ok, type Result } from '../../errors.js';
import { settledDelivery } from '../delivery.js';
import { refuse } from '../machine/refusal.js';
import type { Draft, StepPatch } from './draft.js';
import type { MoleculeEvent } from './events.js';
import { findStep } from './find-step.js';
import { downstreamOf } from './proto-index.js';
import { noticeInterrupted, sendBack } from './send-back.js';

export function delivered(d: Draft, e: Extract<MoleculeEvent, { type: 'delivered' }>): Result<void> {
  const was = d.field('delivery');
  // Recorded, it is no longer due: patrol stops delivering it again.
  const next = settledDelivery({ ...was, ...e.delivery });
  const seen =
    was !== undefined &&
    was.branch === next.branch &&
    was.pr === next.pr &&
    was.url === next.url &&
    was.state === next.state &&
    was.note === next.note;
  if (seen && was.due === undefined && was.tries === undefined) return ok(undefined);
  d.set('delivery', next);
  if (seen) return ok(undefined);
  const what = next.pr === undefined ? next.branch : `#${next.pr}${next.state ? ` (${next.state})` : ''}`;
  d.record('delivered', { by: e.by, note: what });
  return ok(undefined);
}

export function deliveryFailed(
  d: Draft,
  e: Extract<MoleculeEvent, { type: 'delivery-failed' }>,
): Result<void> {
  const found = findStep(d, e.step);
  if (!found.ok) return found;
  const i = found.value;
  const status = d.step(i).status;
  if (status === 'failed') return ok(undefined);
  if (status !== 'completed') return refuse('step', e.step, status, 'conflict');
  d.move(i, 'conflict', 'failed', { by: e.by, note: e.error }, { error: e.error, completedAt: undefined });
  // A conflict waits for a person (`/mol retry`), not for patrol: nothing is due until then.
  const delivery = d.field('delivery');
  if (delivery?.due !== undefined) d.set('delivery', settledDelivery(delivery));
  return ok(undefined);
}

/** `step "docs" does not merge into molecular/m/-result: conflicts in README.md, a.txt; …`. */
export function conflictSentence(step: string, branch: string, paths: readonly string[]): string {
  const shown = paths.slice(0, 20).join(', ');
  const more = paths.length > 20 ? ` and ${paths.length - 20} more` : '';
  const where = paths.length === 0 ? 'a merge conflict' : `conflicts in ${shown}${more}`;
  return `step "${step}" does not merge into ${branch}: ${where}; resolve it on the step's branch and /mol retry ${step}`;
}

/**
 * A review requesting changes: the delivering step's `on_changes_requested` step, everything
 * downstream of it (the delivering step among them) back to pending with fresh attempts, and the
 * review kept on that step for its next attempt. Its `loops` count the trips, bounded by the
 * delivering step's `max_loops` (else the formula's).
 */
export function changesRequested(
  d: Draft,
  e: Extract<MoleculeEvent, { type: 'changes-requested' }>,
): Result<void> {
  const delivering = deliveringStep(d.proto);
  if (delivering === undefined)
    return err(
      'invalid-state',
      'this molecule delivers no pull request ([pull_request]), so a review changes nothing',
    );
  const at = d.position(delivering) as number;
  const def = d.def(at);
  const targetId = def.onChangesRequested;
  if (targetId === undefined)
    return err(
      'invalid-state',
      `step "${delivering}" has no on_changes_requested, so a review requesting changes changes nothing`,
    );
  const target = d.position(targetId) as number;
  const budget = def.maxLoops ?? d.proto.maxLoops;
  const loops = d.step(target).loops;
  if (loops >= budget)
    return err(
      'loop-limit',
      `changes requested, but "${targetId}" was sent back ${loops} of ${budget} times (max_loops): nothing changed; retry or reset by hand`,
    );
  const note = `changes requested by @${e.by}: loop ${loops + 1} of ${budget} back to "${targetId}"`;
  const interrupted: string[] = [];
  for (const j of [target, ...downstreamOf(d.index, [target])].sort((a, b) => a - b)) {
    const patch: StepPatch = { attempts: 0, error: undefined };
    if (j === target) {
      patch.loops = loops + 1;
      patch.review = e.review;
    }
    if (sendBack(d, j, 'loop', { by: e.by, note }, patch)) interrupted.push(d.step(j).id);
  }
  noticeInterrupted(d, interrupted, note);
  return ok(undefined);
}
