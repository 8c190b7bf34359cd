import type { FormulaInput } from '../formula/formula-schema.js';
import type { ParsedFormula } from '../formula/parsed-formula.js';
import { type AspectRef, aspectSteps } from './aspects.js';
import type { BondPointRule } from './bond-points.js';
import type { BranchRule } from './branches.js';
import { flattenSteps } from './children.js';
import { convoySteps, legSteps } from './convoy.js';
import { type CookContext, placeOf } from './cook-context.js';
import { type ExpandRule, instantiateTemplate } from './expand.js';
import { type FormulaKind, inferType } from './infer-type.js';
import { refuseUnsupportedCompose } from './unsupported.js';
import type { DeclaredVar } from './vars.js';
import type { WorkStep } from './work-step.js';

/** Formula-wide settings a formula inherits from its parents unless it sets them itself. */
type Settings = Pick<
  FormulaInput,
  | 'execution'
  | 'squash'
  | 'max_loops'
  | 'max_retries'
  | 'phase'
  | 'agent'
  | 'budget'
  | 'usage'
  | 'pull_request'
>;
const SETTINGS = [
  'execution',
  'squash',
  'max_loops',
  'max_retries',
  'phase',
  'agent',
  'budget',
  'usage',
  'pull_request',
] as const;

/** A formula with its `extends` chain folded in, before compose. */
export interface Resolved {
  vars: Map<string, DeclaredVar>;
  steps: WorkStep[];
  /** `compose.expand` rules, then `compose.map` rules (those with a `select`). */
  expand: ExpandRule[];
  branch: BranchRule[];
  aspects: AspectRef[];
  bondPoints: BondPointRule[];
  settings: Settings;
}

export const formulaName = (formula: ParsedFormula): string =>
  formula.data.formula ??
  (formula.file.split('/').pop() ?? formula.file).replace(/(\.formula)?\.(toml|json)$/, '');

/**
 * `extends = ["a", "b"]`: inherit each parent's vars, steps, compose rules and settings, in order,
 * then the formula's own on top. A step whose id a later layer defines again is replaced in place
 * (it keeps the parent's position, so the parent's order survives); a var defined again is
 * replaced whole. Compose rules accumulate (parents' first), as in Beads' `mergeComposeRules`.
 */
export function resolveFormula(
  formula: ParsedFormula,
  ctx: CookContext,
  chain: readonly string[] = [],
): Resolved {
  const name = formulaName(formula);
  const path = [...chain, name];
  const resolved: Resolved = {
    vars: new Map(),
    steps: [],
    expand: [],
    branch: [],
    aspects: [],
    bondPoints: [],
    settings: {},
  };
  refuseUnsupportedCompose(formula, ctx);
  const parents = formula.data.extends === undefined ? [] : [formula.data.extends].flat();
  parents.forEach((parentName, i) => {
    const place = placeOf({
      formula,
      path: Array.isArray(formula.data.extends) ? ['extends', i] : ['extends'],
    });
    if (path.includes(parentName)) {
      const cycle = [...path.slice(path.indexOf(parentName)), parentName].join(' -> ');
      ctx.error('extends-cycle', `formulas extend each other in a cycle: ${cycle}`, place);
      return;
    }
    const parent = ctx.load(parentName, 'extends', place);
    if (!parent) return;
    const kind = inferType(parent.data);
    if (kind !== 'workflow' && kind !== 'convoy') {
      ctx.error(
        'bad-extends',
        `"${name}" extends "${parentName}", which is ${article(kind)} ${kind} formula: only workflows and convoys can be extended`,
        place,
      );
      return;
    }
    merge(resolved, resolveFormula(parent, ctx, path));
  });
  merge(resolved, ownLayer(formula, inferType(formula.data)));
  return resolved;
}

/** What a formula itself contributes, whatever its kind. */
function ownLayer(formula: ParsedFormula, kind: FormulaKind): Resolved {
  const data = formula.data;
  const vars = new Map<string, DeclaredVar>();
  for (const section of ['vars', 'inputs'] as const) {
    for (const [name, input] of Object.entries(data[section] ?? {})) {
      vars.set(name, { input, origin: { formula, path: [section, name] } });
    }
  }
  const settings: Settings = {};
  for (const key of SETTINGS) {
    if (data[key] !== undefined) Object.assign(settings, { [key]: data[key] });
  }
  return {
    vars,
    steps: stepsOf(formula, kind),
    expand: [
      ...(data.compose?.expand ?? []).map((rule, i) => ({
        target: rule.target,
        with: rule.with,
        ...(rule.vars === undefined ? {} : { vars: rule.vars }),
        origin: { formula, path: ['compose', 'expand', i] },
      })),
      ...(data.compose?.map ?? []).map((rule, i) => ({
        target: rule.select,
        select: true,
        with: rule.with,
        ...(rule.vars === undefined ? {} : { vars: rule.vars }),
        origin: { formula, path: ['compose', 'map', i] },
      })),
    ],
    branch: (data.compose?.branch ?? []).map((rule, i) => ({
      from: rule.from,
      steps: [...rule.steps],
      join: rule.join,
      origin: { formula, path: ['compose', 'branch', i] },
    })),
    aspects: (data.compose?.aspects ?? []).map((aspect, i) => ({
      name: aspect,
      origin: { formula, path: ['compose', 'aspects', i] },
    })),
    bondPoints: (data.compose?.bond_points ?? []).map((point, i) => ({
      id: point.id,
      ...(point.after_step === undefined ? {} : { afterStep: point.after_step }),
      ...(point.before_step === undefined ? {} : { beforeStep: point.before_step }),
      origin: { formula, path: ['compose', 'bond_points', i] },
    })),
    settings,
  };
}

function stepsOf(formula: ParsedFormula, kind: FormulaKind): WorkStep[] {
  const own = flattenSteps(formula.data.steps ?? [], formula, ['steps']);
  switch (kind) {
    case 'convoy':
      return [...own, ...convoySteps(formula)];
    case 'expansion':
      // Cooked on its own: the template with `{target}` standing as the word "target".
      return [...own, ...instantiateTemplate(formula, { target: 'target', 'target.id': 'target' })];
    case 'aspect':
      return [...own, ...aspectSteps(formula), ...legSteps(formula, 'aspects')];
    default:
      return own;
  }
}

function merge(into: Resolved, layer: Resolved): void {
  for (const [name, v] of layer.vars) into.vars.set(name, v);
  const position = new Map(into.steps.map((s, i) => [s.id, i]));
  const overridden = new Set<string>();
  for (const step of layer.steps) {
    const at = position.get(step.id);
    // Two steps with one id inside the same layer are a duplicate for cook to report, not an override.
    if (at !== undefined && !overridden.has(step.id)) {
      into.steps[at] = step;
      overridden.add(step.id);
    } else {
      into.steps.push(step);
    }
  }
  into.expand.push(...layer.expand);
  into.branch.push(...layer.branch);
  into.aspects.push(...layer.aspects);
  // A layer's bond point replaces the one with its id, else joins (Beads' parser.go mergeComposeRules).
  for (const point of layer.bondPoints) {
    const at = into.bondPoints.findIndex((p) => p.id === point.id);
    if (at >= 0) into.bondPoints[at] = point;
    else into.bondPoints.push(point);
  }
  Object.assign(into.settings, layer.settings);
}

const article = (word: string): string => (/^[aeiou]/.test(word) ? 'an' : 'a');
