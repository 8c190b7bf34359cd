/**
 * Writing what the job did (start, complete, fail) through the face's write path. A completion or
 * failure is refused when another run has taken the step over meanwhile (patrol judged this run
 * gone and re-dispatched it): the newer run's result is the one that counts.
 */
import { type Molecule, type MoleculeEvent, ok, type Result, refuseStaleReport } from '../../engine/index.js';
import type { Recorded } from './step-host.js';
import { type StepJob, withMolecule } from './step-job.js';

export interface RecordedStep extends Recorded {
  /** The job as of the molecule after the write and its effects. */
  job: StepJob;
}

export async function recordStepEvent(job: StepJob, event: MoleculeEvent): Promise<Result<RecordedStep>> {
  const { runId } = job.host;
  const guarded = (current: Molecule): Result<MoleculeEvent> => {
    if (event.type === 'start') return ok(event);
    const stale = refuseStaleReport(current, job.def.id, runId);
    return stale.ok ? ok(event) : stale;
  };
  const recorded = await job.host.record(job.mol.id, job.proto, guarded);
  if (!recorded.ok) return recorded;
  return ok({ ...recorded.value, job: withMolecule(job, recorded.value.mol) });
}
