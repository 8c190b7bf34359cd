/**
 * cook (Ice-9 -> Solid): a parsed formula becomes a proto — extends folded in,
 * expansions and aspects applied, overlays laid on, vars substituted, the DAG checked and put in
 * a stable topological order. Pure: every formula it may need comes from the caller's library.
 */
import type { Diagnostic, Result } from '../errors.js';
import type { ParsedFormula } from '../formula/parsed-formula.js';
import { substitute } from '../formula/substitute.js';
import { applyAspects } from './aspects.js';
import { applyBlockingGates } from './blocking-gates.js';
import { bondPoints } from './bond-points.js';
import { applyBranches } from './branches.js';
import { asMolError, CookContext, type FormulaLibrary, placeOf } from './cook-context.js';
import { checkDag } from './dag.js';
import { applyExpansions } from './expand.js';
import { formulaName, resolveFormula } from './extends.js';
import { fanoutOf, waitsForOf } from './fanout.js';
import { inferType } from './infer-type.js';
import { applyLoops } from './loop-expand.js';
import { applyOverlays } from './overlay.js';
import { DEFAULT_MAX_LOOPS, type Proto } from './proto.js';
import { protoBudget, toProtoStep } from './proto-step.js';
import { checkChangesRequested, deliveringStep, protoPullRequest } from './pull-request.js';
import { warnUndeclared, warnUndeclaredInStep } from './undeclared-placeholders.js';
import { collectVars, cookValues, type DeclaredVar } from './vars.js';

export { substitute } from '../formula/substitute.js';
export type { FormulaLibrary } from './cook-context.js';
export { topoOrder } from './dag.js';
export { bindVars } from './vars.js';

export interface CookOptions {
  /** Values for the formula's vars; unbound placeholders stay as text. */
  vars?: Record<string, string>;
  /** Where `extends`, `compose.expand` and `compose.aspects` names are looked up. */
  library?: FormulaLibrary;
  /** Overlay files (`[[step-overrides]]`), applied in order after compose. */
  overlays?: ParsedFormula[];
}

export interface Cooked {
  proto: Proto;
  /** Cook's own warnings (the parser's stay on each ParsedFormula). */
  warnings: Diagnostic[];
  /** Formulas pulled from the library (extends, expansions, aspects), in order of first use. */
  uses: string[];
}

export function cook(formula: ParsedFormula, options: CookOptions = {}): Result<Cooked> {
  const ctx = new CookContext(options.library);
  const kind = inferType(formula.data);
  if (kind === 'overlay' || formula.isOverlay) {
    ctx.error(
      'overlay-alone',
      `${formula.file} is a formula overlay (step-overrides), not a formula: apply it with \`mol cook <formula> --overlay ${formula.file}\``,
      placeOf({ formula, path: [] }),
    );
    return { ok: false, error: asMolError(ctx.errors) };
  }

  const resolved = resolveFormula(formula, ctx);
  const given = options.vars ?? {};
  // Loops come first, as in Beads' cook (ApplyControlFlow before advice and expansions).
  let steps = applyLoops(resolved.steps, (name) => given[name] ?? defaultOf(resolved.vars.get(name)), ctx);
  steps = applyBranches(steps, resolved.branch, ctx);
  steps = applyExpansions(steps, resolved.expand, resolved.vars, ctx);
  steps = applyAspects(steps, resolved.aspects, resolved.vars, ctx);
  steps = applyOverlays(steps, options.overlays ?? [], ctx);
  steps = applyBlockingGates(steps, ctx);

  const vars = collectVars(resolved.vars, ctx);
  const values = cookValues(vars, given, ctx);
  const name = formulaName(formula);
  if (steps.length === 0 && ctx.errors.length === 0) {
    const what =
      kind === 'convoy'
        ? 'legs'
        : kind === 'expansion'
          ? '[[template]] steps'
          : kind === 'aspect'
            ? 'advice'
            : 'steps';
    ctx.error(
      'empty-formula',
      `formula "${name}" has no ${what}: there is nothing to run`,
      placeOf({ formula, path: [] }),
    );
  }
  const declared = new Set(Object.keys(vars));
  warnUndeclared(
    `formula "${name}"`,
    [['description', formula.data.description ?? '']],
    { formula, path: [] },
    declared,
    ctx,
  );
  for (const s of steps) warnUndeclaredInStep(s, declared, ctx);
  const protoSteps = new Map(
    steps.map((s) => [
      s,
      toProtoStep(
        s,
        values,
        {
          maxRetries: resolved.settings.max_retries,
          agent: resolved.settings.agent,
          ...(resolved.settings.usage === undefined ? {} : { usage: resolved.settings.usage }),
          declared,
        },
        ctx,
      ),
    ]),
  );
  const ids = new Set(steps.map((s) => s.id));
  for (const [s, p] of protoSteps) {
    const fanout = fanoutOf(s, values, ctx);
    if (fanout !== undefined) p.fanout = fanout;
    const waitsFor = waitsForOf(s, ids, ctx);
    if (waitsFor !== undefined) p.waitsFor = waitsFor;
  }
  const ordered = checkDag(steps, ctx);
  if (ctx.errors.length || !ordered) return { ok: false, error: asMolError(ctx.errors) };

  const settings = resolved.settings;
  const proto: Proto = {
    formula: name,
    description: substitute(formula.data.description ?? '', values),
    type: kind,
    execution: settings.execution ?? 'local',
    vars,
    steps: ordered.map((s) => protoSteps.get(s) as Proto['steps'][number]),
    maxLoops: settings.max_loops ?? DEFAULT_MAX_LOOPS,
  };
  if (settings.pull_request !== undefined)
    proto.pullRequest = protoPullRequest(settings.pull_request, values, formula, proto.steps, ctx);
  checkChangesRequested(ordered, proto.steps, deliveringStep(proto), ctx);
  if (ctx.errors.length) return { ok: false, error: asMolError(ctx.errors) };
  if (formula.data.version !== undefined) proto.version = formula.data.version;
  if (settings.squash) {
    const squash: NonNullable<Proto['squash']> = { includeMetrics: settings.squash.include_metrics ?? false };
    if (settings.squash.template !== undefined) squash.template = settings.squash.template;
    if (settings.squash.template_type !== undefined) squash.templateType = settings.squash.template_type;
    proto.squash = squash;
  }
  if (settings.phase !== undefined) proto.phase = settings.phase;
  if (formula.data.review_only === true) proto.reviewOnly = true;
  const points = bondPoints(resolved.bondPoints, new Set([...ids, ...resolved.steps.map((s) => s.id)]), ctx);
  if (ctx.errors.length) return { ok: false, error: asMolError(ctx.errors) };
  if (points !== undefined) proto.bondPoints = points;
  const budget = protoBudget(settings.budget);
  if (budget !== undefined) proto.budget = budget;
  return { ok: true, value: { proto, warnings: ctx.warnings, uses: ctx.uses } };
}

function defaultOf(declared: DeclaredVar | undefined): string | undefined {
  const input = declared?.input;
  if (typeof input === 'string') return input;
  return input?.default === undefined ? undefined : String(input.default);
}
