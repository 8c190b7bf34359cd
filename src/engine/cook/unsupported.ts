/**
 * Upstream keys that change what a formula does at run time and that Molecular cannot do yet. An
 * upstream formula using one must not run as a different workflow without saying so, so cook
 * refuses it by name, at the key, rather than warn and ignore it.
 */
import type { ParsedFormula } from '../formula/parsed-formula.js';
import { type CookContext, placeOf } from './cook-context.js';
import type { WorkStep } from './work-step.js';

const STEP_KEYS = {} as const;

const COMPOSE_KEYS = {
  gate: "Beads' compose.gate conditions are evaluated by its patrol at run time",
  hooks: "Beads' hooks attach formulas when an issue's labels or type match",
} as const;

export function refuseUnsupportedSteps(steps: readonly WorkStep[], ctx: CookContext): void {
  for (const step of steps) {
    for (const [key, why] of Object.entries(STEP_KEYS)) {
      if (step.fields[key] !== undefined) {
        ctx.error(
          'not-supported',
          `${key} is not supported yet: ${why} (step "${step.id}")`,
          placeOf(step.origin, key),
        );
      }
    }
  }
}

export function refuseUnsupportedCompose(formula: ParsedFormula, ctx: CookContext): void {
  const compose = formula.data.compose;
  if (compose === undefined) return;
  for (const [key, why] of Object.entries(COMPOSE_KEYS)) {
    if (compose[key] !== undefined) {
      ctx.error(
        'not-supported',
        `compose.${key} is not supported yet: ${why}`,
        placeOf({ formula, path: ['compose', key] }),
      );
    }
  }
}
