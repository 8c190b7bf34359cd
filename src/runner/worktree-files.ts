/**
 * A distributed step's worktree, made and removed through its files as git lays them out, so
 * that a step pays one git process where `git worktree add -b` starts four (itself, then
 * `git branch`, `symbolic-ref` and `reset --hard`: about 13 ms of a distributed step's 35 ms
 * budget) and none where `git worktree remove` starts one.
 *
 * Made: the folder; its registration as gitrepository-layout(5) describes it and `worktree add`
 * writes it (`<common dir>/worktrees/<id>` holding `gitdir`, `commondir` and `HEAD`, a `.git` file
 * in the folder pointing back, `locked` while it is being made); the branch, created through the
 * long-lived ref transaction (ref-transaction.ts) only where it does not exist yet, from its base's
 * name when it is given one (the commit is then read from the branch's file, or asked); then
 * `read-tree -u --reset HEAD` fills the index and the files, as the `reset --hard` that
 * `worktree add` runs does. Anything this does not do as git would is left to
 * `git worktree add` (no answer, nothing left behind): a
 * repository whose `.git` is not a plain folder of its own, one whose worktrees inherit something
 * (`config.worktree`, a sparse checkout), a folder name git would rewrite, a folder or a branch
 * that exists. A crash part way leaves the folder (with a `locked` registration, which `git
 * worktree prune` never drops): the step's next attempt removes it as any attempt's leftovers.
 *
 * Its calls on these small files are synchronous, as file-lock.ts's are: microseconds each, where
 * an async call is a round trip to the thread pool.
 *
 * Removed: the folder, then its registration, in git's order (a crash in between leaves an entry
 * `git worktree prune` drops, as a folder removed by hand does, and the next worktree of that id
 * drops it too).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { ok, type Result } from '../engine/index.js';
import { crashPoint } from './crash-point.js';
import { git, gitText } from './git.js';
import { refTransaction } from './ref-transaction.js';

/** No space, no control character. */
const ONE_WORD = /^[^\s\x00-\x1f\x7f]+$/;
/** A folder name `worktree add` keeps as the worktree's id unchanged (it rewrites others). */
const PLAIN_ID = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/**
 * The worktree at `path` on a new `branch` at `base` (a commit, or any name of one: the ref
 * transaction resolves it); the commit it holds, or undefined when it is left to git (nothing
 * written).
 */
export async function addWorktreeByFiles(
  repoDir: string,
  branch: string,
  path: string,
  base: string,
): Promise<Result<string | undefined>> {
  const id = basename(path);
  // A line of the ref transaction: a space or a line break in a name would end it, or add another.
  if (!ONE_WORD.test(branch) || !ONE_WORD.test(base)) return ok(undefined);
  const common = plainGitDir(repoDir);
  if (common === undefined || !PLAIN_ID.test(id)) return ok(undefined);
  if (['config.worktree', join('info', 'sparse-checkout')].some((file) => existsSync(join(common, file))))
    return ok(undefined);
  try {
    mkdirSync(dirname(path), { recursive: true });
    mkdirSync(path);
  } catch {
    return ok(undefined);
  }
  let admin: string | undefined;
  try {
    admin = claimId(join(common, 'worktrees'), id, path);
  } catch {
    admin = undefined;
  }
  const undo = async () => {
    await rm(path, { recursive: true, force: true });
    if (admin !== undefined) await rm(admin, { recursive: true, force: true });
  };
  if (admin === undefined) {
    await undo();
    return ok(undefined);
  }
  try {
    writeFileSync(join(admin, 'locked'), 'initializing\n');
    writeFileSync(join(path, '.git'), `gitdir: ${admin}\n`);
    writeFileSync(join(admin, 'gitdir'), `${join(path, '.git')}\n`);
    writeFileSync(join(admin, 'commondir'), '../..\n');
    writeFileSync(join(admin, 'HEAD'), `ref: refs/heads/${branch}\n`);
  } catch {
    await undo();
    return ok(undefined);
  }
  crashPoint('worktree-files:registered');
  const created = await refTransaction(repoDir, `create refs/heads/${branch} ${base}\n`);
  if (!created.ok) {
    await undo();
    return ok(undefined);
  }
  // What `reset --hard` does in a new worktree, without its ORIG_HEAD and reflog: 2 ms less.
  const filled = await git(path, ['read-tree', '-u', '--reset', 'HEAD']);
  if (!filled.ok) return filled;
  try {
    unlinkSync(join(admin, 'locked'));
  } catch {
    // Left locked: git keeps it, and its removal goes to `git worktree remove`.
  }
  // The transaction wrote the branch; in the files backend its file names the commit.
  const named = /^([0-9a-f]{40}|[0-9a-f]{64})\n$/.exec(
    readOrNothing(join(common, 'refs', 'heads', branch)),
  )?.[1];
  if (named !== undefined) return ok(named);
  const head = await gitText(path, ['rev-parse', 'HEAD']);
  return head.ok ? ok(head.value) : head;
}

/** Ids tried after `<id>` itself, as git numbers them (`<id>1`, `<id>2`, …) when one is taken. */
const MORE_IDS = 9;

/**
 * A registration folder of our own under `worktrees`: `<id>`, or the first of `<id>1`… free. One
 * left by a crash for this very folder (or that never got its `gitdir`) is dropped and taken, as
 * `git worktree prune` would drop it; another worktree's is left alone.
 */
function claimId(worktrees: string, id: string, path: string): string | undefined {
  mkdirSync(worktrees, { recursive: true });
  for (let n = 0; n <= MORE_IDS; n++) {
    const admin = join(worktrees, n === 0 ? id : `${id}${n}`);
    if (made(admin)) return admin;
    const gitdir = readOrNothing(join(admin, 'gitdir'));
    if (gitdir !== '' && gitdir !== `${join(path, '.git')}\n`) continue;
    rmSync(admin, { recursive: true, force: true });
    if (made(admin)) return admin;
  }
  return undefined;
}

/** Whether `dir` was made by this call (false: it was there already). */
function made(dir: string): boolean {
  try {
    mkdirSync(dir);
    return true;
  } catch {
    return false;
  }
}

/** A small file's text, or '' when it cannot be read. */
function readOrNothing(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/**
 * Removes the worktree at `path` when it is registered in the repository's own `.git` as this
 * module registers one; false (nothing done) otherwise, for `git worktree remove` to do.
 */
export async function removeWorktreeByFiles(repoDir: string, path: string): Promise<boolean> {
  const common = plainGitDir(repoDir);
  if (common === undefined) return false;
  const top = resolve(path);
  const link = readOrNothing(join(top, '.git'));
  const admin = /^gitdir: (.+)\n$/.exec(link)?.[1];
  if (admin === undefined || resolve(dirname(admin)) !== join(common, 'worktrees')) return false;
  const back = readOrNothing(join(admin, 'gitdir'));
  if (back !== `${join(top, '.git')}\n` || existsSync(join(admin, 'locked'))) return false;
  await rm(top, { recursive: true, force: true });
  crashPoint('worktree-files:removed');
  await rm(admin, { recursive: true, force: true });
  return true;
}

/** The repository's git directory when it is a plain `.git` folder of its own (no `commondir`). */
function plainGitDir(repoDir: string): string | undefined {
  const dir = join(repoDir, '.git');
  const found = statSync(dir, { throwIfNoEntry: false });
  if (found === undefined || !found.isDirectory()) return undefined;
  return existsSync(join(dir, 'commondir')) ? undefined : dir;
}
