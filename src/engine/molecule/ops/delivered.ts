/**
 * `delivered`: the face built the result branch or opened, found, merged or closed the pull
 * request. Recording what is already recorded changes nothing, so a redelivered event or a second
 * replica that found the same pull request writes nothing.
 */
import { ok, type Result } from '../../errors.js';
import { refuse } from '../machine/refusal.js';
import type { Draft } from './draft.js';
import type { MoleculeEvent } from './events.js';
import { findStep } from './find-step.js';

export function delivered(d: Draft, e: Extract<MoleculeEvent, { type: 'delivered' }>): Result<void> {
  const was = d.field('delivery');
  const next = { ...was, ...e.delivery };
  if (
    was !== undefined &&
    was.branch === next.branch &&
    was.pr === next.pr &&
    was.url === next.url &&
    was.state === next.state
  )
    return ok(undefined);
  d.set('delivery', next);
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
  return ok(undefined);
}

/** `step "docs" does not merge into molecular/m/-result: conflicts in README.md, a.txt; …`. */
export function conflictSentence(step: string, branch: string, paths: readonly string[]): string {
  const shown = paths.slice(0, 20).join(', ');
  const more = paths.length > 20 ? ` and ${paths.length - 20} more` : '';
  const where = paths.length === 0 ? 'a merge conflict' : `conflicts in ${shown}${more}`;
  return `step "${step}" does not merge into ${branch}: ${where}; resolve it on the step's branch and /mol retry ${step}`;
}
