/**
 * `step` mode: one step of a distributed molecule, the whole protocol of DESIGN §7 in one job —
 * lease, base checkout, prompt, the step's `run` command, commit, push, gates, check run,
 * checkpoint, completion, and the dispatch of what became ready. Re-running the job of a step
 * that is done changes nothing and says so.
 */
import type { ModeResult } from '../action-io.js';
import { printData } from '../print-data.js';
import { finishStep } from '../step/finish-step.js';
import { runStepCommand } from '../step/run-step-command.js';
import { startStep } from '../step/start-step.js';
import { openStepJob, type StepJobDeps } from '../step/step-job.js';
import { branchOf, finishedResult } from './step-outputs.js';

export async function stepMode(deps: StepJobDeps, molId: string, stepId: string): Promise<ModeResult> {
  const base = { molecule: molId, step: stepId };
  const opened = await openStepJob(deps, molId, stepId);
  if (!opened.ok) return { outputs: base, failure: opened.error.message };
  if (opened.value.def.run === undefined) {
    return {
      outputs: { ...base, status: opened.value.state.status },
      failure: `step "${stepId}" has no run command, so mode "step" cannot do it: run an agent action between modes "step-start" and "step-finish" (see molecular-step.yml), or finish it by hand with /mol done ${stepId}`,
    };
  }
  const started = await startStep(opened.value);
  if (!started.ok) return { outputs: base, failure: started.error.message };
  const outcome = started.value;
  if (outcome.kind === 'nothing') {
    deps.io.notice(outcome.message);
    return { outputs: { ...base, status: outcome.job.state.status, ...branchOf(outcome.job.state.branch) } };
  }
  if (outcome.kind === 'failed') {
    return {
      outputs: { ...base, status: outcome.job.state.status },
      failure: `step "${stepId}" failed before it started: ${outcome.message}`,
    };
  }
  printData(deps.io, outcome.prompt);
  const ran = await runStepCommand(outcome.job, outcome.checkout.branch, outcome.inputs);
  const finished = await finishStep({
    job: outcome.job,
    checkout: outcome.checkout,
    inputs: outcome.inputs,
    ...(ran.ok ? { command: ran.value } : { commandError: ran.error.message }),
  });
  if (!finished.ok) return { outputs: base, failure: finished.error.message };
  return finishedResult(base, finished.value, outcome.checkout.branch);
}
