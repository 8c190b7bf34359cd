/**
 * Beads' `loop` at cook, as controlflow.go ApplyLoops does it: a loop step is replaced by its
 * body, repeated. Each body step of iteration N becomes `<loop id>.iter<N>.<body id>`; a need on
 * another body step points into the same iteration, a need on anything else stays as written; the
 * first step of iteration N+1 needs the last step of iteration N (chainExpandedIterations), so
 * iterations run one after the other. A range loop binds `var` to the iteration's value in the
 * body's title and description (`{var}`, substituteLoopVars). Nested loops in a body expand the
 * same way, inside out.
 *
 * A loop with `until` (and its required `max`) expands once, as upstream does (see untilLabel).
 *
 * Beyond upstream (which drops them): the loop step's own needs pass to the first iteration, and a
 * step that needs the loop step needs the last iteration instead, so a loop can sit in a chain.
 */
import type { LoopInput } from '../formula/formula-schema.js';
import { flattenSteps } from './children.js';
import { type CookContext, placeOf } from './cook-context.js';
import { parseLoopRange } from './loop-range.js';
import { entriesAndExits, redirectNeeds, union, type WorkStep } from './work-step.js';

/** More steps than this from one loop is a mistake (or `2^{n}` with a large n), not a workflow. */
export const MAX_LOOP_STEPS = 1000;

export function applyLoops(
  steps: readonly WorkStep[],
  value: (name: string) => string | undefined,
  ctx: CookContext,
): WorkStep[] {
  if (!steps.some((s) => s.fields.loop !== undefined)) return [...steps];
  let out: WorkStep[] = [];
  const replaced: { id: string; exits: string[] }[] = [];
  for (const step of steps) {
    const loop = step.fields.loop;
    if (loop === undefined) {
      out.push(step);
      continue;
    }
    const expanded = expandLoop(step, loop, value, ctx);
    const { entries, exits } = entriesAndExits(expanded);
    const first = new Set(entries.map((s) => s.id));
    out.push(
      ...expanded.map((s) =>
        first.has(s.id) && step.needs.length ? { ...s, needs: union(step.needs, s.needs) } : s,
      ),
    );
    replaced.push({ id: step.id, exits: exits.map((s) => s.id) });
  }
  for (const { id, exits } of replaced) out = redirectNeeds(out, id, exits);
  return out;
}

function expandLoop(
  step: WorkStep,
  loop: LoopInput,
  value: (name: string) => string | undefined,
  ctx: CookContext,
): WorkStep[] {
  const at = (...path: (string | number)[]) => placeOf(step.origin, 'loop', ...path);
  const kinds = (['count', 'range', 'until'] as const).filter((k) => loop[k] !== undefined);
  if (kinds.length !== 1) {
    ctx.error(
      'invalid-value',
      `loop "${step.id}" needs exactly one of count, range or until (it has ${kinds.length ? kinds.join(' and ') : 'none'})`,
      at(),
    );
    return [];
  }
  if (loop.until !== undefined && loop.max === undefined) {
    ctx.error('invalid-value', `loop "${step.id}": max is required when until is set`, at('until'));
    return [];
  }
  let values: (number | undefined)[];
  if (loop.range !== undefined) {
    const range = parseLoopRange(loop.range, value);
    if (!range.ok) {
      ctx.error('invalid-value', `loop "${step.id}": ${range.error.message}`, at('range'));
      return [];
    }
    const { start, end } = range.value;
    if (end < start) {
      ctx.error(
        'invalid-value',
        `loop "${step.id}": range end (${end}) is less than start (${start})`,
        at('range'),
      );
      return [];
    }
    if ((end - start + 1) * loop.body.length > MAX_LOOP_STEPS) {
      ctx.error('invalid-value', tooMany(step.id, end - start + 1, loop.body.length), at('range'));
      return [];
    }
    values = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  } else if (loop.until !== undefined) {
    // A conditional loop expands once (controlflow.go expandLoopWithVars); see untilLabel.
    values = [undefined];
  } else {
    const count = loop.count as number;
    if (count * loop.body.length > MAX_LOOP_STEPS) {
      ctx.error('invalid-value', tooMany(step.id, count, loop.body.length), at('count'));
      return [];
    }
    values = Array.from({ length: count }, () => undefined);
  }
  const body = flattenSteps(loop.body, step.origin.formula, [...step.origin.path, 'loop', 'body']);
  const bodyIds = new Set(body.map((s) => s.id));
  const out: WorkStep[] = [];
  let previousLast: string | undefined;
  values.forEach((v, i) => {
    const prefix = `${step.id}.iter${i + 1}.`;
    const bind = (text: string | undefined) =>
      text === undefined || loop.var === undefined || v === undefined
        ? text
        : text.replaceAll(`{${loop.var}}`, String(v));
    const iteration = body.map((s): WorkStep => {
      const fields = { ...s.fields, id: prefix + s.id };
      const title = bind(s.fields.title);
      const description = bind(s.fields.description);
      if (title !== undefined) fields.title = title;
      if (description !== undefined) fields.description = description;
      const moved: WorkStep = {
        ...s,
        id: prefix + s.id,
        needs: s.needs.map((n) => (bodyIds.has(n) ? prefix + n : n)),
        fields,
      };
      if (s.group !== undefined) moved.group = bodyIds.has(s.group) ? prefix + s.group : s.group;
      return moved;
    });
    const expanded = applyLoops(iteration, value, ctx);
    const [firstStep] = expanded;
    if (firstStep && previousLast !== undefined) firstStep.needs = union(firstStep.needs, [previousLast]);
    previousLast = expanded.at(-1)?.id;
    out.push(...expanded);
  });
  const [first] = out;
  if (first && loop.until !== undefined) {
    const label = untilLabel(loop.until, loop.max as number);
    out[0] = { ...first, fields: { ...first.fields, labels: [...(first.fields.labels ?? []), label] } };
  }
  return out;
}

/**
 * Beads' conditional loop: the body once, its first step labelled `loop:{"max":N,"until":"..."}`
 * for a runtime to read (controlflow.go expandLoopWithVars). Neither Beads nor Gas City has a
 * runtime that reads it, so upstream runs the body once; Molecular does the same and keeps the
 * label, written as Go's json.Marshal writes a map (keys sorted; <, > and & escaped).
 */
export function untilLabel(until: string, max: number): string {
  const json = JSON.stringify({ max, until }).replace(
    /[<>&]/g,
    (c) => `\\u00${c.charCodeAt(0).toString(16)}`,
  );
  return `loop:${json}`;
}

const tooMany = (id: string, iterations: number, size: number) =>
  `loop "${id}" would make ${iterations} iterations of ${size} step${size === 1 ? '' : 's'}, more than ${MAX_LOOP_STEPS} steps`;
