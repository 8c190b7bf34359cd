/**
 * Records a step's work as one commit on its branch. The identity is Molecular's own (passed with
 * `-c`, so machines without a git identity work) and hooks are skipped: a step is checked by its
 * gates, and a hook waiting for input would hang the run.
 */
import { err, ok, type Result } from '../engine/index.js';
import { COMMIT_SETTINGS, git, gitText, MOLECULAR_IDENTITY, splitNul } from './git.js';
import type { TreeStatus } from './tree-status.js';

export interface CommitStepOptions {
  cwd: string;
  molId: string;
  stepId: string;
  message: string;
  /** The commit the step started from (`Workspace.baseCommit`); default: HEAD before this commit. */
  baseCommit?: string;
  /**
   * Paths that were already changed before the step started (`Workspace.preexisting`): a person's
   * work in progress, an untracked `.env`. They are never swept into the step's commit.
   */
  exclude?: string[];
  /** HEAD as the caller read it after the step (head-check.ts): with nothing to commit, not asked again. */
  headCommit?: string;
  /**
   * False where no one will read the reflogs: a step's worktree or a runner's checkout, which go
   * when the step ends. Each new reflog is a file made and, with the worktree, removed again.
   */
  reflog?: boolean;
  /**
   * The tree as `git status` read it just now, with HEAD at `baseCommit` (tree-status.ts): what the
   * commit will hold is known, so files git tracks need no `git add`, and the commit's files need
   * no `diff-tree` unless one of them is intricate.
   */
  status?: Pick<TreeStatus, 'changed' | 'untracked' | 'intricate'>;
}

export interface StepCommit {
  /** HEAD after the step: the new commit, or the unchanged HEAD when there was nothing to commit. */
  commit: string;
  committed: boolean;
  /** Paths changed between the step's base and `commit`. */
  filesModified: string[];
  /**
   * With `status` given: the commit took exactly the paths it listed but the excluded ones, so
   * the tree now differs from `commit` in the excluded paths alone (tree-status.ts `afterCommit`).
   */
  took?: 'listed';
}

export async function commitStep(options: CommitStepOptions): Promise<Result<StepCommit>> {
  const { cwd } = options;
  let base = options.baseCommit;
  if (base === undefined) {
    const before = await gitText(cwd, ['rev-parse', 'HEAD']);
    if (!before.ok) return before;
    base = before.value;
  }
  const exclude = options.exclude ?? [];
  const left = new Set(exclude);
  const pending = options.status?.changed.filter((path) => !left.has(path));
  const untracked = new Set(options.status?.untracked);
  // Only files git does not track yet need `git add`: `commit <pathspec>` takes the others as the
  // files hold them, deletions included.
  const adding = pending === undefined || pending.some((path) => untracked.has(path));
  const only = pathspecOf(exclude);
  if (adding) {
    const added = await git(cwd, ['add', '-A', ...only.args], { input: only.input });
    if (!added.ok) return added;
  }
  // Whether there is anything to commit is git's own answer: `commit` exits 1 and says so when
  // there is not. With excluded paths it commits only the rest (`--only`), so changes staged
  // before the step (a person's `git add`) stay staged and out of the commit. Its summary names
  // the new commit in full (`core.abbrev` as long as the base's name).
  const trailers = `Molecule: ${options.molId}\nStep: ${options.stepId}`;
  // With nothing excluded and nothing to add, `-a` takes every tracked file as the tree holds it,
  // as `commit .` would, but writes the index once: a pathspec writes a temporary index as well.
  const which = adding || exclude.length > 0 ? only.args : ['-a'];
  const made = await git(
    cwd,
    [
      ...MOLECULAR_IDENTITY,
      ...COMMIT_SETTINGS,
      '-c',
      `core.abbrev=${base.length}`,
      ...(options.reflog === false ? ['-c', 'core.logAllRefUpdates=false'] : []),
      'commit',
      '--no-verify',
      '--untracked-files=no',
      '-m',
      options.message,
      '-m',
      trailers,
      ...which,
    ],
    { input: only.input, okCodes: [0, 1] },
  );
  if (!made.ok) return made;
  if (made.value.code === 0) {
    const intricate = new Set(options.status?.intricate);
    const summarised = summaryCommit(made.value.stdout, base.length);
    if (summarised !== undefined && pending !== undefined && !pending.some((path) => intricate.has(path)))
      return ok({ commit: summarised, committed: true, filesModified: inGitOrder(pending), took: 'listed' });
    // The new commit, its parent and its files in one call: when the parent is the base (the
    // step made no commits of its own), those files are the step's.
    const tip = await git(cwd, [
      'diff-tree',
      '--always',
      '-r',
      '--no-renames',
      '--name-only',
      '-z',
      '--format=%H %P',
      'HEAD',
    ]);
    if (!tip.ok) return tip;
    const { head, parent, files } = parseTip(tip.value.stdout);
    if (parent === base) return ok({ commit: head, committed: true, filesModified: files });
    return filesSince(cwd, base, head, true);
  }
  if (!NOTHING_TO_COMMIT.test(`${made.value.stdout}\n${made.value.stderr}`)) {
    const why = (made.value.stderr || made.value.stdout).trim().split('\n').slice(-3).join(' ');
    return err('git-failed', `git commit failed in ${cwd}: ${why || 'exit 1'}`);
  }
  // `git add` and a commit that made nothing since the caller's read did not move HEAD.
  const head =
    options.headCommit !== undefined ? ok(options.headCommit) : await gitText(cwd, ['rev-parse', 'HEAD']);
  if (!head.ok) return head;
  // Nothing committed and HEAD where the step began: nothing changed, no need to ask git.
  if (head.value === base) return ok({ commit: head.value, committed: false, filesModified: [] });
  return filesSince(cwd, base, head.value, false);
}

/** What `git commit` (LC_ALL=C) says when it made no commit because nothing matched or changed. */
const NOTHING_TO_COMMIT =
  /nothing to commit|nothing added to commit|no changes added to commit|did not match any file/;

/** `diff-tree --format='%H %P' -z --name-only` of one commit: `<sha> <parent>\0`, then `\n` and the paths. */
function parseTip(text: string): { head: string; parent: string | undefined; files: string[] } {
  const end = text.indexOf('\0');
  const [head = '', parent] = text.slice(0, end).split(' ');
  const rest = text.slice(end + 1);
  return { head, parent, files: splitNul(rest.startsWith('\n') ? rest.slice(1) : rest) };
}

async function filesSince(
  cwd: string,
  base: string,
  head: string,
  committed: boolean,
): Promise<Result<StepCommit>> {
  const changed = await git(cwd, ['diff', '--name-only', '--no-renames', '-z', base, head]);
  if (!changed.ok) return changed;
  return ok({ commit: head, committed, filesModified: splitNul(changed.value.stdout) });
}

/**
 * The commit `git commit` (not `-q`) names on its first line, `[<branch> <sha>] <subject>` (the
 * branch may be `detached HEAD` or carry `(root-commit)`; a ref name holds no space); undefined
 * when it is not there in full.
 */
function summaryCommit(stdout: string, length: number): string | undefined {
  const first = stdout.split('\n', 1)[0] ?? '';
  const found = / ([0-9a-f]+)\] /.exec(first)?.[1];
  return found?.length === length ? found : undefined;
}

/** Paths as git orders them (by their bytes), as `diff-tree` would list them. */
function inGitOrder(paths: string[]): string[] {
  return [...paths].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
}

/**
 * Everything but the excluded paths, as a NUL-separated pathspec on stdin (no argv length limit);
 * none when nothing is excluded.
 */
function pathspecOf(exclude: string[]): { args: string[]; input?: string } {
  if (exclude.length === 0) return { args: [] };
  const specs = ['.', ...exclude.map((path) => `:(exclude,literal)${path}`)];
  return { args: ['--pathspec-from-file=-', '--pathspec-file-nul'], input: `${specs.join('\0')}\0` };
}
