/** A branch name git accepts, checked before the runner creates one (the names: engine/branch-names.ts). */
import { err, ok, REF_NAME_RULE, type Result, refNameProblem } from '../engine/index.js';

/**
 * Cook and pour refuse ids git cannot use, so this holds only for molecules from before that
 * check: git's rule (the engine's, which a property test holds to `git check-ref-format`), and
 * no leading "-" as `git check-ref-format --branch` adds.
 */
export async function checkBranchName(_cwd: string, branch: string): Promise<Result<string>> {
  const problem = branch.startsWith('-') ? 'it starts with "-"' : refNameProblem(branch);
  if (problem === undefined) return ok(branch);
  return err(
    'invalid-branch',
    `"${branch}" cannot be a git branch name: ${problem}; rename the step (${REF_NAME_RULE}).`,
  );
}
