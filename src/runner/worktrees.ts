/**
 * The worktrees a repository knows, as `git worktree list --porcelain -z` describes them, and the
 * ones under Molecular's worktree root (`<root>/<mol-id>/<step-id>`) that `mol gc` may clean up.
 */
import { rm } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { ok, type Result } from '../engine/index.js';
import { git } from './git.js';
import { removeWorktreeByFiles } from './worktree-files.js';

export interface WorktreeInfo {
  path: string;
  head?: string;
  /** Short branch name (`molecular/m1/s1`); undefined when detached. */
  branch?: string;
  /** Registered, but its directory is gone. */
  prunable: boolean;
}

export interface MoleculeWorktree extends WorktreeInfo {
  molId: string;
  stepId: string;
}

export async function listWorktrees(repoDir: string): Promise<Result<WorktreeInfo[]>> {
  const out = await git(repoDir, ['worktree', 'list', '--porcelain', '-z']);
  if (!out.ok) return out;
  const trees: WorktreeInfo[] = [];
  let current: WorktreeInfo | undefined;
  for (const line of out.value.stdout.split('\0')) {
    if (line === '') {
      if (current) trees.push(current);
      current = undefined;
      continue;
    }
    const space = line.indexOf(' ');
    const key = space === -1 ? line : line.slice(0, space);
    const rest = space === -1 ? '' : line.slice(space + 1);
    if (key === 'worktree') current = { path: rest, prunable: false };
    else if (!current) continue;
    else if (key === 'HEAD') current.head = rest;
    else if (key === 'branch') current.branch = rest.replace(/^refs\/heads\//, '');
    else if (key === 'prunable') current.prunable = true;
  }
  if (current) trees.push(current);
  return ok(trees);
}

/** Worktrees at `<worktreeRoot>/<mol-id>/<step-id>`: which of them are leftovers is the caller's call (it knows the store). */
export async function listLeftoverWorktrees(options: {
  repoDir: string;
  worktreeRoot: string;
}): Promise<Result<MoleculeWorktree[]>> {
  const trees = await listWorktrees(options.repoDir);
  if (!trees.ok) return trees;
  const root = resolve(options.worktreeRoot);
  const found: MoleculeWorktree[] = [];
  for (const tree of trees.value) {
    const rel = relative(root, tree.path);
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) continue;
    const parts = rel.split(sep);
    if (parts.length !== 2) continue;
    found.push({ ...tree, molId: parts[0] as string, stepId: parts[1] as string });
  }
  return ok(found);
}

/**
 * Removes a worktree even with uncommitted or untracked files in it (a step's scratch), and forgets
 * it if its directory is already gone. The branch stays unless `deleteBranch` names it.
 */
export async function removeWorktree(options: {
  repoDir: string;
  path: string;
  deleteBranch?: string;
  /**
   * The caller made this worktree and it is still there (a step's, once its work is on its
   * branch): removed without listing them all first; the long way only when git refuses.
   */
  registered?: boolean;
}): Promise<Result<void>> {
  const { repoDir, path } = options;
  if (options.registered && options.deleteBranch === undefined) {
    if (await removeWorktreeByFiles(repoDir, path)) return ok(undefined);
    const removed = await git(repoDir, ['worktree', 'remove', '--force', '--force', resolve(path)], {
      okCodes: [0, 128],
    });
    if (!removed.ok || removed.value.code === 0) return removed.ok ? ok(undefined) : removed;
  }
  const trees = await listWorktrees(repoDir);
  if (!trees.ok) return trees;
  const target = resolve(path);
  // Entries whose folder is gone are forgotten by prune; a removal that succeeded leaves none.
  let prune = trees.value.some((t) => t.prunable);
  if (trees.value.some((t) => resolve(t.path) === target)) {
    const removed = await git(repoDir, ['worktree', 'remove', '--force', '--force', target], {
      okCodes: [0, 128],
    });
    if (!removed.ok) return removed;
    // Git refuses when the directory is already gone; then the files are gone anyway.
    if (removed.value.code !== 0) {
      await rm(target, { recursive: true, force: true });
      prune = true;
    }
  }
  if (prune) {
    const pruned = await git(repoDir, ['worktree', 'prune']);
    if (!pruned.ok) return pruned;
  }
  if (options.deleteBranch !== undefined) {
    const exists = await git(
      repoDir,
      ['show-ref', '--verify', '--quiet', `refs/heads/${options.deleteBranch}`],
      { okCodes: [0, 1] },
    );
    if (!exists.ok) return exists;
    if (exists.value.code === 0) {
      const deleted = await git(repoDir, ['branch', '-D', '--', options.deleteBranch]);
      if (!deleted.ok) return deleted;
    }
  }
  return ok(undefined);
}
