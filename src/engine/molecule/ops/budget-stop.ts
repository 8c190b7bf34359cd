/**
 * Budgets in the state: an attempt stopped because its agent reached a limit, and a person raising
 * a limit. A stop does not use up a retry — the agent did nothing wrong — so the step waits, ready,
 * while the molecule pauses: no agent work starts in it until the limit is raised (`mol budget`,
 * `/mol budget`). A raise that lifts the limit that stopped it lets the molecule go on.
 */
import { type Budget, describeCrossing, reachedLimit } from '../../budget/budget.js';
import { ok, type Result } from '../../errors.js';
import { budgetsFor, spentFor } from '../step-budgets.js';
import type { Draft, StepPatch } from './draft.js';
import type { MoleculeEvent } from './events.js';
import { findStep } from './find-step.js';

export function stopForBudget(
  d: Draft,
  i: number,
  e: Extract<MoleculeEvent, { type: 'fail' }>,
  patch: StepPatch,
): void {
  const fields: StepPatch = {
    ...patch,
    error: e.error,
    lease: undefined,
    nudgedAt: undefined,
    awaitingSince: undefined,
  };
  d.move(i, 'fail', 'failed', { by: e.by, note: e.error }, fields);
  d.move(i, 'auto-retry', 'ready', { note: 'waits for its budget to be raised' });
  d.set('budgetStop', { step: d.step(i).id, message: e.error });
  d.moveMolecule('pause', 'paused', { by: 'budget', note: e.error });
}

export function raiseBudget(d: Draft, e: Extract<MoleculeEvent, { type: 'budget' }>): Result<void> {
  const words = describeBudget(e.budget);
  if (e.step !== undefined) {
    const found = findStep(d, e.step);
    if (!found.ok) return found;
    const i = found.value;
    const budget = { ...d.step(i).budget, ...e.budget };
    d.patch(i, { budget });
    d.record('budget', { step: e.step, by: e.by, note: `step budget ${words}` });
  } else {
    d.set('budget', { ...d.field('budget'), ...e.budget });
    d.record('budget', { by: e.by, note: `molecule budget ${words}` });
  }
  const stop = d.field('budgetStop');
  if (stop === undefined || d.status !== 'paused') return ok(undefined);
  const at = d.position(stop.step);
  const steps = Array.from({ length: d.size }, (_, j) => d.step(j));
  const reached =
    at === undefined
      ? undefined
      : reachedLimit(
          budgetsFor(d.proto, { budget: d.field('budget') }, d.def(at), d.step(at)),
          spentFor(steps, d.step(at)),
        );
  if (reached !== undefined) {
    d.emit({
      type: 'notice',
      level: 'warning',
      message: `still paused: ${describeCrossing(reached)}; raise that limit to go on`,
    });
    return ok(undefined);
  }
  d.set('budgetStop', undefined);
  let started = false;
  for (let j = 0; j < d.size; j++) {
    const step = d.step(j);
    if (step.status === 'ready') d.redispatch(j);
    if (step.attempts > 0 || ['in_progress', 'awaiting_gate', 'completed', 'failed'].includes(step.status))
      started = true;
  }
  d.moveMolecule('budget', started ? 'in_progress' : 'pending', { by: e.by, note: 'budget raised' });
  return ok(undefined);
}

function describeBudget(budget: Budget): string {
  return Object.entries(budget)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
}
