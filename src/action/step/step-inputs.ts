/**
 * A step's input artifacts: the `output` paths of the steps along its `needs` chain, nearest
 * first. They are already in the checkout (the base is the merge of the needs' branches); the
 * prompt names them and the command gets them as `MOL_INPUTS`.
 */
import type { Proto, ProtoStep } from '../../engine/cook/proto.js';

export interface StepInput {
  path: string;
  /** The step that produces it. */
  from: string;
}

export function stepInputs(proto: Proto, def: ProtoStep): StepInput[] {
  const defs = new Map(proto.steps.map((s) => [s.id, s]));
  const seen = new Set<string>();
  const inputs: StepInput[] = [];
  let frontier = def.needs;
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const id of frontier) {
      if (seen.has(id)) continue;
      seen.add(id);
      const need = defs.get(id);
      if (need === undefined) continue;
      if (need.output !== undefined && !inputs.some((i) => i.path === need.output)) {
        inputs.push({ path: need.output, from: need.id });
      }
      next.push(...need.needs);
    }
    frontier = next;
  }
  return inputs;
}
