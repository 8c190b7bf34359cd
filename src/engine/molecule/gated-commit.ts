/**
 * The commit a step's gates are about: the step's own checkpoint, or for a gate step (which has
 * no work, so no commit) the commit of the work it gates — its needs', nearest first. CI checks
 * are read on it and the step's check run is put on it.
 */
import type { Proto } from '../cook/proto.js';
import { judgedOnReady } from './gate-registry.js';
import type { Molecule } from './molecule-schema.js';

export function gatedCommit(proto: Pick<Proto, 'steps'>, mol: Molecule, stepId: string): string | undefined {
  const defs = new Map(proto.steps.map((s) => [s.id, s]));
  const commits = new Map(mol.steps.map((s) => [s.id, s.checkpoint?.commit]));
  const seen = new Set<string>();
  const queue = [stepId];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const commit = commits.get(id);
    if (commit !== undefined) return commit;
    const def = defs.get(id);
    // A step with work that made no commit yet has nothing to show: only a gate step looks past itself.
    if (def !== undefined && judgedOnReady(def)) queue.push(...def.needs);
  }
  return undefined;
}
