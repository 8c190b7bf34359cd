/**
 * `step` mode: one step of a distributed molecule, the whole protocol in one job — lease, base
 * checkout, prompt, the step's `run` command, commit, push, gates, check run, checkpoint,
 * completion, and the dispatch of what became ready. Re-running the job of a step that is done
 * changes nothing and says so. A gate step's job judges its command, files and schema gates.
 */
import { judgedOnReady } from '../../engine/index.js';
import { finishStep } from '../../shell/step/finish-step.js';
import { judgeGateStep } from '../../shell/step/judge-gate-step.js';
import { runStepCommand } from '../../shell/step/run-step-command.js';
import { startStep } from '../../shell/step/start-step.js';
import type { ModeResult } from '../action-io.js';
import { printData } from '../print-data.js';
import { openStepJob, type StepJobDeps } from '../step/action-step-job.js';
import { finishedResult, judgedResult, unstartedResult } from './step-outputs.js';

export async function stepMode(deps: StepJobDeps, molId: string, stepId: string): Promise<ModeResult> {
  const base = { molecule: molId, step: stepId };
  const { io } = deps;
  const opened = await openStepJob(deps, molId, stepId);
  if (!opened.ok) return { outputs: base, failure: opened.error.message };
  // A gate step has no work: the job only judges the gates a checkout can judge.
  if (judgedOnReady(opened.value.def)) {
    const judged = await judgeGateStep(opened.value);
    return judged.ok
      ? judgedResult(base, judged.value, io)
      : { outputs: base, failure: judged.error.message };
  }
  const run = opened.value.def.run;
  if (run === undefined) {
    return {
      outputs: { ...base, status: opened.value.state.status },
      failure: `step "${stepId}" has no run command, so mode "step" cannot do it: run an agent action between modes "step-start" and "step-finish" (see molecular-step.yml), or finish it by hand with /mol done ${stepId}`,
    };
  }
  const started = await startStep(opened.value);
  if (!started.ok) return { outputs: base, failure: started.error.message };
  const outcome = started.value;
  if (outcome.kind !== 'started') return unstartedResult(base, outcome, io);
  printData(io, outcome.prompt);
  // The command's output is fenced by the job's host: a command that prints `::set-output` or
  // `::add-mask` (or a test that echoes issue text) must not talk to the runner.
  const ran = await runStepCommand(outcome.job, outcome.checkout);
  const finished = await finishStep({ job: outcome.job, checkout: outcome.checkout, ran });
  if (!finished.ok) return { outputs: base, failure: finished.error.message };
  return finishedResult(base, finished.value, outcome.checkout.branch ?? '', io);
}
