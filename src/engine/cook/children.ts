import { CONTAINER_TYPES, type StepInput } from '../formula/formula-schema.js';
import type { KeyPath, Origin } from './cook-context.js';
import { union, type WorkStep, workStep } from './work-step.js';

/**
 * Steps as written, with Gas Town parallel groups (`type = "parallel"` + `[[steps.children]]`,
 * see mol-gastown-boot) flattened into the DAG.
 *
 * A group's children become ordinary steps that need what the group needs (so they run side by
 * side as soon as the group could have started), and the group itself stays as a join step that
 * needs all its children. Keeping the group's id as a join means every step that needed the
 * group keeps needing it unchanged, the molecule shows the group completing when its last child
 * does ("container completes when all children complete"), and renderers can draw the children
 * inside it: children carry `group = <group id>`, and so does the join itself. The join has no
 * work of its own: it is a gate step (with the group's own gates, usually none), complete as soon
 * as its needs are.
 */
export function flattenSteps(
  steps: readonly StepInput[],
  formula: Origin['formula'],
  base: KeyPath,
): WorkStep[] {
  const out: WorkStep[] = [];
  steps.forEach((step, i) => {
    flattenInto(out, step, { formula, path: [...base, i] }, [], undefined);
  });
  return out;
}

function flattenInto(
  out: WorkStep[],
  step: StepInput,
  origin: Origin,
  inherited: readonly string[],
  group: string | undefined,
): void {
  const own = workStep(step, origin);
  const needs = inherited.length ? union(inherited, own.needs) : own.needs;
  const children = step.children ?? [];
  if (children.length === 0 && !isContainer(step.type)) {
    out.push(withGroup(needs === own.needs ? own : { ...own, needs }, group));
    return;
  }
  children.forEach((child, j) => {
    flattenInto(
      out,
      child,
      { formula: origin.formula, path: [...origin.path, 'children', j] },
      needs,
      step.id,
    );
  });
  const type = own.fields.run === undefined ? 'gate' : 'task';
  const join: WorkStep = {
    ...own,
    needs: children.length ? children.map((c) => c.id) : needs,
    fields: { ...own.fields, type },
    group: step.id,
  };
  out.push(join);
}

/** Gas Town's `parallel` group and Beads' `epic`: a container that completes when its children have. */
export const isContainer = (type: string | undefined): boolean =>
  (CONTAINER_TYPES as readonly (string | undefined)[]).includes(type);

function withGroup(step: WorkStep, group: string | undefined): WorkStep {
  return group === undefined ? step : { ...step, group };
}
