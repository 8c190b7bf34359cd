/**
 * One step's job: who runs it (the workflow run, as lease holder), where (the checkout), and the
 * molecule with its proto and the step's definition, loaded once at the start; every write
 * re-reads the molecule under the lock.
 */

import { err, type MoleculeStore, type Result } from '../../engine/index.js';
import { type StepJob, stepJob } from '../../shell/step/step-job.js';
import type { HandlerContext } from '../../webhooks/handler-context.js';
import { loadProto } from '../../webhooks/load-proto.js';
import type { ActionIO } from '../action-io.js';
import { actionStepHost } from './action-step-host.js';

export interface StepJobDeps {
  ctx: HandlerContext;
  io: ActionIO;
  store: MoleculeStore;
  /** GITHUB_RUN_ID: the step's lease names it, and patrol asks GitHub whether it still runs. */
  runId: string;
  workspace: string;
  runnerTemp: string;
  /** The checkout's remote: step branches are fetched from and pushed to it. */
  remote: string;
  /** The token's header for the fetches and pushes of `remote` alone (the checkout keeps none). */
  remoteEnv?: Record<string, string>;
  /** step-finish: the agent job's patch (the `work` input). */
  work?: string;
  /** step-finish: what the agent job's agent used (the `usage` input; default beside `work`). */
  usage?: string;
}

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
