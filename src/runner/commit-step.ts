/**
 * Records a step's work as one commit on its branch. The identity is Molecular's own (passed with
 * `-c`, so machines without a git identity work) and hooks are skipped: a step is checked by its
 * gates, and a hook waiting for input would hang the run.
 */
import { ok, type Result } from '../engine/errors.js';
import { git, gitText, MOLECULAR_IDENTITY, NO_SIGNING, splitNul } from './git.js';

export interface CommitStepOptions {
  cwd: string;
  molId: string;
  stepId: string;
  message: string;
  /** The commit the step started from (`Workspace.baseCommit`); default: HEAD before this commit. */
  baseCommit?: string;
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
  const added = await git(cwd, ['add', '-A']);
  if (!added.ok) return added;
  const staged = await git(cwd, ['diff', '--cached', '--quiet'], { okCodes: [0, 1] });
  if (!staged.ok) return staged;

  const committed = staged.value.code === 1;
  if (committed) {
    const trailers = `Molecule: ${options.molId}\nStep: ${options.stepId}`;
    const made = await git(cwd, [
      ...MOLECULAR_IDENTITY,
      ...NO_SIGNING,
      'commit',
      '-q',
      '--no-verify',
      '-m',
      options.message,
      '-m',
      trailers,
    ]);
    if (!made.ok) return made;
  }
  const head = await gitText(cwd, ['rev-parse', 'HEAD']);
  if (!head.ok) return head;
  const changed = await git(cwd, ['diff', '--name-only', '--no-renames', '-z', base, head.value]);
  if (!changed.ok) return changed;
  return ok({ commit: head.value, committed, filesModified: splitNul(changed.value.stdout) });
}
