/**
 * The finish half in a job of its own, after an agent worked in another job that could not write
 * (see the agent workflow): the step's branch as the start half pushed it is checked out fresh
 * and the agent's work — a patch, plain file contents — is applied on it. A patch carries no refs,
 * hooks or git configuration (git refuses paths under `.git`), so the only way the agent's output
 * reaches this job is as files, which the finish half commits and judges with its gates.
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { err, ok, type Result } from '../../engine/index.js';
import { git, resolveCommit } from '../../runner/git.js';
import type { CommandOutcome } from '../../runner/run-process.js';
import { recordCheckout, type StepCheckout } from './step-checkout.js';
import type { StepJob } from './step-job.js';

export interface ReceivedWork {
  checkout: StepCheckout;
  /** A failed attempt when the agent job left no work or work that does not apply. */
  ran?: Result<CommandOutcome>;
}

export async function receiveWork(
  job: StepJob,
  workspace: string,
  branch: string,
  patchPath: string,
): Promise<Result<ReceivedWork>> {
  const { remote, remoteEnv } = job.host;
  if (remote === undefined) return err('invalid-remote', 'receiving an agent job’s work needs a remote');
  const tracking = `refs/remotes/${remote}/${branch}`;
  const fetched = await git(
    workspace,
    ['fetch', '-q', '--no-tags', remote, `+refs/heads/${branch}:${tracking}`],
    remoteEnv === undefined ? {} : { env: remoteEnv },
  );
  if (!fetched.ok) return fetched;
  const base = await resolveCommit(workspace, tracking);
  if (base === undefined) return err('unknown-branch', `the step-start job pushed no branch ${branch}`);
  const switched = await git(workspace, ['checkout', '-q', '--no-track', '-B', branch, base]);
  if (!switched.ok) return switched;
  const checkout = await recordCheckout(workspace, branch, base);
  if (!checkout.ok) return checkout;

  const patch = await stat(patchPath).catch(() => undefined);
  if (patch === undefined) {
    return ok({
      checkout: checkout.value,
      ran: err(
        'agent-failed',
        `step ${job.def.id}: the agent job left no work at ${patchPath} (it failed or was cancelled)`,
      ),
    });
  }
  if (patch.size === 0) return ok({ checkout: checkout.value });
  const applied = await git(workspace, ['apply', '--index', '--binary', resolve(patchPath)]);
  if (!applied.ok) {
    return ok({
      checkout: checkout.value,
      ran: err(
        'agent-failed',
        `step ${job.def.id}: the agent's work does not apply: ${applied.error.message}`,
      ),
    });
  }
  return ok({ checkout: checkout.value });
}
