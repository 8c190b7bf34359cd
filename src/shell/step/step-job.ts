/**
 * One step as the protocol carries it: the face that runs it, the molecule with its proto, and the
 * step's definition and state as last seen. Every write re-reads the molecule under the lock; the
 * job then follows what was written.
 */
import { type Molecule, ok, type Proto, type Result, unknownStep } from '../../engine/index.js';
import type { StepHost, StepJob } from './step-host.js';

// StepJob is declared beside StepHost (each names the other), so this file imports that one and
// not the other way round.
export type { StepJob };

export function stepJob(host: StepHost, mol: Molecule, proto: Proto, stepId: string): Result<StepJob> {
  const def = proto.steps.find((s) => s.id === stepId);
  const state = mol.steps.find((s) => s.id === stepId);
  if (def === undefined || state === undefined) {
    return unknownStep({ id: mol.id, steps: proto.steps }, stepId);
  }
  return ok({ host, mol, proto, def, state });
}

/** The job's view after a write: the molecule as stored and this step's state in it. */
export function withMolecule(job: StepJob, mol: Molecule): StepJob {
  const state = mol.steps.find((s) => s.id === job.def.id) ?? job.state;
  return { ...job, mol, state };
}
