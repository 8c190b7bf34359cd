/**
 * Git's configuration as it stands (every scope, every included file), to compare before and after
 * a step. Settings can make git run commands during the status, add, commit and push that record
 * the step — `filter.<x>.clean` with a `.gitattributes`, `core.sshCommand`, `diff.<x>.textconv`,
 * an `include.path` to a file full of them — and a step can write them into `.git/config` or
 * `~/.gitconfig`. The runner's own git switches off hooks and fsmonitor on its command line; for
 * the rest it refuses to go on when the configuration changed during the step.
 *
 * Ignored: the settings the runner overrides on every call anyway, and those that name a person or
 * an upstream and never a command (an agent that sets its identity or a branch's upstream is not
 * refused for it).
 *
 * Asking git costs a process; a runner that checks one checkout step after step (the CLI) keeps
 * the bytes of every file a listing came from (git-config-files.ts) and asks again only when one
 * of them changed, appeared or went away, or when the configuration has an `includeIf`.
 */
import { resolve } from 'node:path';
import { ok, type Result } from '../engine/index.js';
import { git } from './git.js';
import {
  type ConfigFiles,
  type ListedSetting,
  namedConfigFiles,
  readStates,
  sameState,
  standardConfigFiles,
} from './git-config-files.js';

const HARMLESS = /^(core\.hookspath|core\.fsmonitor|user\.(name|email)|branch\..+\.(remote|merge|rebase))$/;

export interface SnapshotOptions {
  /**
   * Also keep which files this listing came from and their bytes (git-config-files.ts), so that
   * `gitConfigNow` can tell "unchanged" without asking git again. For faces that check one
   * checkout several times in a process (the CLI); it may cost one `git` a process the first time.
   */
  remember?: boolean;
}

/** One entry per setting in git's reading order: `scope origin key=value`, JSON-quoted. */
export async function gitConfigSnapshot(
  cwd: string,
  options: SnapshotOptions = {},
): Promise<Result<string[]>> {
  // The files are read before git lists: one changed in between makes the memo unusable, never wrong.
  const before = options.remember ? await readCandidates(cwd) : undefined;
  const listed = await git(cwd, ['config', '--list', '--show-scope', '--show-origin', '-z']);
  if (!listed.ok) return listed;
  const settings = parseListing(listed.value.stdout);
  const entries: string[] = [];
  for (const { scope, origin, key, value } of settings) {
    if (scope === 'command' || HARMLESS.test(key)) continue;
    // As an absolute path: git names the repository's own file relative to the checkout it runs in.
    const where = origin.startsWith('file:') ? `file:${resolve(cwd, origin.slice('file:'.length))}` : origin;
    entries.push(JSON.stringify([scope, where, key, value]));
  }
  if (options.remember) await remember(cwd, entries, settings, before);
  return ok(entries);
}

/**
 * Git's configuration now, to compare with `before` (a snapshot of the same checkout). When this
 * process remembered `before` with the bytes of every file it came from (`remember`), and those
 * files hold the same bytes now, git would list `before` again: it is the answer, and git is not
 * asked. Anything else (a file changed, created or removed, a memo never kept) asks git.
 */
export async function gitConfigNow(
  cwd: string,
  before: readonly string[],
  options: SnapshotOptions = {},
): Promise<Result<string[]>> {
  const memo = memos.get(cwd);
  if (memo !== undefined && sameEntries(memo.entries, before)) {
    const now = await readStates(memo.files.keys());
    if (now !== undefined && [...memo.files].every(([path, state]) => sameState(state, now.get(path)))) {
      return ok([...before]);
    }
  }
  return gitConfigSnapshot(cwd, options);
}

/**
 * The configuration of `cwd`, a worktree just added to the repository whose main checkout is
 * `repoDir`, for a face that checks it again later in this process (the CLI's distributed steps):
 * the repository's own, read there once a process and told from its files' bytes after that. A
 * fresh worktree reads exactly the files the main checkout reads when neither has a
 * `config.worktree` and both share one common directory (an `includeIf`, whose answer could
 * differ between them, already keeps the main checkout's listing from being remembered). Anything
 * else is asked of git in `cwd` itself.
 */
export async function gitConfigOfNewWorktree(cwd: string, repoDir: string): Promise<Result<string[]>> {
  const main = await rememberedNow(repoDir);
  const derived = main === undefined ? undefined : await sameFilesAs(cwd, repoDir, main);
  if (derived !== undefined) {
    if (memos.size >= MEMOS) memos.delete(memos.keys().next().value as string);
    memos.set(cwd, derived);
    return ok([...derived.entries]);
  }
  const tries = mainReads.get(repoDir) ?? 0;
  if (main === undefined && !memos.has(repoDir) && tries < 2) {
    // Read in the main checkout, so this worktree and the next are told from it; a second time
    // when the first named files it had not read before (an include), never more.
    mainReads.set(repoDir, tries + 1);
    const read = await gitConfigSnapshot(repoDir, { remember: true });
    if (read.ok && memos.has(repoDir)) return gitConfigOfNewWorktree(cwd, repoDir);
  }
  return gitConfigSnapshot(cwd, { remember: true });
}

/** How often this process read a main checkout's configuration for its worktrees. */
const mainReads = new Map<string, number>();

/** The memo of `cwd` when every file it depends on still holds the bytes it held. */
async function rememberedNow(cwd: string): Promise<Memo | undefined> {
  const memo = memos.get(cwd);
  if (memo === undefined) return undefined;
  const now = await readStates(memo.files.keys());
  if (now === undefined || ![...memo.files].every(([path, state]) => sameState(state, now.get(path))))
    return undefined;
  return memo;
}

/** `main`'s listing as `cwd`'s, with `cwd`'s own files added, when `cwd` reads the same files. */
async function sameFilesAs(cwd: string, repoDir: string, main: Memo): Promise<Memo | undefined> {
  const [mine, theirs] = await Promise.all([standardConfigFiles(cwd), standardConfigFiles(repoDir)]);
  if (mine === undefined || theirs === undefined || mine.common !== theirs.common) return undefined;
  const files = await readStates(mine.paths);
  if (files === undefined) return undefined;
  if (files.get(mine.worktree) !== 'missing' || main.files.get(theirs.worktree) !== 'missing')
    return undefined;
  for (const [path, state] of main.files) {
    // A file both depend on must hold what it held when the main checkout's listing was taken.
    if (files.has(path) && !sameState(files.get(path), state)) return undefined;
    files.set(path, state);
  }
  return { entries: main.entries, files };
}

/** `config --list --show-scope --show-origin -z`: scope, origin, then `key` or `key\nvalue`, each NUL-ended. */
function parseListing(text: string): ListedSetting[] {
  const fields = text.split('\0');
  const settings: ListedSetting[] = [];
  for (let i = 0; i + 2 < fields.length; i += 3) {
    const [scope, origin, item] = fields.slice(i, i + 3) as [string, string, string];
    const newline = item.indexOf('\n');
    const key = (newline < 0 ? item : item.slice(0, newline)).toLowerCase();
    settings.push({ scope, origin, key, value: newline < 0 ? null : item.slice(newline + 1) });
  }
  return settings;
}

interface Memo {
  /** What git listed (filtered as a snapshot is). */
  entries: string[];
  /** Every file that listing depends on, as it was just before git read it. */
  files: ConfigFiles;
}

/** By checkout; a distributed run makes one per step, so only the newest few are kept. */
const memos = new Map<string, Memo>();
const MEMOS = 32;
/** Every configuration file named in this process so far: read before the next listing, wherever it is. */
const known = new Set<string>();

async function readCandidates(cwd: string): Promise<{ standard: string[]; files: ConfigFiles } | undefined> {
  const standard = (await standardConfigFiles(cwd))?.paths;
  if (standard === undefined) return undefined;
  const files = await readStates([...known, ...standard]);
  return files === undefined ? undefined : { standard, files };
}

/**
 * Keeps the listing with the bytes of every file it depends on, when that can be told: each was
 * read before git listed (so it is one of the files read then) and holds the same bytes now (so
 * git read those bytes). Otherwise nothing is kept and the next check asks git, reading every file
 * named this time before it does.
 */
async function remember(
  cwd: string,
  entries: string[],
  settings: readonly ListedSetting[],
  before: { standard: string[]; files: ConfigFiles } | undefined,
): Promise<void> {
  memos.delete(cwd);
  const named = namedConfigFiles(cwd, settings);
  for (const path of named ?? []) known.add(path);
  if (before === undefined || named === undefined) return;
  const needed = [...new Set([...before.standard, ...named])];
  if (!needed.every((path) => before.files.has(path))) return;
  const after = await readStates(needed);
  if (after === undefined) return;
  if (!needed.every((path) => sameState(before.files.get(path), after.get(path)))) return;
  if (memos.size >= MEMOS) memos.delete(memos.keys().next().value as string);
  memos.set(cwd, { entries, files: after });
}

function sameEntries(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((entry, i) => entry === b[i]);
}

/** The keys set, changed or removed between two snapshots; empty when none was. */
export function changedSettings(before: readonly string[], after: readonly string[]): string[] {
  const was = new Set(before);
  const is = new Set(after);
  const keys = new Set<string>();
  for (const entry of [...before.filter((e) => !is.has(e)), ...after.filter((e) => !was.has(e))]) {
    keys.add((JSON.parse(entry) as [string, string, string])[2]);
  }
  return [...keys].sort();
}
