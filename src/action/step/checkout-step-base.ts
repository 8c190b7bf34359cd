/**
 * Step 1, continued: the checkout becomes the step's branch `molecular/<mol>/<step>`, started from
 * the branch of the step it needs, or from the merge of several (a conflict fails the step and
 * names the paths). The runner builds it in a scratch worktree (fetching the parents' branches
 * from the remote); the branch is then checked out in the workspace itself, because that is
 * where a user's agent action works between `step-start` and `step-finish`.
 *
 * The commit the step started from is kept in a local ref, so `step-finish` (another step of the
 * same job, another process) counts the files the step changed against it.
 */
import { join } from 'node:path';
import { ok, type Result } from '../../engine/errors.js';
import { git, gitText, resolveCommit } from '../../runner/git.js';
import { prepareWorkspace } from '../../runner/prepare-workspace.js';
import { removeWorktree } from '../../runner/worktrees.js';

/** Where step-start leaves the step's base commit for step-finish. */
export const STEP_BASE_REF = 'refs/molecular/step-base';

export interface StepCheckout {
  branch: string;
  baseCommit: string;
}

export interface CheckoutOptions {
  workspace: string;
  runnerTemp: string;
  remote: string;
  molId: string;
  stepId: string;
  /** The branches of the steps it needs (empty: start from `baseRef`). */
  baseBranches: string[];
  baseRef: string;
}

export async function checkoutStepBase(options: CheckoutOptions): Promise<Result<StepCheckout>> {
  const { workspace } = options;
  // A branch checked out here cannot be rebuilt: step off it first (a second attempt in one checkout).
  const detached = await git(workspace, ['checkout', '-q', '--detach'], { okCodes: [0, 128] });
  if (!detached.ok) return detached;
  const prepared = await prepareWorkspace({
    repoDir: workspace,
    molId: options.molId,
    stepId: options.stepId,
    execution: 'distributed',
    baseBranches: options.baseBranches,
    baseRef: options.baseRef,
    worktreeRoot: join(options.runnerTemp, 'molecular-worktrees'),
    remote: options.remote,
  });
  if (!prepared.ok) return prepared;
  const { cwd, branch, baseCommit } = prepared.value;
  const removed = await removeWorktree({ repoDir: workspace, path: cwd });
  if (!removed.ok) return removed;
  const switched = await git(workspace, ['checkout', '-q', branch as string]);
  if (!switched.ok) return switched;
  const recorded = await git(workspace, ['update-ref', STEP_BASE_REF, baseCommit]);
  if (!recorded.ok) return recorded;
  return ok({ branch: branch as string, baseCommit });
}

/** The step's branch and base as step-start left them; undefined in a checkout it never prepared. */
export async function readStepCheckout(
  workspace: string,
  expectedBranch: string,
): Promise<StepCheckout | undefined> {
  const baseCommit = await resolveCommit(workspace, STEP_BASE_REF);
  if (baseCommit === undefined) return undefined;
  const branch = await gitText(workspace, ['rev-parse', '--abbrev-ref', 'HEAD']);
  if (!branch.ok) return undefined;
  return { branch: branch.value === 'HEAD' ? expectedBranch : branch.value, baseCommit };
}
