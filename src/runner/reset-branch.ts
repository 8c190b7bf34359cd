/**
 * Rollback (`mol rollback`, `/mol rollback`): move a molecule's branch back to a checkpoint commit.
 * When the branch is checked out somewhere, that worktree is reset with it, but never over
 * uncommitted changes to tracked files unless `force` says so. Untracked files are not in the way:
 * `git reset --hard` leaves them be (so neither refusing over them nor "discarding" them with
 * force would be true), except one the target commit tracks, which it would overwrite: that is
 * refused, forced or not.
 */
import { err, ok, type Result } from '../engine/index.js';
import { git, resolveCommit } from './git.js';
import { listWorktrees } from './worktrees.js';

export interface ResetBranchOptions {
  repoDir: string;
  branch: string;
  commit: string;
  /** Reset a worktree that has uncommitted changes to tracked files, discarding them. */
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
    const status = await git(checkedOut.path, ['status', '--porcelain', '--untracked-files=no']);
    if (!status.ok) return status;
    const changed = pathsOf(status.value.stdout);
    if (changed.length > 0) {
      return err(
        'dirty-worktree',
        `${checkedOut.path} has uncommitted changes to ${listed(changed)}; commit or stash them, or force the rollback (--force) to discard them (untracked files are kept either way).`,
      );
    }
  }
  const untracked = await git(checkedOut.path, ['ls-files', '--others', '--exclude-standard', '-z']);
  if (!untracked.ok) return untracked;
  const loose = untracked.value.stdout.split('\0').filter(Boolean);
  if (loose.length > 0) {
    const tracked = await git(checkedOut.path, ['ls-tree', '-r', '-z', '--name-only', to, '--', ...loose]);
    if (!tracked.ok) return tracked;
    const clash = tracked.value.stdout.split('\0').filter(Boolean);
    if (clash.length > 0) {
      return err(
        'dirty-worktree',
        `${checkedOut.path} has untracked ${listed(clash)}, which the commit rolled back to tracks; move ${clash.length === 1 ? 'it' : 'them'} away first (a rollback never overwrites an untracked file).`,
      );
    }
  }
  const reset = await git(checkedOut.path, ['reset', '-q', '--hard', to]);
  return reset.ok ? ok({ from, to }) : reset;
}

/** The paths of `git status --porcelain` lines (a rename's new path). */
function pathsOf(porcelain: string): string[] {
  return porcelain
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.slice(3).split(' -> ').at(-1) ?? '');
}

function listed(paths: string[]): string {
  const shown = paths.slice(0, 3).join(', ') + (paths.length > 3 ? ` and ${paths.length - 3} more` : '');
  return `${paths.length === 1 ? 'file' : 'files'} ${shown}`;
}
