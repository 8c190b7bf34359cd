/** The outputs of the step modes, and when their job fails. */
import { tokensOf, type Usage } from '../../engine/index.js';
import type { Finished } from '../../shell/step/finish-step.js';
import type { JudgedGateStep } from '../../shell/step/judge-gate-step.js';
import type { StartOutcome } from '../../shell/step/start-step.js';
import type { ActionIO, ModeResult, Outputs } from '../action-io.js';

export function branchOf(branch: string | undefined): { branch?: string } {
  return branch === undefined ? {} : { branch };
}

/** A start that did not start: nothing for this job to do, or a base that could not be built. */
export function unstartedResult(
  base: Outputs,
  outcome: Exclude<StartOutcome, { kind: 'started' }>,
  io: ActionIO,
): ModeResult {
  const { state } = outcome.job;
  if (outcome.kind === 'nothing') {
    io.notice(outcome.message);
    return { outputs: { ...base, status: state.status, ...branchOf(state.branch) } };
  }
  const paths = (outcome.error.diagnostics ?? []).map((d) => d.file).filter((f) => f !== undefined);
  for (const file of paths) io.error(`${file} was changed on both sides of the merge`, { file });
  return {
    outputs: { ...base, status: state.status },
    failure: `step "${state.id}" failed before it started: ${outcome.error.message}`,
  };
}

/** Outputs after a finish; the job fails when this attempt of the step did. */
export function finishedResult(base: Outputs, finished: Finished, branch: string, io: ActionIO): ModeResult {
  const { state } = finished.job;
  const outputs = { ...base, status: state.status, branch, ...usageOutputs(state.usage) };
  if (finished.failure === undefined) {
    const next = finished.dispatched;
    io.info(
      `step "${state.id}" is ${state.status.replace('_', ' ')}${next.length > 0 ? `; dispatched ${next.join(', ')}` : ''}`,
    );
    return { outputs };
  }
  const paused = finished.job.mol.budgetStop !== undefined && finished.job.mol.status === 'paused';
  const after = paused
    ? ' (the molecule is paused until its budget is raised: /mol budget <limit>=<amount>)'
    : state.status === 'ready'
      ? ' (it will be retried)'
      : '';
  return { outputs, failure: `step "${state.id}" failed${after}: ${finished.failure}` };
}

/** After a gate step's job judged its gates: the job fails when one of them did. */
export function judgedResult(base: Outputs, judged: JudgedGateStep, io: ActionIO): ModeResult {
  const { state } = judged.job;
  const outputs = { ...base, status: state.status };
  if (judged.kind === 'nothing') {
    io.notice(judged.message);
    return { outputs };
  }
  const failing = judged.results.filter((g) => g.passed === false);
  if (failing.length > 0) {
    const why = failing.map((g) => `gate ${g.type} failed: ${g.detail.split('\n')[0]}`).join('; ');
    return { outputs, failure: `gate step "${state.id}" did not pass: ${why}` };
  }
  io.info(`gate step "${state.id}" is ${state.status.replace('_', ' ')}`);
  return { outputs };
}

/** `cost-usd` and `tokens`: what the step's agent used, every attempt added up (when it reported it). */
export function usageOutputs(usage: Usage | undefined): { 'cost-usd'?: string; tokens?: string } {
  const tokens = tokensOf(usage);
  return {
    ...(usage?.cost_usd === undefined ? {} : { 'cost-usd': String(usage.cost_usd) }),
    ...(tokens === undefined ? {} : { tokens: String(tokens) }),
  };
}
