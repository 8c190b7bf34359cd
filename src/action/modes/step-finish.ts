/**
 * `step-finish` mode: the second half of a step job, after the user's own agent action worked in
 * the checkout that `step-start` prepared: commit, push, gates, check run, checkpoint, completion,
 * dispatch of what became ready. A job whose `step-start` found nothing to do finishes nothing; a
 * job that has work to record (an agent's patch, the checkout step-start prepared) while another
 * run holds the step fails, naming that run: its work would otherwise be dropped without a word.
 */

import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { holdsLease, ok, type Result, stepBranch } from '../../engine/index.js';
import type { CommandOutcome } from '../../runner/run-process.js';
import { finishStep } from '../../shell/step/finish-step.js';
import { receiveWork } from '../../shell/step/receive-work.js';
import { readStepCheckout, type StepCheckout } from '../../shell/step/step-checkout.js';
import type { ModeResult } from '../action-io.js';
import { holderOf } from '../step/action-step-host.js';
import { openStepJob, type StepJobDeps } from '../step/action-step-job.js';
import { type AgentReport, AgentReportSchema } from './agent.js';
import { branchOf, finishedResult } from './step-outputs.js';

export async function stepFinishMode(deps: StepJobDeps, molId: string, stepId: string): Promise<ModeResult> {
  const base = { molecule: molId, step: stepId };
  const opened = await openStepJob(deps, molId, stepId);
  if (!opened.ok) return { outputs: base, failure: opened.error.message };
  const job = opened.value;
  const { state } = job;
  const ours = holdsLease(state, deps.runId);
  const branch = stepBranch(molId, stepId);
  let checkout: StepCheckout | undefined;
  let ran: Result<CommandOutcome> | undefined;
  if (ours && deps.work !== undefined) {
    // The agent worked in a job of its own: its patch goes onto the branch step-start pushed.
    const received = await receiveWork(job, deps.workspace, branch, deps.work);
    if (!received.ok) return { outputs: base, failure: received.error.message };
    checkout = received.value.checkout;
    ran = received.value.ran ?? (await agentReport(deps.usage ?? join(dirname(deps.work), 'usage.json')));
  } else {
    checkout = await readStepCheckout(deps.workspace, branch);
  }
  const held = state.lease !== undefined && !ours;
  if (held && (deps.work !== undefined || checkout !== undefined)) {
    return {
      outputs: { ...base, status: state.status },
      failure: `step "${stepId}" of molecule ${molId} is ${state.status.replace('_', ' ')} under ${state.lease?.holder}, not this run (${holderOf(deps.runId)}); this job's work was not recorded`,
    };
  }
  if (!ours || checkout === undefined) {
    deps.io.notice(
      `step "${stepId}" of molecule ${molId} is ${state.status.replace('_', ' ')}${state.lease ? ` under ${state.lease.holder}` : ''}, not started by this job's step-start; nothing to finish`,
    );
    return { outputs: { ...base, status: state.status, ...branchOf(state.branch) } };
  }
  ran = withOutput(ran, deps.output);
  const finished = await finishStep({ job, checkout, ...(ran === undefined ? {} : { ran }) });
  if (!finished.ok) return { outputs: base, failure: finished.error.message };
  return finishedResult(base, finished.value, checkout.branch ?? '', deps.io);
}

/**
 * What the agent job's `agent` mode reported (absent when the agent ran otherwise): its usage, the
 * end of its output, and why it was stopped — a budget stop the finish records as such, keeping
 * the work as WIP.
 */
async function agentReport(path: string): Promise<Result<CommandOutcome> | undefined> {
  const text = await readFile(path, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  let report: AgentReport;
  try {
    report = AgentReportSchema.parse(JSON.parse(text));
  } catch {
    return undefined;
  }
  return ok({
    exitCode: report.stoppedFor === undefined ? 0 : report.exitCode,
    signal: null,
    timedOut: false,
    durationMs: report.usage.time_ms ?? 0,
    outputTail: report.outputTail ?? '',
    pid: 0,
    usage: report.usage,
    ...(report.stoppedFor === undefined ? {} : { stoppedFor: report.stoppedFor }),
  });
}

/**
 * The `output` input: what the user's own agent action printed, when Molecular did not run the
 * agent. It is the step's output, in place of what `agent` mode reported.
 */
function withOutput(
  ran: Result<CommandOutcome> | undefined,
  output: string | undefined,
): Result<CommandOutcome> | undefined {
  if (output === undefined || (ran !== undefined && !ran.ok)) return ran;
  if (ran !== undefined) return ok({ ...ran.value, outputTail: output });
  return ok({ exitCode: 0, signal: null, timedOut: false, durationMs: 0, outputTail: output, pid: 0 });
}
