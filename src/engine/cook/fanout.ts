/**
 * Cook's half of Beads' runtime fan-out: a step's `on_complete` (types.go OnCompleteSpec,
 * validateOnComplete) becomes the proto's `fanout` with the bond's steps read now, so the bond is
 * pinned with the molecule and the engine can make the children when the step completes
 * (molecule/fanout.ts). `waits_for` (types.go ParseWaitsFor) names the spawner whose children a
 * step also waits for: `children-of(<id>)`, else the step's first need, as Gas City's
 * collectRecipeDeps infers it.
 */

import { substitute } from '../formula/substitute.js';
import { flattenSteps } from './children.js';
import { type CookContext, placeOf } from './cook-context.js';
import type { ProtoStep } from './proto.js';
import type { WorkStep } from './work-step.js';

/** What a bond's step may hold: the fan-out copies a step's text, needs and work, nothing more yet. */
const BOND_STEP_KEYS: ReadonlySet<string> = new Set([
  'id',
  'title',
  'description',
  'needs',
  'depends_on',
  'type',
  'run',
  'agent',
]);

export function fanoutOf(
  step: WorkStep,
  values: Readonly<Record<string, string>>,
  ctx: CookContext,
): ProtoStep['fanout'] {
  const spec = step.fields.on_complete;
  if (spec === undefined) return undefined;
  const at = (key: string) => placeOf(step.origin, 'on_complete', key);
  const forEach = typeof spec.for_each === 'string' ? spec.for_each : undefined;
  const bond = typeof spec.bond === 'string' ? spec.bond : undefined;
  if (forEach === undefined || bond === undefined) {
    const missing = forEach === undefined ? 'for_each' : 'bond';
    ctx.error(
      'invalid-value',
      `step "${step.id}": on_complete needs both for_each and bond (${missing} is missing)`,
      placeOf(step.origin, 'on_complete'),
    );
    return undefined;
  }
  if (!forEach.startsWith('output.') || forEach.length <= 'output.'.length) {
    ctx.error(
      'invalid-value',
      `step "${step.id}": on_complete for_each must start with "output." (got "${forEach}")`,
      at('for_each'),
    );
    return undefined;
  }
  if (spec.parallel === true && spec.sequential === true) {
    ctx.error(
      'invalid-value',
      `step "${step.id}": on_complete cannot be both parallel and sequential`,
      at('sequential'),
    );
    return undefined;
  }
  const formula = ctx.load(bond, 'on_complete.bond', at('bond'));
  if (!formula) return undefined;
  const key = formula.data.template?.length ? 'template' : 'steps';
  const written = (key === 'template' ? formula.data.template : formula.data.steps) ?? [];
  const steps = flattenSteps(written, formula, [key]);
  if (steps.length === 0) {
    ctx.error('empty-formula', `on_complete.bond "${bond}" has no steps to copy for each item`, at('bond'));
    return undefined;
  }
  const vars = (spec.vars ?? {}) as Record<string, string>;
  // The molecule's vars fill the bond's text now; an item's own vars wait for the item.
  const outer = Object.fromEntries(Object.entries(values).filter(([name]) => !Object.hasOwn(vars, name)));
  const ids = new Set(steps.map((s) => s.id));
  const template: NonNullable<ProtoStep['fanout']>['template'] = [];
  for (const s of steps) {
    const extra = Object.keys(s.written).filter((k) => s.written[k] !== undefined && !BOND_STEP_KEYS.has(k));
    if (extra.length > 0) {
      ctx.error(
        'not-supported',
        `${extra[0]} is not supported yet in a fan-out's bond step ("${s.id}" of "${bond}"): its children copy only text, needs, type, run and agent`,
        placeOf(s.origin, extra[0] as string),
      );
      continue;
    }
    const outside = s.needs.find((n) => !ids.has(n));
    if (outside !== undefined) {
      ctx.error(
        'unknown-step',
        `bond step "${s.id}" of "${bond}" needs "${outside}", which is not a step of the bond`,
        placeOf(s.origin, 'needs'),
      );
      continue;
    }
    const t: (typeof template)[number] = {
      id: s.id,
      title: substitute(s.fields.title ?? s.id, outer),
      description: substitute(s.fields.description ?? '', outer),
      needs: [...s.needs],
      type: s.fields.type === 'human' ? 'human' : 'task',
    };
    if (s.fields.run !== undefined) t.run = s.fields.run;
    if (s.fields.agent !== undefined) t.agent = s.fields.agent;
    template.push(t);
  }
  return { forEach, bond, sequential: spec.sequential === true, vars, template };
}

export function waitsForOf(
  step: WorkStep,
  ids: ReadonlySet<string>,
  ctx: CookContext,
): ProtoStep['waitsFor'] {
  const value = step.fields.waits_for;
  if (value === undefined) return undefined;
  const named = /^children-of\((.*)\)$/.exec(value);
  if (value !== 'all-children' && value !== 'any-children' && !named) {
    ctx.error(
      'invalid-value',
      `step "${step.id}": waits_for is "${value}"; it must be all-children, any-children or children-of(<step>)`,
      placeOf(step.origin, 'waits_for'),
    );
    return undefined;
  }
  const spawner = named ? (named[1] as string) : step.needs[0];
  if (spawner === undefined || !ids.has(spawner)) {
    const why =
      spawner === undefined ? 'it has no needs to take the spawner from' : `there is no step "${spawner}"`;
    ctx.error(
      'invalid-value',
      `step "${step.id}": waits_for has no spawner: ${why}`,
      placeOf(step.origin, 'waits_for'),
    );
    return undefined;
  }
  return { gate: value === 'any-children' ? 'any-children' : 'all-children', spawner };
}
