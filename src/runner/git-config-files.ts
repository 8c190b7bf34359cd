/**
 * The files git reads its configuration from in a checkout, and their bytes: the system file, the
 * global ones (`~/.gitconfig`, `$XDG_CONFIG_HOME/git/config`), the repository's `config` and the
 * worktree's `config.worktree`, every file an `include.path` names, and the `.git` file and
 * `commondir` that say where the repository's files are. Git's configuration is a function of
 * these bytes, the environment (the runner's own, which a step cannot change) and, for an
 * `includeIf`, where the repository is and which branch is checked out. So when none of these
 * files changed and no `includeIf` is set, `git config --list` would answer what it answered
 * before (git-config-snapshot.ts asks it again only when something differs).
 *
 * A file that does not exist is part of the answer too (`missing`): a step that creates
 * `~/.gitconfig` changed it.
 */
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { git, gitEnvironment } from './git.js';

/** A file's bytes, `missing`, or `dir` (what `.git` is in a repository's own working tree). */
export type FileState = Buffer | 'missing' | 'dir';

/** Every file's state, by absolute path. */
export type ConfigFiles = Map<string, FileState>;

/** One entry of `git config --list --show-scope --show-origin -z`, all of it. */
export interface ListedSetting {
  scope: string;
  origin: string;
  /** Lower-cased, as git prints it. */
  key: string;
  value: string | null;
}

/** What a file holds now; undefined when it cannot be read for another reason (the caller asks git). */
export async function readState(path: string): Promise<FileState | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
    if (code === 'EISDIR') return 'dir';
    return undefined;
  }
}

/** The states of `paths` now; undefined when one cannot be read. */
export async function readStates(paths: Iterable<string>): Promise<ConfigFiles | undefined> {
  const list = [...new Set(paths)];
  const states = await Promise.all(list.map(readState));
  const files: ConfigFiles = new Map();
  for (const [i, path] of list.entries()) {
    const state = states[i];
    if (state === undefined) return undefined;
    files.set(path, state);
  }
  return files;
}

export function sameState(a: FileState | undefined, b: FileState | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return a.equals(b);
}

/** Variables that move git's repository or its configuration elsewhere: with one set, git is asked every time. */
const RELOCATING = ['GIT_DIR', 'GIT_COMMON_DIR', 'GIT_WORK_TREE', 'GIT_CONFIG', 'GIT_CONFIG_PARAMETERS'];

export interface StandardFiles {
  /** Every one of them. */
  paths: string[];
  /** The repository's `config`, in its common directory (shared by all its worktrees). */
  common: string;
  /** This checkout's `config.worktree`. */
  worktree: string;
}

/**
 * The files git reads whatever the configuration says (system, global, the repository's, the
 * worktree's) and those that say where the repository is; undefined when the environment moves
 * them in a way this does not follow.
 */
export async function standardConfigFiles(cwd: string): Promise<StandardFiles | undefined> {
  const env = gitEnvironment();
  if (RELOCATING.some((name) => env[name] !== undefined)) return undefined;
  const system = await systemConfigPath(cwd, env);
  if (system === null) return undefined;
  const paths = system === undefined ? [] : [system];
  if (env.GIT_CONFIG_GLOBAL !== undefined) paths.push(resolve(cwd, env.GIT_CONFIG_GLOBAL));
  else {
    const home = env.HOME;
    const xdg = env.XDG_CONFIG_HOME;
    if (xdg) paths.push(join(xdg, 'git', 'config'));
    else if (home) paths.push(join(home, '.config', 'git', 'config'));
    if (home) paths.push(join(home, '.gitconfig'));
  }
  const dotGit = join(cwd, '.git');
  paths.push(dotGit);
  const where = await readState(dotGit);
  let gitDir: string;
  if (where === 'dir') gitDir = dotGit;
  else if (where instanceof Buffer) {
    const named = /^gitdir: (.+)$/m.exec(where.toString('utf8'))?.[1];
    if (named === undefined) return undefined;
    gitDir = resolve(cwd, named);
  } else return undefined;
  const commonFile = join(gitDir, 'commondir');
  paths.push(commonFile);
  const common = await readState(commonFile);
  if (common === undefined || common === 'dir') return undefined;
  const commonDir = common === 'missing' ? gitDir : resolve(gitDir, common.toString('utf8').trim());
  const files = { common: join(commonDir, 'config'), worktree: join(gitDir, 'config.worktree') };
  paths.push(files.common, files.worktree);
  return { paths, ...files };
}

/**
 * Where a setting was read from, and every file an `include.path` names (followed or not yet),
 * as absolute paths; undefined when one cannot be told here: an `includeIf` (whether it holds
 * depends on more than the files), an origin that is no file, an include path git expands from
 * something else than `~/`.
 */
export function namedConfigFiles(cwd: string, listed: readonly ListedSetting[]): string[] | undefined {
  const env = gitEnvironment();
  const paths: string[] = [];
  for (const setting of listed) {
    if (setting.scope === 'command') continue;
    if (!setting.origin.startsWith('file:')) return undefined;
    const origin = resolve(cwd, setting.origin.slice('file:'.length));
    paths.push(origin);
    if (setting.key.startsWith('includeif.')) return undefined;
    if (setting.key !== 'include.path') continue;
    const target = setting.value;
    if (!target) return undefined;
    let path: string;
    if (target.startsWith('~/')) {
      if (!env.HOME) return undefined;
      path = join(env.HOME, target.slice(2));
    } else if (target.startsWith('~') || target.startsWith('%(')) return undefined;
    else path = isAbsolute(target) ? target : resolve(dirname(origin), target);
    paths.push(path);
  }
  return paths;
}

/**
 * The system file git reads: `GIT_CONFIG_SYSTEM`, none with `GIT_CONFIG_NOSYSTEM`, else where this
 * git was built to look, asked once a process (`git config --system --edit` with `echo` for the
 * editor prints the path and changes nothing). Null when git would not say.
 */
async function systemConfigPath(
  cwd: string,
  env: Record<string, string>,
): Promise<string | undefined | null> {
  if (env.GIT_CONFIG_NOSYSTEM !== undefined && !/^(0|false|no|off|)$/i.test(env.GIT_CONFIG_NOSYSTEM))
    return undefined;
  if (env.GIT_CONFIG_SYSTEM !== undefined) return resolve(env.GIT_CONFIG_SYSTEM);
  systemPath ??= git(cwd, ['config', '--system', '--edit'], { env: { GIT_EDITOR: 'echo' } }).then((out) => {
    const path = out.ok ? out.value.stdout.replace(/\n$/, '') : '';
    return isAbsolute(path) && !path.includes('\n') ? path : null;
  });
  return systemPath;
}

let systemPath: Promise<string | null> | undefined;
