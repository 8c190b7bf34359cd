/**
 * Every branch a molecule creates lives under `molecular/<mol-id>/`, so burn and gc can find all of
 * them and nothing else, and a step's branch name says which step made it. One rule for the local
 * runner and for GitHub.
 */
export const moleculeBranchPrefix = (molId: string) => `molecular/${molId}/`;

export const stepBranch = (molId: string, stepId: string) => `${moleculeBranchPrefix(molId)}${stepId}`;
