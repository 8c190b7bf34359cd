/**
 * Writing what the job did (start, complete, fail) and carrying out what that sets off — the
 * check run on the step's commit, the dispatch of the steps that became ready — with the
 * handlers' one write path and one effects path. A completion or failure is refused when another
 * run has taken the step over meanwhile (patrol judged this run gone and re-dispatched it): the
 * newer run's result is the one that counts.
 */
import { err, ok, type Result } from '../../engine/errors.js';
import type { Molecule } from '../../engine/molecule-schema.js';
import type { MoleculeEvent } from '../../engine/ops/events.js';
import { applyEffects, type EffectsOutcome } from '../../handlers/apply-effects.js';
import { type Change, changeMolecule } from '../../handlers/change-molecule.js';
import { tellProblems } from '../../handlers/tell-problems.js';
import { printData } from '../print-data.js';
import { type StepJob, withMolecule } from './step-job.js';

export interface Recorded {
  job: StepJob;
  change: Change;
  /** Undefined when nothing changed (nothing to carry out). */
  outcome?: EffectsOutcome;
}

export async function recordStepEvent(job: StepJob, event: MoleculeEvent): Promise<Result<Recorded>> {
  const guarded = (current: Molecule): Result<MoleculeEvent> => {
    if (event.type === 'start') return ok(event);
    const step = current.steps.find((s) => s.id === job.def.id);
    const holder = step?.lease?.runId;
    if (step?.status === 'in_progress' && holder !== undefined && holder !== job.runId) {
      return err(
        'lease-lost',
        `step "${job.def.id}" was taken over by run ${holder} while run ${job.runId} worked on it; this run's result was not recorded`,
      );
    }
    return ok(event);
  };
  const change = await changeMolecule(job.store, job.proto, job.mol.id, guarded, job.ctx.now());
  if (!change.ok) return change;
  const after = withMolecule(job, change.value.mol);
  if (!change.value.changed) {
    for (const effect of change.value.effects)
      if (effect.type === 'notice') printData(job.io, effect.message);
    return ok({ job: after, change: change.value });
  }
  const outcome = await applyEffects(job.ctx, job.store, change.value.mol, job.proto, change.value.effects);
  for (const notice of outcome.notices) printData(job.io, notice);
  if (outcome.problems.length > 0) await tellProblems(job.ctx, outcome.mol, outcome.problems);
  return ok({ job: withMolecule(job, outcome.mol), change: change.value, outcome });
}
