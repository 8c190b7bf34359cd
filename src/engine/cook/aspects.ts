import type { Advice, Pointcut, StepInput } from '../formula/formula-schema.js';
import type { ParsedFormula } from '../formula/parsed-formula.js';
import { type CookContext, type KeyPath, type Origin, placeOf } from './cook-context.js';
import { isGlob, matchGlob } from './glob.js';
import { inferType } from './infer-type.js';
import { fillStep } from './target-placeholders.js';
import type { DeclaredVar } from './vars.js';
import { entriesAndExits, redirectNeeds, union, type WorkStep, workStep } from './work-step.js';

export interface AspectRef {
  name: string;
  origin: Origin;
}

interface AdviceStep {
  step: StepInput;
  path: KeyPath;
}

/**
 * `compose.aspects`: each aspect's advice inserts steps around the steps it matches. An advice
 * matches the steps its `target` glob names (all steps when absent), narrowed by the aspect's
 * `pointcuts` when it has any (a step matches one when it matches each of its `glob`, `type` and
 * `label` that is set: Beads' MatchPointcut / MatchAnyPointcut); matching looks at the steps as they were before the aspect,
 * so an aspect never advises its own inserted steps. Before-steps take the target's needs and the
 * target then needs them; after-steps need the target, and whatever needed the target now needs
 * them. `{step.id}`, `{step.title}` and `{step.description}` name the advised step.
 */
export function applyAspects(
  steps: WorkStep[],
  refs: readonly AspectRef[],
  vars: Map<string, DeclaredVar>,
  ctx: CookContext,
): WorkStep[] {
  let out = steps;
  for (const ref of refs) {
    const aspect = loadAspect(ref, ctx);
    if (!aspect) continue;
    const pointcuts = aspect.data.pointcuts ?? [];
    const before = out.filter((s) => pointcuts.length === 0 || pointcuts.some((p) => matchPointcut(p, s)));
    (aspect.data.advice ?? []).forEach((advice, ai) => {
      const glob = advice.target ?? '*';
      const matched = before.map((s) => s.id).filter((id) => matchGlob(glob, id));
      if (matched.length === 0) {
        ctx.warn(
          'advice-no-match',
          `aspect "${ref.name}": advice for "${glob}" matches no step of this formula, so it adds nothing`,
          placeOf({ formula: aspect, path: ['advice', ai] }, 'target'),
        );
      }
      for (const id of matched) out = advise(out, id, advice, ai, aspect);
    });
    for (const [name, input] of Object.entries(aspect.data.vars ?? {})) {
      if (!vars.has(name)) vars.set(name, { input, origin: { formula: aspect, path: ['vars', name] } });
    }
  }
  return out;
}

function loadAspect(ref: AspectRef, ctx: CookContext): ParsedFormula | undefined {
  const aspect = ctx.load(ref.name, 'compose.aspects', placeOf(ref.origin));
  if (!aspect) return undefined;
  const kind = inferType(aspect.data);
  if (kind !== 'aspect') {
    ctx.error(
      'not-an-aspect',
      `compose.aspects names "${ref.name}", which is a ${kind} formula, not an aspect (it has no [[advice]])`,
      placeOf(ref.origin),
    );
    return undefined;
  }
  return aspect;
}

function advise(
  steps: WorkStep[],
  id: string,
  advice: Advice,
  ai: number,
  aspect: ParsedFormula,
): WorkStep[] {
  const at = steps.findIndex((s) => s.id === id);
  const target = steps[at] as WorkStep;
  const values = {
    'step.id': target.id,
    'step.title': target.fields.title ?? target.id,
    'step.description': target.fields.description ?? '',
  };
  const before = instantiate(adviceSteps(advice, ai, 'before'), values, aspect);
  const after = instantiate(adviceSteps(advice, ai, 'after'), values, aspect);

  const b = entriesAndExits(before);
  const bEntries = new Set(b.entries.map((s) => s.id));
  const wiredBefore = before.map((s) =>
    bEntries.has(s.id) ? { ...s, needs: union(target.needs, s.needs) } : s,
  );
  const wiredTarget = before.length ? { ...target, needs: b.exits.map((s) => s.id) } : target;

  const a = entriesAndExits(after);
  const aEntries = new Set(a.entries.map((s) => s.id));
  const wiredAfter = after.map((s) =>
    aEntries.has(s.id) ? { ...s, needs: union([target.id], s.needs) } : s,
  );

  const others = [...steps.slice(0, at), ...steps.slice(at + 1)];
  const rest = after.length
    ? redirectNeeds(
        others,
        target.id,
        a.exits.map((s) => s.id),
      )
    : others;
  return [...rest.slice(0, at), ...wiredBefore, wiredTarget, ...wiredAfter, ...rest.slice(at)];
}

function matchPointcut(pointcut: Pointcut, step: WorkStep): boolean {
  const f = step.fields;
  if (pointcut.glob !== undefined && !matchGlob(pointcut.glob, step.id)) return false;
  if (pointcut.type !== undefined && f.type !== pointcut.type) return false;
  if (pointcut.label !== undefined && ![...(f.labels ?? []), ...(f.tags ?? [])].includes(pointcut.label))
    return false;
  return true;
}

/** `around.before` then `before` (or the same for after), each with its key path in the aspect file. */
function adviceSteps(advice: Advice, ai: number, side: 'before' | 'after'): AdviceStep[] {
  return [
    ...(advice.around?.[side] ?? []).map((step, j) => ({ step, path: ['advice', ai, 'around', side, j] })),
    ...(advice[side] ?? []).map((step, j) => ({ step, path: ['advice', ai, side, j] })),
  ];
}

function instantiate(
  list: readonly AdviceStep[],
  values: Record<string, string>,
  aspect: ParsedFormula,
): WorkStep[] {
  return list.map(({ step, path }) => workStep(fillStep(step, values), { formula: aspect, path }));
}

/**
 * An aspect cooked on its own, to validate and inspect it: each advice's steps, with `{step.id}`
 * standing for the advice's target (or `step` when the target is a glob). Its after-steps need
 * its before-steps, where the advised step would sit between them.
 */
export function aspectSteps(aspect: ParsedFormula): WorkStep[] {
  return (aspect.data.advice ?? []).flatMap((advice, ai) => {
    const label = advice.target !== undefined && !isGlob(advice.target) ? advice.target : 'step';
    const values = { 'step.id': label };
    const before = instantiate(adviceSteps(advice, ai, 'before'), values, aspect);
    const after = instantiate(adviceSteps(advice, ai, 'after'), values, aspect);
    const stand = entriesAndExits(before).exits.map((s) => s.id);
    const aEntries = new Set(entriesAndExits(after).entries.map((s) => s.id));
    return [
      ...before,
      ...after.map((s) => (aEntries.has(s.id) ? { ...s, needs: union(stand, s.needs) } : s)),
    ];
  });
}
