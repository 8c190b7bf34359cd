/** The outputs of the step modes, and when their job fails. */
import type { ModeResult, Outputs } from '../action-io.js';
import type { Finished } from '../step/finish-step.js';

export function branchOf(branch: string | undefined): { branch?: string } {
  return branch === undefined ? {} : { branch };
}

/** Outputs after a finish; the job fails when this attempt of the step did. */
export function finishedResult(base: Outputs, finished: Finished, branch: string): ModeResult {
  const { state } = finished.job;
  const outputs = { ...base, status: state.status, branch };
  if (finished.failure === undefined) {
    const next = finished.outcome?.dispatched ?? [];
    finished.job.io.info(
      `step "${state.id}" is ${state.status.replace('_', ' ')}${next.length > 0 ? `; dispatched ${next.join(', ')}` : ''}`,
    );
    return { outputs };
  }
  const after = state.status === 'ready' ? ' (it will be retried)' : '';
  return { outputs, failure: `step "${state.id}" failed${after}: ${finished.failure}` };
}
