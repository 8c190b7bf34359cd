/**
 * Whether any step may still move (pending, ready, running or awaiting a gate), without a scan of
 * the molecule per transition: the search starts from a hint (the position of a step that was
 * open in the molecule this one was derived from, which its lists remember) and goes backwards; the
 * hint is always checked against the step's actual status, so a stale one only costs a search,
 * never a wrong answer. In a DAG laid out in order the last steps finish last, so the hint rarely
 * moves.
 */
import { ACTIVE_STEP_STATUSES } from '../machine/step-machine.js';
import type { StepState, StepStatus } from '../molecule-schema.js';

/** Steps by position (a draft is one). */
export interface StepSource {
  readonly size: number;
  step(i: number): StepState;
}

export function isOpen(status: StepStatus): boolean {
  return status === 'pending' || ACTIVE_STEP_STATUSES.has(status);
}

/** The position of an open step in `steps`, searching backwards from `hint`, or -1 when every step is done. */
export function findOpenStep(steps: StepSource, hint?: number): number {
  const n = steps.size;
  if (n === 0) return -1;
  const start = Math.min(Math.max(hint ?? n - 1, 0), n - 1);
  for (let k = 0; k < n; k++) {
    const i = (start - k + n) % n;
    if (isOpen(steps.step(i).status)) return i;
  }
  return -1;
}
