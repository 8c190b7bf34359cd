/**
 * What a step gets from the steps it needs: their branches (its base is their merge) and their
 * `output` files along the whole needs chain, nearest first. The files are already in the checkout;
 * the prompt names them and the command gets them as `MOL_INPUTS`.
 */
import { type Molecule, needBranches, type Proto, type ProtoStep } from '../../engine/index.js';

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

/** The branches of the steps it needs (the engine's rule, `needBranches`). */
export function baseBranchesOf(proto: Pick<Proto, 'steps'>, mol: Molecule, def: ProtoStep): string[] {
  return needBranches(proto, mol, def);
}
