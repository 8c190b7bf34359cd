/** The runner's public surface: the git and process primitives the step protocol and the CLI call. */
export { checkBranchName } from './branch-names.js';
export { type BuildCheckpointOptions, buildCheckpoint } from './build-checkpoint.js';
export { type CommitStepOptions, commitStep, type StepCommit } from './commit-step.js';
export { diffStep, type StepDiff } from './diff-step.js';
export { type EvaluateGatesOptions, evaluateGates } from './evaluate-gates.js';
export { type DeletedBranches, deleteMoleculeBranches } from './molecule-branches.js';
export { type PrepareWorkspaceOptions, prepareWorkspace, type Workspace } from './prepare-workspace.js';
export { type PushBranchOptions, pushBranch } from './push-branch.js';
export { type ResetBranchOptions, resetBranch } from './reset-branch.js';
export { type CommandOutcome, type OutputStream, type RunCommandOptions, runCommand } from './run-process.js';
export { envVarName, type StepEnvOptions, stepEnv } from './step-env.js';
export {
  listLeftoverWorktrees,
  listWorktrees,
  type MoleculeWorktree,
  removeWorktree,
  type WorktreeInfo,
} from './worktrees.js';
