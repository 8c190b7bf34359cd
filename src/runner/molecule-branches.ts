/**
 * Burn and gc: delete every branch a molecule made (`molecular/<mol-id>/*`), locally and on the
 * remote, with the worktrees that hold them. Nothing outside that prefix is touched.
 */
import { err, moleculeBranchPrefix, ok, type Result } from '../engine/index.js';
import { git } from './git.js';
import { listWorktrees, removeWorktree } from './worktrees.js';

export interface DeletedBranches {
  local: string[];
  remote: string[];
}

export async function deleteMoleculeBranches(options: {
  repoDir: string;
  molId: string;
  remote?: string;
}): Promise<Result<DeletedBranches>> {
  const { repoDir, remote } = options;
  const prefix = moleculeBranchPrefix(options.molId);
  const refs = await git(repoDir, ['for-each-ref', '--format=%(refname)', `refs/heads/${prefix}`]);
  if (!refs.ok) return refs;
  const local = lines(refs.value.stdout).map((ref) => ref.slice('refs/heads/'.length));

  const trees = await listWorktrees(repoDir);
  if (!trees.ok) return trees;
  const [main, ...linked] = trees.value;
  if (main?.branch !== undefined && local.includes(main.branch)) {
    return err(
      'branch-checked-out',
      `${main.branch} is checked out in ${main.path}; switch to another branch first.`,
    );
  }
  for (const tree of linked) {
    if (tree.branch === undefined || !local.includes(tree.branch)) continue;
    const removed = await removeWorktree({ repoDir, path: tree.path });
    if (!removed.ok) return removed;
  }
  if (local.length > 0) {
    const deleted = await git(repoDir, ['branch', '-D', '--', ...local]);
    if (!deleted.ok) return deleted;
  }

  const onRemote: string[] = [];
  if (remote !== undefined) {
    if (remote.startsWith('-')) return err('invalid-remote', `"${remote}" is not a remote name or URL.`);
    const listed = await git(repoDir, ['ls-remote', '--heads', remote, `refs/heads/${prefix}*`]);
    if (!listed.ok) return listed;
    for (const line of lines(listed.value.stdout)) {
      const ref = line.split('\t')[1];
      if (ref?.startsWith(`refs/heads/${prefix}`)) onRemote.push(ref.slice('refs/heads/'.length));
    }
    if (onRemote.length > 0) {
      const pushed = await git(repoDir, ['push', '-q', remote, ...onRemote.map((b) => `:refs/heads/${b}`)]);
      if (!pushed.ok) return pushed;
    }
  }
  return ok({ local, remote: onRemote });
}

function lines(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '');
}
