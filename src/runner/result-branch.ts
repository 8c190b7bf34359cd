/**
 * The result branch of a `[pull_request]` molecule on this machine, built with git's plumbing and
 * never a working tree: each source merged in with `git merge-tree --write-tree` (a conflict lists
 * its paths and writes nothing) and `git commit-tree`, then the branch moved with `update-ref`
 * from the tip it had (so a branch someone moved meanwhile is refused, not overwritten).
 */
import { err, ok, type Result } from '../engine/index.js';
import { COMMIT_SETTINGS, git, MOLECULAR_IDENTITY, resolveCommit } from './git.js';

export type ResultBranchOutcome =
  | { kind: 'built'; commit: string }
  | { kind: 'conflict'; source: string; paths: string[] };

export async function buildResultBranch(options: {
  repoDir: string;
  branch: string;
  sources: readonly string[];
}): Promise<Result<ResultBranchOutcome>> {
  const { repoDir, branch, sources } = options;
  const was = await resolveCommit(repoDir, `refs/heads/${branch}`);
  let tip = was;
  for (const source of sources) {
    const head = await resolveCommit(repoDir, source);
    if (head === undefined)
      return err('unknown-branch', `${source} is not a branch here, so ${branch} cannot be built`);
    if (tip === undefined) {
      tip = head;
      continue;
    }
    const merged = await git(repoDir, ['merge-tree', '--write-tree', '--name-only', '-z', tip, head], {
      okCodes: [0, 1],
    });
    if (!merged.ok) return merged;
    // `-z --name-only`: the tree, the conflicted paths, an empty entry, then git's messages.
    const parts = merged.value.stdout.split('\0');
    const tree = parts[0];
    if (merged.value.code === 1) {
      const end = parts.indexOf('', 1);
      const paths = [...new Set(parts.slice(1, end < 0 ? parts.length : end))];
      return ok({ kind: 'conflict', source, paths });
    }
    if (tree === undefined || tree === '')
      return err('merge-failed', `git merge-tree wrote no tree for ${source}`);
    // Already contained: nothing to merge.
    const contained = await git(repoDir, ['merge-base', '--is-ancestor', head, tip], { okCodes: [0, 1] });
    if (contained.ok && contained.value.code === 0) continue;
    const commit = await git(repoDir, [
      ...MOLECULAR_IDENTITY,
      ...COMMIT_SETTINGS,
      'commit-tree',
      tree,
      '-p',
      tip,
      '-p',
      head,
      '-m',
      `Merge ${source} into ${branch}`,
    ]);
    if (!commit.ok) return commit;
    tip = commit.value.stdout.trim();
  }
  if (tip === undefined) return err('unknown-branch', `nothing to put on ${branch}`);
  const moved = await git(repoDir, ['update-ref', `refs/heads/${branch}`, tip, was ?? '']);
  if (!moved.ok) return moved;
  return ok({ kind: 'built', commit: tip });
}
