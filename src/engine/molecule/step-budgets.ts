/** The budgets that hold for one step of a molecule and what has been spent against them. */

import { type Budgets, mergeBudget, type Spent } from '../budget/budget.js';
import { addUsage, moleculeUsage, type Usage } from '../budget/usage.js';
import type { Proto, ProtoStep } from '../cook/proto.js';
import type { Molecule, StepState } from './molecule-schema.js';

export function budgetsFor(
  proto: Pick<Proto, 'budget'>,
  mol: Pick<Molecule, 'budget'>,
  def: Pick<ProtoStep, 'budget'>,
  state: Pick<StepState, 'budget'> | undefined,
): Budgets {
  const molecule = mergeBudget(proto.budget, mol.budget);
  const step = mergeBudget(def.budget, state?.budget);
  return { ...(molecule === undefined ? {} : { molecule }), ...(step === undefined ? {} : { step }) };
}

/** Spent so far, with `running` (the attempt under way) added to both. */
export function spentFor(
  steps: readonly Pick<StepState, 'usage'>[],
  state: Pick<StepState, 'usage'> | undefined,
  running?: Usage,
): Spent {
  return {
    molecule: addUsage(moleculeUsage(steps), running),
    step: addUsage(state?.usage, running),
  };
}
