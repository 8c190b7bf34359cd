/**
 * Upstream keys that change what a formula does at run time and that Molecular cannot do yet. An
 * upstream formula using one must not run as a different workflow without saying so, so cook
 * refuses it by name, at the key, rather than warn and ignore it.
 */
import type { ParsedFormula } from '../formula/parsed-formula.js';
import { type CookContext, placeOf } from './cook-context.js';

/** Declared in Beads' types.go and merged by its parser, but evaluated by no code in Beads or Gas City. */
const COMPOSE_KEYS = {
  gate: "Beads' compose.gate conditions are for a runtime patrol that neither Beads nor Gas City has",
  hooks: "Beads' hooks attach formulas when an issue's labels or type match, which no upstream code does",
} as const;

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
