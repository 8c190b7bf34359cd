/**
 * Rollback (`mol rollback`, `/mol rollback`): move a molecule's branch back to a checkpoint commit.
 * When the branch is checked out somewhere, that worktree is reset with it, but never over
 * uncommitted work unless `force` says so.
 */
import { err, ok, type Result } from '../engine/index.js';
import { git, resolveCommit } from './git.js';
import { listWorktrees } from './worktrees.js';

export interface ResetBranchOptions {
  repoDir: string;
  branch: string;
  commit: string;
  /** Reset a worktree that has uncommitted changes, discarding them. */
  force?: boolean;
}

export async function resetBranch(
  options: ResetBranchOptions,
): Promise<Result<{ from: string; to: string }>> {
  const { repoDir, branch } = options;
  const from = await resolveCommit(repoDir, `refs/heads/${branch}`);
  if (from === undefined) return err('unknown-branch', `there is no branch ${branch} in ${repoDir}.`);
  const to = await resolveCommit(repoDir, options.commit);
  if (to === undefined) return err('unknown-ref', `"${options.commit}" is not a commit in ${repoDir}.`);

  const trees = await listWorktrees(repoDir);
  if (!trees.ok) return trees;
  const checkedOut = trees.value.find((t) => t.branch === branch && !t.prunable);
  if (checkedOut === undefined) {
    const moved = await git(repoDir, [
      'update-ref',
      '-m',
      `molecular: rollback to ${to}`,
      `refs/heads/${branch}`,
      to,
      from,
    ]);
    return moved.ok ? ok({ from, to }) : moved;
  }
  if (!options.force) {
    const status = await git(checkedOut.path, ['status', '--porcelain']);
    if (!status.ok) return status;
    if (status.value.stdout.trim() !== '') {
      return err(
        'dirty-worktree',
        `${checkedOut.path} has uncommitted changes; commit or stash them, or force the rollback (--force) to discard them.`,
      );
    }
  }
  const reset = await git(checkedOut.path, ['reset', '-q', '--hard', to]);
  return reset.ok ? ok({ from, to }) : reset;
}
