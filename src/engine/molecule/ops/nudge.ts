/**
 * Patrol nudged whoever holds an idle step, or re-dispatched a ready step nobody picked up (its
 * dispatch was lost): remembered in `nudgedAt` so the next patrol waits before doing it again.
 */
import { ok, type Result } from '../../errors.js';
import { refuse } from '../machine/refusal.js';
import type { Draft } from './draft.js';
import type { MoleculeEvent } from './events.js';
import { findStep } from './find-step.js';

export function nudge(d: Draft, e: Extract<MoleculeEvent, { type: 'nudge' }>): Result<void> {
  const found = findStep(d, e.step);
  if (!found.ok) return found;
  const i = found.value;
  const step = d.step(i);
  if (step.status === 'ready') {
    d.move(i, 'nudge', 'ready', { by: 'patrol', note: 'dispatched again' }, { nudgedAt: d.at });
    d.emit({ type: 'dispatch', step: e.step, baseBranches: d.baseBranches(i) });
    return ok(undefined);
  }
  if (step.status !== 'in_progress') return refuse('step', e.step, step.status, 'nudge');
  const idleMs = step.startedAt === undefined ? 0 : d.now.getTime() - Date.parse(step.startedAt);
  d.move(i, 'nudge', 'in_progress', { by: 'patrol' }, { nudgedAt: d.at });
  d.emit({ type: 'nudge', step: e.step, idleMs });
  return ok(undefined);
}
