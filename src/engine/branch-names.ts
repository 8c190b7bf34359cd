/**
 * Every branch a molecule creates lives under `molecular/<mol-id>/`, so burn and gc can find all of
 * them and nothing else, and a step's branch name says which step made it. One rule for the local
 * runner and for GitHub.
 */
export const moleculeBranchPrefix = (molId: string) => `molecular/${molId}/`;

export const stepBranch = (molId: string, stepId: string) => `${moleculeBranchPrefix(molId)}${stepId}`;

/**
 * The branch a `[pull_request]` molecule's work is delivered from: `molecular/<mol-id>/-result`.
 * Under the molecule's prefix, so burn and gc delete it with the rest; git cannot hold
 * `molecular/<mol-id>` beside `molecular/<mol-id>/<step>` (a ref is a file or a folder), and no step
 * id starts with "-" (`refPartProblem`), so it never clashes with a step's branch.
 */
export const resultBranch = (molId: string) => `${moleculeBranchPrefix(molId)}-result`;

/** `molecular/<mol>/-result` → the molecule's id; undefined for any other branch. */
export function moleculeOfResultBranch(branch: string): string | undefined {
  const match = /^molecular\/([^/]+)\/-result$/.exec(branch);
  return match?.[1];
}
