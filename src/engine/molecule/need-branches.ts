/**
 * The branches a distributed step builds on: those of the steps it needs, in needs order. A need
 * that recorded no branch (a gate step, which has no work; a skipped step) stands in for its own
 * needs, so the work it passed on is not lost. The engine's dispatch effect names the same.
 */
import type { Proto, ProtoStep } from '../cook/proto.js';
import { judgedOnReady } from './gate-registry.js';
import type { Molecule, StepStatus } from './molecule-schema.js';

/** A need with no branch whose own needs' branches count instead: a gate step, or a skipped step. */
export function standsIn(def: ProtoStep, status: StepStatus): boolean {
  return status === 'skipped' || judgedOnReady(def);
}

export function needBranches(
  proto: Pick<Proto, 'steps'>,
  mol: Molecule,
  def: Pick<ProtoStep, 'needs'>,
): string[] {
  const recorded = new Map<string, string>();
  for (const s of mol.steps) if (s.branch !== undefined) recorded.set(s.id, s.branch);
  if (recorded.size === 0) return [];
  const statuses = new Map(mol.steps.map((s) => [s.id, s.status]));
  const defs = new Map(proto.steps.map((s) => [s.id, s]));
  const branches: string[] = [];
  const seen = new Set<string>();
  const visit = (needs: readonly string[]) => {
    for (const need of needs) {
      if (seen.has(need)) continue;
      seen.add(need);
      const branch = recorded.get(need);
      const def = defs.get(need);
      const status = statuses.get(need);
      if (branch !== undefined) {
        if (!branches.includes(branch)) branches.push(branch);
      } else if (def !== undefined && status !== undefined && standsIn(def, status)) visit(def.needs);
    }
  };
  visit(def.needs);
  return branches;
}
