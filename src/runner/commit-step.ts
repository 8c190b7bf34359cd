/**
 * Records a step's work as one commit on its branch. The identity is Molecular's own (passed with
 * `-c`, so machines without a git identity work) and hooks are skipped: a step is checked by its
 * gates, and a hook waiting for input would hang the run.
 */
import { ok, type Result } from '../engine/index.js';
import { COMMIT_SETTINGS, git, gitText, MOLECULAR_IDENTITY, splitNul } from './git.js';

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
}

export interface StepCommit {
  /** HEAD after the step: the new commit, or the unchanged HEAD when there was nothing to commit. */
  commit: string;
  committed: boolean;
  /** Paths changed between the step's base and `commit`. */
  filesModified: string[];
}

export async function commitStep(options: CommitStepOptions): Promise<Result<StepCommit>> {
  const { cwd } = options;
  let base = options.baseCommit;
  if (base === undefined) {
    const before = await gitText(cwd, ['rev-parse', 'HEAD']);
    if (!before.ok) return before;
    base = before.value;
  }
  const only = pathspecOf(options.exclude ?? []);
  const added = await git(cwd, ['add', '-A', ...only.args], { input: only.input });
  if (!added.ok) return added;
  const staged = await git(cwd, ['diff', '--cached', '--name-only', '--no-renames', '-z']);
  if (!staged.ok) return staged;
  // Changes staged before the step (a person's `git add`) stay staged and out of the commit.
  const excluded = new Set(options.exclude ?? []);
  const committed = splitNul(staged.value.stdout).some((path) => !excluded.has(path));
  if (committed) {
    const trailers = `Molecule: ${options.molId}\nStep: ${options.stepId}`;
    const made = await git(
      cwd,
      [
        ...MOLECULAR_IDENTITY,
        ...COMMIT_SETTINGS,
        'commit',
        '-q',
        '--no-verify',
        '-m',
        options.message,
        '-m',
        trailers,
        ...only.args,
      ],
      { input: only.input },
    );
    if (!made.ok) return made;
    // HEAD and its parent in one call: when the parent is the base (the step made no commits of
    // its own), the files are those just committed and git need not be asked again.
    const tip = await git(cwd, ['rev-parse', 'HEAD', 'HEAD^']);
    if (!tip.ok) return tip;
    const [head, parent] = tip.value.stdout.trim().split('\n') as [string, string];
    if (parent === base) {
      const files = splitNul(staged.value.stdout).filter((path) => !excluded.has(path));
      return ok({ commit: head, committed, filesModified: files });
    }
    return filesSince(cwd, base, head, committed);
  }
  // `git add` and `git diff --cached` since the caller's read did not move HEAD.
  const head =
    options.headCommit !== undefined ? ok(options.headCommit) : await gitText(cwd, ['rev-parse', 'HEAD']);
  if (!head.ok) return head;
  // Nothing committed and HEAD where the step began: nothing changed, no need to ask git.
  if (head.value === base) return ok({ commit: head.value, committed, filesModified: [] });
  return filesSince(cwd, base, head.value, committed);
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

/** Everything but the excluded paths, as a NUL-separated pathspec on stdin (no argv length limit). */
function pathspecOf(exclude: string[]): { args: string[]; input?: string } {
  if (exclude.length === 0) return { args: [] };
  const specs = ['.', ...exclude.map((path) => `:(exclude,literal)${path}`)];
  return { args: ['--pathspec-from-file=-', '--pathspec-file-nul'], input: `${specs.join('\0')}\0` };
}
