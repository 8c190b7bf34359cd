/**
 * Every branch a molecule creates lives under `molecular/<mol-id>/`, so burn and gc can find all of
 * them and nothing else, and a step's branch name says which step made it.
 */
import { err, ok, type Result } from '../engine/index.js';
import { git } from './git.js';

export const moleculeBranchPrefix = (molId: string) => `molecular/${molId}/`;

export const stepBranch = (molId: string, stepId: string) => `${moleculeBranchPrefix(molId)}${stepId}`;

/** Step ids come from formulas; git refuses some names (`a..b`, `x.lock`, spaces), and we say which. */
export async function checkBranchName(cwd: string, branch: string): Promise<Result<string>> {
  const out = await git(cwd, ['check-ref-format', '--branch', branch], { okCodes: [0, 1, 128] });
  if (out.ok && out.value.code === 0 && !branch.startsWith('-')) return ok(branch);
  return err(
    'invalid-branch',
    `"${branch}" cannot be a git branch name; rename the step (no spaces, "..", "~", "^", ":" or a trailing ".lock").`,
  );
}
