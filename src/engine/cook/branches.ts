/**
 * Beads' `compose.branch` (controlflow.go ApplyBranches / applyBranchesWithMap): for each rule,
 * every step of `steps` needs `from`, and `join` needs every step of `steps` — a fork and a join
 * wired at cook, after loops and before expansions, as upstream orders them.
 */
import type { CookContext, Origin } from './cook-context.js';
import { placeOf } from './cook-context.js';
import { union, type WorkStep } from './work-step.js';

export interface BranchRule {
  from: string;
  steps: string[];
  join: string;
  origin: Origin;
}

export function applyBranches(
  steps: readonly WorkStep[],
  rules: readonly BranchRule[],
  ctx: CookContext,
): WorkStep[] {
  if (rules.length === 0) return [...steps];
  const out = [...steps];
  const index = new Map(out.map((s, i) => [s.id, i]));
  const add = (id: string, needs: readonly string[]) => {
    const i = index.get(id) as number;
    const step = out[i] as WorkStep;
    out[i] = { ...step, needs: union(step.needs, needs) };
  };
  for (const rule of rules) {
    const missing = [
      ...(['from', 'join'] as const)
        .filter((k) => !index.has(rule[k]))
        .map((k) => ({ id: rule[k], key: [k] })),
      ...rule.steps.flatMap((id, i) => (index.has(id) ? [] : [{ id, key: ['steps', i] }])),
    ];
    for (const { id, key } of missing) {
      ctx.error(
        'unknown-step',
        `compose.branch names step "${id}", but there is no such step`,
        placeOf(rule.origin, ...key),
      );
    }
    if (missing.length) continue;
    for (const id of rule.steps) add(id, [rule.from]);
    add(rule.join, rule.steps);
  }
  return out;
}
