import { didYouMean } from '../did-you-mean.js';
import type { ParsedFormula } from '../formula/parsed-formula.js';
import { flattenSteps } from './children.js';
import { type CookContext, type Origin, placeOf } from './cook-context.js';
import { matchGlob } from './glob.js';
import { inferType } from './infer-type.js';
import { fillStep } from './target-placeholders.js';
import type { DeclaredVar } from './vars.js';
import { entriesAndExits, redirectNeeds, union, type WorkStep } from './work-step.js';

export interface ExpandRule {
  target: string;
  with: string;
  /** The rule's vars override (`compose.expand[].vars`, a step's `expand_vars`). */
  vars?: Readonly<Record<string, string>>;
  origin: Origin;
  /** A step's own `expand` (inline) rather than a `[[compose.expand]]` rule. */
  inline?: boolean;
  /** A `[[compose.map]]` rule: `target` is a glob over step ids (Beads' MapRule.Select). */
  select?: boolean;
}

/** Upstream's DefaultMaxExpansionDepth (expand.go): inline expansions inside expansions, at most this deep. */
export const MAX_EXPANSION_DEPTH = 5;

/**
 * `compose.expand`: each target step is replaced by the expansion formula's `template` steps.
 * The template's entry steps take over the target's needs; every step that needed the target
 * now needs the template's exit steps; an `on_fail` loop back to the target goes to the first
 * entry step. The expansion's own vars join the formula's (the formula's declarations win).
 *
 * Each expansion also gets its own values, as upstream's expandStep/mergeVars give them: the
 * expansion's var defaults with the rule's `vars` over them fill the template's single-brace
 * `{name}` placeholders; a var the rule overrides fills `{{name}}` in that expansion's steps too
 * (elsewhere `{{name}}` keeps the formula's value). A step's own `expand = "name"` (with
 * `expand_vars`) is the same rule aimed at that step, applied first, as Beads'
 * ApplyInlineExpansions runs before the compose rules.
 */
export function applyExpansions(
  steps: WorkStep[],
  rules: readonly ExpandRule[],
  vars: Map<string, DeclaredVar>,
  ctx: CookContext,
): WorkStep[] {
  let out = applyInline(steps, vars, ctx);
  const expanded = new Set<string>();
  for (const rule of rules.filter((r) => !r.select)) {
    // A target expanded once is not expanded again (ApplyExpansionsWithVars' `expanded`).
    if (expanded.has(rule.target)) continue;
    out = expandOne(out, rule, vars, ctx) ?? out;
    expanded.add(rule.target);
  }
  // compose.map after every expand rule, on the steps as they are then (upstream's order).
  for (const rule of rules.filter((r) => r.select)) {
    const targets = out.filter((s) => !expanded.has(s.id) && matchGlob(rule.target, s.id)).map((s) => s.id);
    for (const target of targets) {
      out = expandOne(out, { ...rule, target }, vars, ctx) ?? out;
      expanded.add(target);
    }
  }
  return out;
}

function applyInline(steps: WorkStep[], vars: Map<string, DeclaredVar>, ctx: CookContext): WorkStep[] {
  let out = steps;
  for (let depth = 0; ; depth++) {
    const inline = out.filter((s) => s.fields.expand !== undefined);
    if (inline.length === 0) return out;
    for (const step of inline) {
      const rule: ExpandRule = {
        target: step.id,
        with: step.fields.expand as string,
        origin: step.origin,
        inline: true,
      };
      if (step.fields.expand_vars !== undefined) rule.vars = step.fields.expand_vars;
      const expanded = depth < MAX_EXPANSION_DEPTH ? expandOne(out, rule, vars, ctx) : undefined;
      if (depth >= MAX_EXPANSION_DEPTH) {
        ctx.error(
          'invalid-value',
          `step "${step.id}": expansions expand each other more than ${MAX_EXPANSION_DEPTH} levels deep`,
          placeOf(step.origin, 'expand'),
        );
      }
      // A step that could not expand keeps its place without the key, so the loop ends.
      out =
        expanded ??
        out.map((s) =>
          s === step ? { ...s, fields: { ...s.fields, expand: undefined, expand_vars: undefined } } : s,
        );
    }
  }
}

function expandOne(
  out: WorkStep[],
  rule: ExpandRule,
  vars: Map<string, DeclaredVar>,
  ctx: CookContext,
): WorkStep[] | undefined {
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
    return undefined;
  }
  const expansion = loadExpansion(rule, ctx);
  if (!expansion) return undefined;
  const target = out[at] as WorkStep;
  const own = expansionValues(expansion, rule.vars ?? {});
  const spliced = instantiateTemplate(
    expansion,
    {
      ...own,
      target: target.id,
      'target.id': target.id,
      'target.title': target.fields.title ?? target.id,
      'target.description': target.fields.description ?? '',
    },
    rule.vars ?? {},
  );
  const { entries, exits } = entriesAndExits(spliced);
  const entryIds = new Set(entries.map((e) => e.id));
  const wired = spliced.map((s) => (entryIds.has(s.id) ? { ...s, needs: union(target.needs, s.needs) } : s));
  const rest = redirectNeeds(
    [...out.slice(0, at), ...out.slice(at + 1)],
    target.id,
    exits.map((e) => e.id),
  ).map((s) =>
    s.fields.on_fail === target.id ? { ...s, fields: { ...s.fields, on_fail: entries[0]?.id } } : s,
  );
  for (const [name, input] of Object.entries(expansion.data.vars ?? {})) {
    if (!vars.has(name)) vars.set(name, { input, origin: { formula: expansion, path: ['vars', name] } });
  }
  return [...rest.slice(0, at), ...wired, ...rest.slice(at)];
}

/** The expansion's var defaults with the rule's overrides on top (upstream's mergeVars). */
function expansionValues(
  expansion: ParsedFormula,
  overrides: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, input] of Object.entries(expansion.data.vars ?? {})) {
    const value = typeof input === 'string' ? input : input.default;
    if (value !== undefined) out[name] = String(value);
  }
  return { ...out, ...overrides };
}

function loadExpansion(rule: ExpandRule, ctx: CookContext): ParsedFormula | undefined {
  const role = rule.inline ? 'expand' : rule.select ? 'compose.map' : 'compose.expand';
  const key = rule.inline ? 'expand' : 'with';
  const expansion = ctx.load(rule.with, role, placeOf(rule.origin, key));
  if (!expansion) return undefined;
  const kind = inferType(expansion.data);
  if (kind !== 'expansion') {
    ctx.error(
      'not-an-expansion',
      `${role} uses "${rule.with}", which is a ${kind} formula, not an expansion (it has no [[template]])`,
      placeOf(rule.origin, key),
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
  overrides: Readonly<Record<string, string>> = {},
): WorkStep[] {
  return flattenSteps(
    (expansion.data.template ?? []).map((s) => fillStep(s, values, overrides)),
    expansion,
    ['template'],
  );
}
