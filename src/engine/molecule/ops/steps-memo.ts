/**
 * What the engine remembers about the last steps array it built or checked, so the next
 * transition given that array (a caller advancing the molecule it just got back) skips work: the
 * proto it matches (no id-by-id comparison) and the position of a step that was open there (where
 * the search for an open step starts; a hint, always checked). One slot rather than a WeakMap
 * entry per array: writing a WeakMap on every transition cost more than the rest of the
 * bookkeeping, while a molecule handed back out of turn only pays the comparison again, which is
 * linear like the copy of its steps the transition makes anyway. A copy of the remembered array
 * (the same step objects in the same order, which is what a store that hands out copies of its
 * lists gives back) counts as that array: comparing references is a fraction of comparing ids.
 * The slot keeps the last array and its proto alive until the next transition.
 */
import type { Proto } from '../../cook/proto.js';
import type { StepState } from '../molecule-schema.js';

let lastSteps: readonly StepState[] | undefined;
let lastProto: Proto | undefined;
let lastOpen: number | undefined;

/** The proto `steps` was built from or checked against, when it is the remembered array. */
export function matchedProto(steps: readonly StepState[]): Proto | undefined {
  return isRemembered(steps) ? lastProto : undefined;
}

/** Where an open step was in `steps`, when it is the remembered array and that was known. */
export function openHint(steps: readonly StepState[]): number | undefined {
  return isRemembered(steps) ? lastOpen : undefined;
}

function isRemembered(steps: readonly StepState[]): boolean {
  if (steps === lastSteps) return true;
  const last = lastSteps;
  if (last === undefined || steps.length !== last.length) return false;
  for (let i = 0; i < steps.length; i++) if (steps[i] !== last[i]) return false;
  // The copy takes the original's place, so the next question about it is answered at once.
  lastSteps = steps;
  return true;
}

export function remember(steps: readonly StepState[], proto: Proto, open?: number): void {
  lastSteps = steps;
  lastProto = proto;
  lastOpen = open;
}
