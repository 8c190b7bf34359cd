/**
 * Delivery (`[pull_request]`): when a molecule's work is due on its result branch, and which
 * branches make it. The delivering step is `after`, or the last step when every step must be done;
 * once it has completed, every later completion is delivered too, so the pull request keeps up.
 */

import type { Proto } from '../cook/proto.js';
import { deliveringStep } from '../cook/pull-request.js';
import type { Effect } from './effects.js';
import type { Molecule } from './molecule-schema.js';

export { deliveringStep } from '../cook/pull-request.js';

/** Whether the molecule's work is due on its result branch now. */
export function deliveryDue(proto: Proto, mol: Pick<Molecule, 'steps'>): boolean {
  const pr = proto.pullRequest;
  if (pr === undefined) return false;
  if (pr.after !== undefined) return mol.steps.some((s) => s.id === pr.after && s.status === 'completed');
  return mol.steps.every((s) => s.status === 'completed' || s.status === 'skipped');
}

/** The branches the result branch merges: every completed step's, in proto order. */
export function deliveryBranches(mol: Pick<Molecule, 'steps'>): string[] {
  const branches: string[] = [];
  for (const s of mol.steps)
    if (s.status === 'completed' && s.branch !== undefined && !branches.includes(s.branch))
      branches.push(s.branch);
  return branches;
}

/**
 * The `deliver` effect a transition from `before` to `after` asks for: a step completed in it and
 * the work is due. Undefined otherwise (no `[pull_request]`, nothing completed, not due yet).
 */
export function deliveryEffect(proto: Proto, before: Molecule, after: Molecule): Effect | undefined {
  if (proto.pullRequest === undefined || before === after) return undefined;
  const was = new Map(before.steps.map((s) => [s.id, s.status]));
  const done = after.steps.filter((s) => s.status === 'completed' && was.get(s.id) !== 'completed');
  const last = done[done.length - 1];
  if (last === undefined || !deliveryDue(proto, after)) return undefined;
  return { type: 'deliver', step: last.id, branches: deliveryBranches(after) };
}

/** Whether `step` is the delivering step (reviews requesting changes reach it). */
export const isDeliveringStep = (proto: Proto, step: string): boolean => deliveringStep(proto) === step;
