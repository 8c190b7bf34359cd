/**
 * Whether any step may still move (pending, ready, running or awaiting a gate), without a scan of
 * the molecule per transition: each steps array remembers the position of one open step (a
 * witness), the next array starts from its predecessor's witness, and a witness is always checked
 * against the step's actual status, so a stale one only costs a search, never a wrong answer.
 * The search goes backwards from the witness: in a DAG laid out in order, the last steps finish
 * last, so the witness rarely moves.
 */
import { ACTIVE_STEP_STATUSES } from '../machine/step-machine.js';
import type { StepState, StepStatus } from '../molecule-schema.js';

const witnesses = new WeakMap<readonly StepState[], number>();

export function isOpen(status: StepStatus): boolean {
  return status === 'pending' || ACTIVE_STEP_STATUSES.has(status);
}

/**
 * The position of an open step in `steps`, or -1 when every step is done. `previous` is the array
 * `steps` was derived from, whose witness is the first guess.
 */
export function findOpenStep(steps: readonly StepState[], previous?: readonly StepState[]): number {
  const n = steps.length;
  if (n === 0) return -1;
  const hint = witnesses.get(steps) ?? (previous ? witnesses.get(previous) : undefined) ?? n - 1;
  const start = Math.min(Math.max(hint, 0), n - 1);
  for (let k = 0; k < n; k++) {
    const i = (start - k + n) % n;
    if (isOpen((steps[i] as StepState).status)) {
      witnesses.set(steps, i);
      return i;
    }
  }
  witnesses.delete(steps);
  return -1;
}
