/**
 * `step-start` mode: the first half of a step job, for workflows that run their own agent action
 * on the step: lease, base checkout, and the step prompt as the `prompt` output (for example
 * `anthropics/claude-code-action@v1` with `prompt: ${{ steps.mol.outputs.prompt }}`).
 * `step-finish` in the same job records the agent's work.
 */
import { judgedOnReady } from '../../engine/index.js';
import { pushBranch } from '../../runner/push-branch.js';
import { agentBudget } from '../../shell/step/agent-watch.js';
import { judgeGateStep } from '../../shell/step/judge-gate-step.js';
import { startStep } from '../../shell/step/start-step.js';
import type { ModeResult } from '../action-io.js';
import { printData } from '../print-data.js';
import { openStepJob, type StepJobDeps } from '../step/action-step-job.js';
import { judgedResult, unstartedResult } from './step-outputs.js';

export async function stepStartMode(deps: StepJobDeps, molId: string, stepId: string): Promise<ModeResult> {
  const base = { molecule: molId, step: stepId };
  const opened = await openStepJob(deps, molId, stepId);
  if (!opened.ok) return { outputs: base, failure: opened.error.message };
  // A gate step has no work for an agent: its gates are judged here, and the job goes no further.
  if (judgedOnReady(opened.value.def)) {
    const judged = await judgeGateStep(opened.value);
    return judged.ok
      ? judgedResult(base, judged.value, deps.io)
      : { outputs: base, failure: judged.error.message };
  }
  const started = await startStep(opened.value);
  if (!started.ok) return { outputs: base, failure: started.error.message };
  const outcome = started.value;
  if (outcome.kind !== 'started') return unstartedResult(base, outcome, deps.io);
  printData(deps.io, outcome.prompt);
  const { branch, baseCommit } = outcome.checkout;
  // The agent may work in a job of its own, which checks out this branch without write access.
  const pushed = await pushBranch({
    cwd: deps.workspace,
    remote: deps.remote,
    branch: branch as string,
    ...(deps.remoteEnv === undefined ? {} : { env: deps.remoteEnv }),
  });
  if (!pushed.ok) return { outputs: base, failure: pushed.error.message };
  const status = outcome.job.state.status;
  // For an agent job that runs the agent in `agent` mode: the limits that hold and what was spent.
  const { def } = outcome.job;
  const budget = JSON.stringify({
    step: def.id,
    ...(def.usage === undefined ? {} : { usage: def.usage }),
    ...agentBudget(outcome.job),
  });
  return { outputs: { ...base, status, branch, base: baseCommit, prompt: outcome.prompt, budget } };
}
