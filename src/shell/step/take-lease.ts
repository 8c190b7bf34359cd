/**
 * The protocol's first move: the job takes the step's lease (holder `actions:<run id>`,
 * `local:<pid>`), through the face's write path. The lease is what keeps two jobs from running one step: a second job for a step
 * another live run holds is refused by the engine and leaves it alone. A job re-run (same run id,
 * next attempt) finds its own lease and carries on; a job for a step that is already done changes
 * nothing and says so.
 */

import { holdsLease, type LeaseProcess, ok, type Result, type StepState } from '../../engine/index.js';
import { recordStepEvent } from './record-step-event.js';
import type { StepJob } from './step-job.js';

export type LeaseOutcome =
  | { kind: 'ours'; job: StepJob }
  /** Nothing for this job to do: the step is done, not ready, or another run holds it. */
  | { kind: 'nothing'; job: StepJob; message: string };

export async function takeLease(job: StepJob): Promise<Result<LeaseOutcome>> {
  const before = nothingToDo(job, job.state);
  if (before !== undefined) return ok({ kind: 'nothing', job, message: before });
  if (isOurs(job, job.state)) return ok({ kind: 'ours', job });

  const { holder, runId } = job.host;
  const started = await recordStepEvent(job, {
    type: 'start',
    step: job.def.id,
    lease: { holder, runId, ttlMs: job.host.leaseTtlMs(job.def) },
    by: holder,
  });
  if (!started.ok) {
    if (started.error.code === 'lease-held' || started.error.code === 'invalid-transition') {
      return ok({ kind: 'nothing', job, message: `${started.error.message}; this job leaves it alone` });
    }
    return started;
  }
  const after = started.value.job;
  if (!isOurs(after, after.state)) {
    return ok({
      kind: 'nothing',
      job: after,
      message: `step "${job.def.id}" is ${after.state.status.replace('_', ' ')} under ${after.state.lease?.holder ?? 'no lease'}; this job leaves it alone`,
    });
  }
  return ok({ kind: 'ours', job: after });
}

function isOurs(job: StepJob, state: StepState): boolean {
  return holdsLease(state, job.host.runId, job.host.now());
}

/** Why this job has nothing to do, judged on the state it loaded; undefined when it may start. */
function nothingToDo(job: StepJob, state: StepState): string | undefined {
  const what = `step "${state.id}" of molecule ${job.mol.id}`;
  const live = job.mol.status === 'pending' || job.mol.status === 'in_progress';
  if (!live && state.status !== 'completed') {
    return `molecule ${job.mol.id} is ${job.mol.status}; this job changes nothing`;
  }
  switch (state.status) {
    case 'ready':
    case 'in_progress':
      return undefined;
    case 'completed': {
      const commit = state.checkpoint?.commit;
      const where = commit
        ? ` (commit ${commit.slice(0, 7)}${state.branch ? ` on ${state.branch}` : ''})`
        : '';
      return `${what} is already completed${where}; this job changes nothing`;
    }
    case 'awaiting_gate':
      return `${what} has done its work and waits for its gates; this job changes nothing`;
    default:
      return `${what} is ${state.status}, not ready to run; this job changes nothing`;
  }
}

/**
 * The holder names the process group its command was spawned in (held, not yet running): the lease
 * records it, so a later run ends that group before it starts another attempt. False when the lease
 * is no longer this job's: the command must not run.
 */
export async function recordLeaseProcess(job: StepJob, process: LeaseProcess): Promise<boolean> {
  const { holder, runId } = job.host;
  const recorded = await recordStepEvent(job, {
    type: 'start',
    step: job.def.id,
    lease: { holder, runId, ttlMs: job.host.leaseTtlMs(job.def), process },
    by: holder,
  });
  if (!recorded.ok) return false;
  const state = recorded.value.job.state;
  return isOurs(job, state) && state.lease?.process?.pgid === process.pgid;
}
