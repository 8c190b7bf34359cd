/**
 * Beads' `compose.bond_points` (types.go BondPoint, Validate): named places where other formulas
 * may attach. Upstream's cook checks each (an id; `after_step` or `before_step`, not both, naming
 * a step of the formula) and lists them with the proto (cmd/bd/cook.go); nothing in Beads or Gas
 * City attaches at them, so here too they are kept on the proto and shown, and change no run.
 */

import { type CookContext, type Origin, placeOf } from './cook-context.js';
import type { Proto } from './proto.js';

export interface BondPointRule {
  id: string;
  afterStep?: string;
  beforeStep?: string;
  origin: Origin;
}

export function bondPoints(
  rules: readonly BondPointRule[],
  ids: ReadonlySet<string>,
  ctx: CookContext,
): Proto['bondPoints'] {
  const out: NonNullable<Proto['bondPoints']> = [];
  for (const rule of rules) {
    if (rule.afterStep !== undefined && rule.beforeStep !== undefined) {
      ctx.error(
        'invalid-value',
        `compose.bond_points "${rule.id}" cannot have both after_step and before_step`,
        placeOf(rule.origin, 'before_step'),
      );
      continue;
    }
    const [key, step] =
      rule.afterStep !== undefined ? ['after_step', rule.afterStep] : ['before_step', rule.beforeStep];
    if (step !== undefined && !ids.has(step)) {
      ctx.error(
        'unknown-step',
        `compose.bond_points "${rule.id}": ${key} names "${step}", which is not a step`,
        placeOf(rule.origin, key),
      );
      continue;
    }
    const { origin: _origin, ...point } = rule;
    out.push(point);
  }
  return out.length ? out : undefined;
}
