/**
 * `step-start` mode: the first half of a step job, for workflows that run their own agent action
 * on the step: lease, base checkout, and the step prompt as the `prompt` output (for example
 * `anthropics/claude-code-action@v1` with `prompt: ${{ steps.mol.outputs.prompt }}`).
 * `step-finish` in the same job records the agent's work.
 */
import type { ModeResult } from '../action-io.js';
import { printData } from '../print-data.js';
import { startStep } from '../step/start-step.js';
import { openStepJob, type StepJobDeps } from '../step/step-job.js';
import { branchOf } from './step-outputs.js';

export async function stepStartMode(deps: StepJobDeps, molId: string, stepId: string): Promise<ModeResult> {
  const base = { molecule: molId, step: stepId };
  const opened = await openStepJob(deps, molId, stepId);
  if (!opened.ok) return { outputs: base, failure: opened.error.message };
  const started = await startStep(opened.value);
  if (!started.ok) return { outputs: base, failure: started.error.message };
  const outcome = started.value;
  const status = outcome.job.state.status;
  if (outcome.kind === 'nothing') {
    deps.io.notice(outcome.message);
    return { outputs: { ...base, status, ...branchOf(outcome.job.state.branch) } };
  }
  if (outcome.kind === 'failed') {
    return {
      outputs: { ...base, status },
      failure: `step "${stepId}" failed before it started: ${outcome.message}`,
    };
  }
  printData(deps.io, outcome.prompt);
  return { outputs: { ...base, status, branch: outcome.checkout.branch, prompt: outcome.prompt } };
}
