/**
 * The Action's part in the step protocol: the lease names the workflow run (`actions:<run id>`),
 * the state is written through the handlers' one write path and its effects carried out through
 * GitHub (the check run on the step's commit, the dispatch of what became ready), the step works in
 * the job's checkout and its branch is pushed, and what it prints goes to the job's log.
 */
import { join } from 'node:path';
import { leaseTtlMs, ok, type Proto, type Result, resolveMentions } from '../../engine/index.js';
import { repoFileReader } from '../../github/context-files.js';
import { changeMolecule } from '../../shell/change-molecule.js';
import { defaultBranch } from '../../shell/github/default-branch.js';
import { carryOutOnGitHub } from '../../shell/github/github-effects.js';
import { tellProblems } from '../../shell/github/tell-problems.js';
import type { EventPlan, Recorded, StepHost } from '../../shell/step/step-host.js';
import { fenced, printData } from '../print-data.js';
import type { StepJobDeps } from './step-job-deps.js';

export const holderOf = (runId: string) => `actions:${runId}`;

export function actionStepHost(deps: StepJobDeps): StepHost {
  const { ctx, io } = deps;
  return {
    holder: holderOf(deps.runId),
    runId: deps.runId,
    leaseTtlMs: (def) => leaseTtlMs(def, 'actions'),
    now: () => ctx.now(),
    record: (molId, proto, plan) => record(deps, molId, proto, plan),
    place: {
      kind: 'checkout',
      workspace: deps.workspace,
      scratchRoot: join(deps.runnerTemp, 'molecular-worktrees'),
    },
    remote: deps.remote,
    ...(deps.remoteEnv === undefined ? {} : { remoteEnv: deps.remoteEnv }),
    push: true,
    // The step's environment builder drops the inputs, the runner's tokens and anything token-like.
    env: process.env,
    ...(ctx.config.prices === undefined ? {} : { prices: ctx.config.prices }),
    // Context files come from the default branch: a pull request must not choose a step's context.
    mentions: async (text) =>
      resolveMentions(
        text,
        ctx.config.context,
        repoFileReader(ctx.octokit, ctx.repo, await defaultBranch(ctx)),
      ),
    log: (line) => io.info(line),
    output: (chunk) => io.write(chunk),
    enclose: (run) => fenced(io, run),
  };
}

async function record(
  deps: StepJobDeps,
  molId: string,
  proto: Proto,
  plan: EventPlan,
): Promise<Result<Recorded>> {
  const { ctx, io, store } = deps;
  const change = await changeMolecule(store, proto, molId, plan, ctx.now());
  if (!change.ok) return change;
  const { mol, effects } = change.value;
  if (!change.value.changed) {
    for (const effect of effects) if (effect.type === 'notice') printData(io, effect.message);
    return ok({ written: mol, effects, mol, dispatched: [] });
  }
  const outcome = await carryOutOnGitHub(ctx, store, mol, proto, effects);
  for (const notice of outcome.notices) printData(io, notice);
  if (outcome.problems.length > 0) await tellProblems(ctx, outcome.mol, outcome.problems);
  return ok({ written: mol, effects, mol: outcome.mol, dispatched: outcome.dispatched });
}
