/**
 * One step's job: who runs it (the workflow run, as lease holder), where (the checkout), and the
 * molecule with its proto and the step's definition, loaded once at the start; every write
 * re-reads the molecule under the lock.
 */

import { err, type Result } from '../../engine/index.js';
import { loadProto } from '../../shell/github/repo-proto.js';
import { type StepJob, stepJob } from '../../shell/step/step-job.js';
import { actionStepHost } from './action-step-host.js';
import type { StepJobDeps } from './step-job-deps.js';

export type { StepJobDeps };

export async function openStepJob(
  deps: StepJobDeps,
  molId: string,
  stepId: string,
): Promise<Result<StepJob>> {
  const { ctx } = deps;
  const loaded = await deps.store.load(molId);
  if (!loaded.ok) return loaded;
  const mol = loaded.value;
  if (mol === undefined) {
    return err(
      'unknown-molecule',
      `there is no live molecule ${molId} in ${ctx.repo.owner}/${ctx.repo.repo} (squashed, burned, or never poured)`,
    );
  }
  const proto = await loadProto(ctx, mol);
  if (!proto.ok) return proto;
  return stepJob(actionStepHost(deps), mol, proto.value, stepId);
}
