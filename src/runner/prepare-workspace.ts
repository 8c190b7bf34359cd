/**
 * Where a step runs. `local`: the working tree itself, all steps one after the
 * other. `distributed`: a fresh worktree at `<worktreeRoot>/<mol-id>/<step-id>` on a new branch
 * `molecular/<mol-id>/<step-id>`, started from the branch of the step it needs, or from the merge of
 * several, so each step sees exactly the work of its `needs` chain.
 */
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type Diagnostic, type ExecutionMode, err, ok, type Result, stepBranch } from '../engine/index.js';
import { keepBranchAttempt, type TreeHead } from './attempt-refs.js';
import { checkBranchName } from './branch-names.js';
import { COMMIT_SETTINGS, git, gitText, MOLECULAR_IDENTITY, resolveCommit, splitNul } from './git.js';
import { pathExists } from './path-exists.js';
import { addWorktreeByFiles } from './worktree-files.js';
import { listWorktrees, removeWorktree } from './worktrees.js';

export interface PrepareWorkspaceOptions {
  repoDir: string;
  molId: string;
  stepId: string;
  execution: ExecutionMode;
  /** The branches of the steps this one needs (the engine's `dispatch` effect); empty for a first step. */
  baseBranches: string[];
  /** Where a step that needs nothing starts (the molecule's base ref). */
  baseRef: string;
  /** Distributed worktrees go under here, one folder per molecule. */
  worktreeRoot: string;
  /** Fetch the base branches from this remote first (a fresh Actions checkout has only the default branch). */
  remote?: string;
  /** The remote's credentials for those fetches alone (remote-auth.ts). */
  remoteEnv?: Record<string, string>;
  /** The number of the attempt that left the step's branch behind: its tip is kept at its attempt ref. */
  previousAttempt?: number;
  /** Local mode: HEAD as the caller just read it (attempt-refs.ts `readTreeStart`), not asked again. */
  head?: TreeHead;
}

export interface Workspace {
  /** Where the step's command runs. */
  cwd: string;
  /** The branch checked out there; undefined on a detached HEAD (local mode only). */
  branch?: string;
  /** The commit the step starts from; its changes are counted against this. */
  baseCommit: string;
  /** True for a worktree this call created (distributed), false for the working tree itself. */
  isWorktree: boolean;
  /**
   * Local mode: paths already changed or untracked before the step (a person's work in progress,
   * an untracked `.env`, a failed attempt's leftovers). The step's commit leaves them out.
   */
  preexisting?: string[];
  /** Distributed: where the previous attempt's branch tip was kept (attempt-refs.ts), when it held work. */
  keptAttempt?: string;
}

export async function prepareWorkspace(options: PrepareWorkspaceOptions): Promise<Result<Workspace>> {
  if (options.execution === 'local') return currentTree(options.repoDir, options.head);

  const { repoDir, molId, stepId } = options;
  const branch = await checkBranchName(repoDir, stepBranch(molId, stepId));
  if (!branch.ok) return branch;
  const path = resolve(join(options.worktreeRoot, molId, stepId));
  const free = !(await pathExists(path));

  // One base in this repository (a chain's next step): the worktree made through its files looks
  // the base up itself, in the transaction that creates the branch. Left to git, the long way.
  const [lone, ...more] = options.baseBranches.length > 0 ? options.baseBranches : [options.baseRef];
  const byName =
    free && more.length === 0 && lone !== undefined && options.remote === undefined && !lone.startsWith('-');
  if (byName) {
    const made = await addWorktreeByFiles(repoDir, branch.value, path, `${lone}^{commit}`);
    if (made.ok && made.value !== undefined)
      return ok({ cwd: path, branch: branch.value, baseCommit: made.value, isWorktree: true });
  }

  const bases = await resolveBases(options);
  if (!bases.ok) return bases;
  const [first, ...others] = bases.value;
  if (first === undefined) return err('unknown-base', 'no base to start the step from.');

  // No folder left (the step's first attempt, usually): the add itself tells whether the branch
  // is new, since `-b` refuses a branch that exists before it creates anything. A branch already
  // there, or git still having the folder registered (removed by hand), fails it: the long way.
  const add = () => git(repoDir, ['worktree', 'add', '-q', '-b', branch.value, path, first.sha]);
  const quickly = async () => {
    if (byName) return add();
    const made = await addWorktreeByFiles(repoDir, branch.value, path, first.sha);
    return made.ok && made.value === undefined ? add() : made;
  };
  let added = free && !(await pathExists(path)) ? await quickly() : undefined;
  let keptAttempt: string | undefined;
  if (added === undefined || !added.ok) {
    // Before the branch is rebuilt, what an earlier attempt left on it is kept (never lost on retry).
    const tip = await resolveCommit(repoDir, `refs/heads/${branch.value}`);
    if (tip !== undefined && options.previousAttempt !== undefined) {
      const kept = await keepBranchAttempt(
        repoDir,
        molId,
        stepId,
        options.previousAttempt,
        tip,
        bases.value.map((b) => b.sha),
      );
      if (!kept.ok) return kept;
      keptAttempt = kept.value;
    }
    const cleared = await clearPreviousAttempt(repoDir, path, branch.value, tip !== undefined);
    if (!cleared.ok) return cleared;
    added = await add();
  }
  if (!added.ok) return added;

  for (const other of others) {
    const merged = await mergeInto(path, other);
    if (!merged.ok) {
      await removeWorktree({ repoDir, path, deleteBranch: branch.value });
      return merged;
    }
  }
  // Without a merge the new branch starts at the first base itself: no need to ask.
  const head = others.length === 0 ? ok(first.sha) : await gitText(path, ['rev-parse', 'HEAD']);
  if (!head.ok) return head;
  return ok({
    cwd: path,
    branch: branch.value,
    baseCommit: head.value,
    isWorktree: true,
    ...(keptAttempt === undefined ? {} : { keptAttempt }),
  });
}

async function currentTree(repoDir: string, known?: TreeHead): Promise<Result<Workspace>> {
  const read = known === undefined ? await readHead(repoDir) : ok(known);
  if (!read.ok) return read;
  const { commit: sha, name } = read.value;
  const status = await git(repoDir, [
    'status',
    '--porcelain=v1',
    '-z',
    '--no-renames',
    '--untracked-files=all',
  ]);
  if (!status.ok) return status;
  const branch = name.startsWith('refs/heads/') ? name.slice('refs/heads/'.length) : undefined;
  return ok({
    cwd: repoDir,
    ...(branch === undefined ? {} : { branch }),
    baseCommit: sha,
    isWorktree: false,
    preexisting: splitNul(status.value.stdout).map((entry) => entry.slice(3)),
  });
}

async function readHead(repoDir: string): Promise<Result<TreeHead>> {
  // One call for both: HEAD's commit, then its full name ("HEAD" itself when detached).
  const head = await git(repoDir, ['rev-parse', 'HEAD', '--symbolic-full-name', 'HEAD'], {
    okCodes: [0, 128],
  });
  if (!head.ok) return head;
  const [commit, name] = head.value.stdout.trim().split('\n');
  if (head.value.code !== 0 || commit === undefined || name === undefined)
    return err('unknown-base', `${repoDir} has no commit to start from: ${head.value.stderr.trim()}`);
  return ok({ commit, name });
}

/**
 * A crashed attempt leaves its worktree and branch behind; only this step's are removed.
 * `branchExists`: the step's branch was found when its tip was looked up just before.
 */
async function clearPreviousAttempt(
  repoDir: string,
  path: string,
  branch: string,
  branchExists: boolean,
): Promise<Result<void>> {
  const trees = await listWorktrees(repoDir);
  if (!trees.ok) return trees;
  for (const tree of trees.value) {
    if (resolve(tree.path) === path || tree.branch === branch) {
      const removed = await removeWorktree({ repoDir, path: tree.path });
      if (!removed.ok) return removed;
    }
  }
  // A folder git never registered (a crash inside `worktree add`) would make the next add fail.
  if (await pathExists(path)) await rm(path, { recursive: true, force: true });
  if (!branchExists) return ok(undefined);
  const deleted = await git(repoDir, ['branch', '-D', '--', branch]);
  return deleted.ok ? ok(undefined) : deleted;
}

interface Base {
  name: string;
  sha: string;
}

async function resolveBases(options: PrepareWorkspaceOptions): Promise<Result<Base[]>> {
  const { repoDir, remote } = options;
  const names = options.baseBranches.length > 0 ? options.baseBranches : [options.baseRef];
  const bases: Base[] = [];
  for (const name of names) {
    let rev = name;
    if (remote !== undefined && options.baseBranches.length > 0) {
      const tracking = `refs/remotes/${remote}/${name}`;
      const fetched = await git(
        repoDir,
        ['fetch', '-q', '--no-tags', remote, `+refs/heads/${name}:${tracking}`],
        options.remoteEnv === undefined ? {} : { env: options.remoteEnv },
      );
      if (!fetched.ok)
        return err(
          'unknown-base',
          `cannot fetch the base branch ${name} from ${remote}: ${fetched.error.message}`,
        );
      rev = tracking;
    }
    const sha = await resolveCommit(repoDir, rev);
    if (sha === undefined)
      return err(
        'unknown-base',
        `the base "${name}" is not a branch or commit in ${repoDir}; did the step that makes it run?`,
      );
    bases.push({ name, sha });
  }
  return ok(bases);
}

async function mergeInto(cwd: string, base: Base): Promise<Result<void>> {
  const merged = await git(
    cwd,
    [
      ...MOLECULAR_IDENTITY,
      ...COMMIT_SETTINGS,
      'merge',
      '--no-edit',
      '-q',
      '-m',
      `Merge ${base.name}`,
      base.sha,
    ],
    { okCodes: [0, 1, 128] },
  );
  if (!merged.ok) return merged;
  if (merged.value.code === 0) return ok(undefined);

  const unmerged = await git(cwd, ['diff', '--name-only', '--diff-filter=U', '-z']);
  const paths = unmerged.ok ? splitNul(unmerged.value.stdout) : [];
  // Leave no half merge behind, whatever happened.
  await git(cwd, ['merge', '--abort'], { okCodes: [0, 128] });
  if (paths.length === 0) {
    const why = (merged.value.stderr || merged.value.stdout).trim().split('\n').slice(-2).join(' ');
    return err('merge-failed', `merging ${base.name} failed: ${why}`);
  }
  const diagnostics: Diagnostic[] = paths.map((file) => ({
    severity: 'error',
    code: 'merge-conflict',
    message: `${file} was changed on both sides`,
    file,
  }));
  return {
    ok: false,
    error: {
      code: 'merge-conflict',
      message: `merging ${base.name} conflicts in ${paths.join(', ')}; resolve it on one of the parent branches and retry the step.`,
      diagnostics,
    },
  };
}
