/**
 * Writing what the job did (start, complete, fail) and carrying out what that sets off — the
 * check run on the step's commit, the dispatch of the steps that became ready — with the
 * handlers' one write path and one effects path. A completion or failure is refused when another
 * run has taken the step over meanwhile (patrol judged this run gone and re-dispatched it): the
 * newer run's result is the one that counts.
 */
import { ok, type Result } from '../../engine/errors.js';
import { refuseStaleReport } from '../../engine/index.js';
import type { Molecule } from '../../engine/molecule/molecule-schema.js';
import type { MoleculeEvent } from '../../engine/molecule/ops/events.js';
import { type Change, changeMolecule } from '../../shell/change-molecule.js';
import type { EffectsOutcome } from '../../shell/effect-handlers.js';
import { carryOutOnGitHub } from '../../webhooks/github-effects.js';
import { tellProblems } from '../../webhooks/tell-problems.js';
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
    const stale = refuseStaleReport(current, job.def.id, job.runId);
    return stale.ok ? ok(event) : stale;
  };
  const change = await changeMolecule(job.store, job.proto, job.mol.id, guarded, job.ctx.now());
  if (!change.ok) return change;
  const after = withMolecule(job, change.value.mol);
  if (!change.value.changed) {
    for (const effect of change.value.effects) if (effect.type === 'notice') job.io.info(effect.message);
    return ok({ job: after, change: change.value });
  }
  const outcome = await carryOutOnGitHub(
    job.ctx,
    job.store,
    change.value.mol,
    job.proto,
    change.value.effects,
  );
  for (const notice of outcome.notices) job.io.info(notice);
  if (outcome.problems.length > 0) await tellProblems(job.ctx, outcome.mol, outcome.problems);
  return ok({ job: withMolecule(job, outcome.mol), change: change.value, outcome });
}
