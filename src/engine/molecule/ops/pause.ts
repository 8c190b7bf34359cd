/**
 * Pausing holds back new work: nothing starts and nothing is dispatched, while work already
 * running may still finish and is recorded. Unpausing dispatches every step that became ready.
 */
import { ok, type Result } from '../../errors.js';
import type { Draft } from './draft.js';
import type { MoleculeEvent } from './events.js';

export function pause(d: Draft, e: Extract<MoleculeEvent, { type: 'pause' }>): Result<void> {
  d.moveMolecule('pause', 'paused', { by: e.by });
  return ok(undefined);
}

export function unpause(d: Draft, e: Extract<MoleculeEvent, { type: 'unpause' }>): Result<void> {
  let started = false;
  for (let i = 0; i < d.size; i++) {
    const step = d.step(i);
    if (step.status === 'ready') d.redispatch(i);
    if (step.attempts > 0 || ['in_progress', 'awaiting_gate', 'completed', 'failed'].includes(step.status))
      started = true;
  }
  // A person going on past a budget stop: the runner checks the budget again before any agent starts.
  if (d.field('budgetStop') !== undefined) d.set('budgetStop', undefined);
  d.moveMolecule('unpause', started ? 'in_progress' : 'pending', { by: e.by });
  return ok(undefined);
}
