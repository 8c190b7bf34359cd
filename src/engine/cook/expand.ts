import { didYouMean } from '../did-you-mean.js';
import type { ParsedFormula } from '../formula/parsed-formula.js';
import { flattenSteps } from './children.js';
import { type CookContext, type Origin, placeOf } from './cook-context.js';
import { inferType } from './infer-type.js';
import { fillStep } from './target-placeholders.js';
import type { DeclaredVar } from './vars.js';
import { entriesAndExits, redirectNeeds, union, type WorkStep } from './work-step.js';

export interface ExpandRule {
  target: string;
  with: string;
  origin: Origin;
}

/**
 * `compose.expand`: each target step is replaced by the expansion formula's `template` steps.
 * The template's entry steps take over the target's needs; every step that needed the target
 * now needs the template's exit steps; an `on_fail` loop back to the target goes to the first
 * entry step. The expansion's own vars join the formula's (the formula's declarations win).
 */
export function applyExpansions(
  steps: WorkStep[],
  rules: readonly ExpandRule[],
  vars: Map<string, DeclaredVar>,
  ctx: CookContext,
): WorkStep[] {
  let out = steps;
  for (const rule of rules) {
    const at = out.findIndex((s) => s.id === rule.target);
    if (at < 0) {
      ctx.error(
        'unknown-target',
        `compose.expand targets step "${rule.target}", but there is no such step${didYouMean(
          rule.target,
          out.map((s) => s.id),
        )}`,
        placeOf(rule.origin, 'target'),
      );
      continue;
    }
    const expansion = loadExpansion(rule, ctx);
    if (!expansion) continue;
    const target = out[at] as WorkStep;
    const spliced = instantiateTemplate(expansion, {
      target: target.id,
      'target.id': target.id,
      'target.title': target.fields.title ?? target.id,
      'target.description': target.fields.description ?? '',
    });
    const { entries, exits } = entriesAndExits(spliced);
    const entryIds = new Set(entries.map((e) => e.id));
    const wired = spliced.map((s) =>
      entryIds.has(s.id) ? { ...s, needs: union(target.needs, s.needs) } : s,
    );
    const rest = redirectNeeds(
      [...out.slice(0, at), ...out.slice(at + 1)],
      target.id,
      exits.map((e) => e.id),
    ).map((s) =>
      s.fields.on_fail === target.id ? { ...s, fields: { ...s.fields, on_fail: entries[0]?.id } } : s,
    );
    out = [...rest.slice(0, at), ...wired, ...rest.slice(at)];
    for (const [name, input] of Object.entries(expansion.data.vars ?? {})) {
      if (!vars.has(name)) vars.set(name, { input, origin: { formula: expansion, path: ['vars', name] } });
    }
  }
  return out;
}

function loadExpansion(rule: ExpandRule, ctx: CookContext): ParsedFormula | undefined {
  const expansion = ctx.load(rule.with, 'compose.expand', placeOf(rule.origin, 'with'));
  if (!expansion) return undefined;
  const kind = inferType(expansion.data);
  if (kind !== 'expansion') {
    ctx.error(
      'not-an-expansion',
      `compose.expand uses "${rule.with}", which is a ${kind} formula, not an expansion (it has no [[template]])`,
      placeOf(rule.origin, 'with'),
    );
    return undefined;
  }
  if (!expansion.data.template?.length) {
    ctx.error(
      'empty-formula',
      `expansion "${rule.with}" has no [[template]] steps`,
      placeOf({ formula: expansion, path: [] }),
    );
    return undefined;
  }
  return expansion;
}

/**
 * An expansion's template with its `{target}`, `{target.id}`, `{target.title}` and
 * `{target.description}` placeholders filled from `values`; placeholders missing from `values`
 * stay as written (an expansion cooked on its own shows them).
 */
export function instantiateTemplate(
  expansion: ParsedFormula,
  values: Readonly<Record<string, string>>,
): WorkStep[] {
  return flattenSteps(
    (expansion.data.template ?? []).map((s) => fillStep(s, values)),
    expansion,
    ['template'],
  );
}
