/**
 * Every branch a molecule creates lives under `molecular/<mol-id>/`, so burn and gc can find all of
 * them and nothing else, and a step's branch name says which step made it.
 */
import { err, ok, REF_NAME_RULE, type Result, refNameProblem } from '../engine/index.js';

export const moleculeBranchPrefix = (molId: string) => `molecular/${molId}/`;

export const stepBranch = (molId: string, stepId: string) => `${moleculeBranchPrefix(molId)}${stepId}`;

/**
 * The branch a `[pull_request]` molecule's work is delivered from: `molecular/<mol-id>/-result`.
 * Under the molecule's prefix, so burn and gc delete it with the rest; git cannot hold
 * `molecular/<mol-id>` beside `molecular/<mol-id>/<step>` (a ref is a file or a folder), and no step
 * id starts with "-" (`refPartProblem`), so it never clashes with a step's branch.
 */
export const resultBranch = (molId: string) => `${moleculeBranchPrefix(molId)}-result`;
// Its inverse, for a pull request's head, is the engine's `moleculeOfResultBranch` (delivery.ts).

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
