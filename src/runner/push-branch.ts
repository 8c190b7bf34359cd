/**
 * Publishes a step's branch so the next step's job (another runner, another machine) can start from
 * it. Forced: a step branch belongs to its molecule, and a retried step rebuilds it from its base.
 */
import { err, ok, type Result } from '../engine/index.js';
import { git, resolveCommit } from './git.js';

export interface PushBranchOptions {
  cwd: string;
  /** A remote name (`origin`) or URL/path. */
  remote: string;
  branch: string;
  /** The remote's credentials for this push alone (remote-auth.ts). */
  env?: Record<string, string>;
}

export async function pushBranch(options: PushBranchOptions): Promise<Result<{ commit: string }>> {
  const { cwd, remote, branch } = options;
  if (remote.startsWith('-')) return err('invalid-remote', `"${remote}" is not a remote name or URL.`);
  const commit = await resolveCommit(cwd, `refs/heads/${branch}`);
  if (commit === undefined) return err('unknown-branch', `there is no branch ${branch} to push in ${cwd}.`);
  const pushed = await git(
    cwd,
    ['push', '-q', '--porcelain', remote, `+refs/heads/${branch}:refs/heads/${branch}`],
    options.env === undefined ? {} : { env: options.env },
  );
  if (!pushed.ok) return err('push-failed', `pushing ${branch} to ${remote} failed: ${pushed.error.message}`);
  return ok({ commit });
}
