/**
 * What every verb that touches molecules needs: the repository (its main working tree, even when
 * `mol` runs inside a step's worktree), the local store in it, and where step worktrees go.
 */
import { basename, dirname, join, resolve } from 'node:path';
import { err, ok, type Result } from '../engine/index.js';
import { createLocalStore, type LocalStore } from '../local/store/local-store.js';
import { git } from '../runner/git.js';
import type { CliIO } from './io.js';

export interface CliContext {
  io: CliIO;
  /** The top of the main working tree. */
  repoDir: string;
  store: LocalStore;
  /** Distributed steps run in `<worktreeRoot>/<mol-id>/<step-id>`. */
  worktreeRoot: string;
}

export async function openContext(io: CliIO, storeDir?: string): Promise<Result<CliContext>> {
  const repoDir = await mainWorktree(io.cwd);
  if (repoDir === undefined) {
    return err(
      'not-a-repository',
      `${io.cwd} is not inside a git repository; run mol from inside one (it commits each step there)`,
    );
  }
  const dir = storeDir === undefined ? join(repoDir, '.molecular') : resolve(io.cwd, storeDir);
  return ok({ io, repoDir, store: createLocalStore({ dir }), worktreeRoot: join(dir, 'worktrees') });
}

/** The main working tree's top level: git's common dir is shared by all linked worktrees. */
async function mainWorktree(cwd: string): Promise<string | undefined> {
  const common = await git(cwd, ['rev-parse', '--path-format=absolute', '--git-common-dir'], {
    okCodes: [0, 128],
  });
  if (!common.ok || common.value.code !== 0) return undefined;
  const gitDir = common.value.stdout.trim();
  if (basename(gitDir) === '.git') return dirname(gitDir);
  const top = await git(cwd, ['rev-parse', '--show-toplevel'], { okCodes: [0, 128] });
  if (!top.ok || top.value.code !== 0 || top.value.stdout.trim() === '') return undefined;
  return top.value.stdout.trim();
}
