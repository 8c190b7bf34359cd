/**
 * A distributed step's worktree, made and removed through its files as git lays them out, so
 * that a step pays one git process where `git worktree add -b` starts four (itself, then
 * `git branch`, `symbolic-ref` and `reset --hard`: about 13 ms of a distributed step's 35 ms
 * budget) and none where `git worktree remove` starts one.
 *
 * Made: the folder; its registration as gitrepository-layout(5) describes it and `worktree add`
 * writes it (`<common dir>/worktrees/<id>` holding `gitdir`, `commondir` and `HEAD`, a `.git` file
 * in the folder pointing back, `locked` while it is being made); the branch, created through the
 * long-lived ref transaction (ref-transaction.ts) only where it does not exist yet; then
 * `reset --hard` fills the index and the files, as `worktree add` has it do. Anything this does
 * not do as git would is left to `git worktree add` (the answer is false, nothing left behind): a
 * repository whose `.git` is not a plain folder of its own, one whose worktrees inherit something
 * (`config.worktree`, a sparse checkout), a folder name git would rewrite, a folder or a branch
 * that exists. A crash part way leaves the folder (with a `locked` registration, which `git
 * worktree prune` never drops): the step's next attempt removes it as any attempt's leftovers.
 *
 * Removed: the folder, then its registration, in git's order (a crash in between leaves an entry
 * `git worktree prune` drops, as a folder removed by hand does, and the next worktree of that id
 * drops it too).
 */
import { mkdir, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { ok, type Result } from '../engine/index.js';
import { crashPoint } from './crash-point.js';
import { git } from './git.js';
import { pathExists } from './path-exists.js';
import { refTransaction } from './ref-transaction.js';

/** A folder name `worktree add` keeps as the worktree's id unchanged (it rewrites others). */
const PLAIN_ID = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export async function addWorktreeByFiles(
  repoDir: string,
  branch: string,
  path: string,
  commit: string,
): Promise<Result<boolean>> {
  const id = basename(path);
  const common = await plainGitDir(repoDir);
  if (common === undefined || !PLAIN_ID.test(id)) return ok(false);
  const inherited = await Promise.all(
    ['config.worktree', join('info', 'sparse-checkout')].map((file) => pathExists(join(common, file))),
  );
  if (inherited.some(Boolean)) return ok(false);
  try {
    await mkdir(dirname(path), { recursive: true });
    await mkdir(path);
  } catch {
    return ok(false);
  }
  const admin = await claimId(join(common, 'worktrees'), id, path);
  const undo = async () => {
    await rm(path, { recursive: true, force: true });
    if (admin !== undefined) await rm(admin, { recursive: true, force: true });
  };
  if (admin === undefined) {
    await undo();
    return ok(false);
  }
  try {
    await writeFile(join(admin, 'locked'), 'initializing\n');
    await writeFile(join(path, '.git'), `gitdir: ${admin}\n`);
    await writeFile(join(admin, 'gitdir'), `${join(path, '.git')}\n`);
    await writeFile(join(admin, 'commondir'), '../..\n');
    await writeFile(join(admin, 'HEAD'), `ref: refs/heads/${branch}\n`);
  } catch {
    await undo();
    return ok(false);
  }
  crashPoint('worktree-files:registered');
  const created = await refTransaction(repoDir, `create refs/heads/${branch} ${commit}\n`);
  if (!created.ok) {
    await undo();
    return ok(false);
  }
  const filled = await git(path, ['reset', '--hard', '--quiet', '--no-recurse-submodules']);
  if (!filled.ok) return filled;
  await unlink(join(admin, 'locked'));
  return ok(true);
}

/** Ids tried after `<id>` itself, as git numbers them (`<id>1`, `<id>2`, …) when one is taken. */
const MORE_IDS = 9;

/**
 * A registration folder of our own under `worktrees`: `<id>`, or the first of `<id>1`… free. One
 * left by a crash for this very folder (or that never got its `gitdir`) is dropped and taken, as
 * `git worktree prune` would drop it; another worktree's is left alone.
 */
async function claimId(worktrees: string, id: string, path: string): Promise<string | undefined> {
  await mkdir(worktrees, { recursive: true });
  for (let n = 0; n <= MORE_IDS; n++) {
    const admin = join(worktrees, n === 0 ? id : `${id}${n}`);
    if (await made(admin)) return admin;
    const gitdir = await readFile(join(admin, 'gitdir'), 'utf8').catch(() => '');
    if (gitdir !== '' && gitdir !== `${join(path, '.git')}\n`) continue;
    await rm(admin, { recursive: true, force: true });
    if (await made(admin)) return admin;
  }
  return undefined;
}

/** Whether `dir` was made by this call (false: it was there already). */
const made = (dir: string): Promise<boolean> =>
  mkdir(dir).then(
    () => true,
    () => false,
  );

/**
 * Removes the worktree at `path` when it is registered in the repository's own `.git` as this
 * module registers one; false (nothing done) otherwise, for `git worktree remove` to do.
 */
export async function removeWorktreeByFiles(repoDir: string, path: string): Promise<boolean> {
  const common = await plainGitDir(repoDir);
  if (common === undefined) return false;
  const top = resolve(path);
  const link = await readFile(join(top, '.git'), 'utf8').catch(() => '');
  const admin = /^gitdir: (.+)\n$/.exec(link)?.[1];
  if (admin === undefined || resolve(dirname(admin)) !== join(common, 'worktrees')) return false;
  const back = await readFile(join(admin, 'gitdir'), 'utf8').catch(() => '');
  if (back !== `${join(top, '.git')}\n` || (await pathExists(join(admin, 'locked')))) return false;
  await rm(top, { recursive: true, force: true });
  crashPoint('worktree-files:removed');
  await rm(admin, { recursive: true, force: true });
  return true;
}

/** The repository's git directory when it is a plain `.git` folder of its own (no `commondir`). */
async function plainGitDir(repoDir: string): Promise<string | undefined> {
  const dir = join(repoDir, '.git');
  const found = await stat(dir).catch(() => undefined);
  if (found === undefined || !found.isDirectory()) return undefined;
  return (await pathExists(join(dir, 'commondir'))) ? undefined : dir;
}
