/**
 * Where the step works, built from its base: the branch of the step it needs, or the merge of
 * several (a conflict fails the step and names the paths), or the molecule's base for a first step.
 *
 * In a job's checkout (the Action) the branch is built in a scratch worktree, fetching the parents'
 * branches from the remote, and then checked out in the checkout itself, because that is where a
 * user's agent action works between the two halves. The commit the step started from is kept in a
 * local ref, so the finish half (another step of the same job, another process) counts the files
 * the step changed against it.
 */
import { ok, type Result } from '../../engine/index.js';
import {
  forgetAttemptBase,
  readTreeStart,
  recordAttemptBase,
  recordFreshAttemptBase,
  setAsideAttempt,
  type TreeHead,
} from '../../runner/attempt-refs.js';
import { git, gitText, resolveCommit } from '../../runner/git.js';
import { gitConfigOfNewWorktree, gitConfigSnapshot } from '../../runner/git-config-snapshot.js';
import { pathExists } from '../../runner/path-exists.js';
import {
  type PrepareWorkspaceOptions,
  prepareWorkspace,
  type Workspace,
} from '../../runner/prepare-workspace.js';
import { type TreeStatus, treeStatus } from '../../runner/tree-status.js';
import { removeWorktree } from '../../runner/worktrees.js';
import { attemptFiles, endedAttempt } from './ended-attempt.js';
import type { StepCheckout } from './step-checkout-schema.js';
import type { StepPlace } from './step-host.js';
import { baseBranchesOf } from './step-inputs.js';
import type { StepJob } from './step-job.js';

/** Where the start half leaves the step's base commit in a job's checkout, for the finish half. */
export const STEP_BASE_REF = 'refs/molecular/step-base';
/** And git's configuration as the step found it (git-config-snapshot.ts), as a blob. */
export const STEP_CONFIG_REF = 'refs/molecular/step-config';

export type { StepCheckout } from './step-checkout-schema.js';

export async function prepareCheckout(job: StepJob): Promise<Result<StepCheckout>> {
  const { host, mol, def } = job;
  const { place, remote } = host;
  // Taken whichever way this step starts: it describes the tree only until a step starts there.
  const treeAfter = place.kind === 'worktree' ? host.treeAfter?.get(place.repoDir) : undefined;
  if (place.kind === 'worktree') host.treeAfter?.delete(place.repoDir);
  const common = {
    molId: mol.id,
    stepId: def.id,
    baseBranches: baseBranchesOf(job.proto, mol, def),
    baseRef: await startingPoint(job),
    ...(remote === undefined ? {} : { remote }),
    ...(host.remoteEnv === undefined ? {} : { remoteEnv: host.remoteEnv }),
    previousAttempt: Math.max(1, job.state.attempts - 1),
  };
  if (place.kind === 'worktree') {
    const execution = job.proto.execution;
    const ended = await endedCheckout(job, place);
    if (ended !== undefined) return ok(ended);
    const options = { ...common, repoDir: place.repoDir, execution, worktreeRoot: place.worktreeRoot };
    const prepared =
      execution === 'local' ? await startInTree(job, options, treeAfter) : await prepareWorkspace(options);
    if (!prepared.ok) return prepared;
    const { cwd, branch, baseCommit, isWorktree, preexisting, keptAttempt } = prepared.value;
    if (keptAttempt !== undefined)
      host.log(`the previous attempt of ${def.id} (its branch ${branch}) was kept at ${keptAttempt}`);
    const gitConfig = await configBefore(host, cwd, isWorktree);
    if (!gitConfig.ok) return gitConfig;
    return ok({
      gitConfig: gitConfig.value,
      kind: isWorktree ? 'worktree' : 'tree',
      cwd,
      baseCommit,
      ...(branch === undefined ? {} : { branch }),
      ...(preexisting === undefined ? {} : { preexisting }),
    });
  }

  const { workspace } = place;
  // A branch checked out here cannot be rebuilt: step off it first (a second attempt in one checkout).
  const detached = await git(workspace, ['checkout', '-q', '--detach'], { okCodes: [0, 128] });
  if (!detached.ok) return detached;
  const prepared = await prepareWorkspace({
    ...common,
    repoDir: workspace,
    execution: 'distributed',
    worktreeRoot: place.scratchRoot,
  });
  if (!prepared.ok) return prepared;
  const { cwd, baseCommit } = prepared.value;
  const branch = prepared.value.branch as string;
  const removed = await removeWorktree({ repoDir: workspace, path: cwd });
  if (!removed.ok) return removed;
  const switched = await git(workspace, ['checkout', '-q', branch]);
  if (!switched.ok) return switched;
  return recordCheckout(workspace, branch, baseCommit);
}

/**
 * The working tree as a local step starts in it, its base recorded (attempt-refs.ts). Usually one
 * `status` (HEAD, its branch, the paths a person changed) and one ref transaction that records the
 * base only where no earlier attempt of the step left one. When one did (its runner died, or it
 * failed before cleaning up), or HEAD is unborn, the long way: that attempt is set aside or
 * forgotten first, then the tree is read and the base recorded.
 */
async function startInTree(
  job: StepJob,
  options: PrepareWorkspaceOptions,
  /** The tree as the step before left it (step-host.ts `treeAfter`), when it did. */
  known?: TreeStatus,
): Promise<Result<Workspace>> {
  const { host, mol, def } = job;
  const { repoDir } = options;
  const completed = host.completedBases?.get(repoDir) ?? [];
  const status = known !== undefined ? ok(known) : await treeStatus(repoDir);
  if (!status.ok) return status;
  if (status.value !== undefined) {
    const { head, branch, changed } = status.value;
    const clean = changed.length === 0;
    const fresh = await recordFreshAttemptBase(repoDir, mol.id, def.id, clean, head, completed);
    if (!fresh.ok) return fresh;
    if (fresh.value) {
      host.completedBases?.delete(repoDir);
      return ok({
        cwd: repoDir,
        ...(branch === undefined ? {} : { branch }),
        baseCommit: head,
        isWorktree: false,
        preexisting: changed,
      });
    }
  }
  let head: TreeHead | undefined;
  const start = await readTreeStart(repoDir, mol.id, def.id);
  if (!start.ok) return start;
  // No base left by an earlier attempt: nothing to set aside or forget, and HEAD is known.
  if (start.value !== undefined && !start.value.baseLeft) head = start.value.head;
  else {
    const cleared = await clearUnfinishedAttempt(job, repoDir);
    if (!cleared.ok) return cleared;
  }
  const prepared = await prepareWorkspace({ ...options, ...(head === undefined ? {} : { head }) });
  if (!prepared.ok) return prepared;
  const { cwd, baseCommit, preexisting } = prepared.value;
  const clean = preexisting !== undefined && preexisting.length === 0;
  const recorded = await recordAttemptBase(cwd, mol.id, def.id, clean, baseCommit, completed);
  if (!recorded.ok) return recorded;
  host.completedBases?.delete(cwd);
  return prepared;
}

/**
 * Git's configuration as the step finds it: in the working tree, as the step before it in this
 * process left it when that one completed (nothing of Molecular's own in between writes config),
 * else read. Taken once: a failed or crashed step leaves nothing to reuse.
 */
async function configBefore(
  host: StepJob['host'],
  cwd: string,
  isWorktree: boolean,
): Promise<Result<string[]>> {
  const known = isWorktree ? undefined : host.gitConfigAfter?.get(cwd);
  host.gitConfigAfter?.delete(cwd);
  if (known !== undefined) return ok(known);
  const remember = host.gitConfigAfter !== undefined;
  if (remember && isWorktree && host.place.kind === 'worktree')
    return gitConfigOfNewWorktree(cwd, host.place.repoDir);
  return gitConfigSnapshot(cwd, { remember });
}

/**
 * Keeps the step's base and git's configuration in the checkout for the finish half (another
 * process). In one job with an agent both can be rewritten by the agent, like everything else the
 * job holds; the workflow that runs an agent in a job of its own does not rely on them.
 */
export async function recordCheckout(
  workspace: string,
  branch: string,
  baseCommit: string,
): Promise<Result<StepCheckout>> {
  const recorded = await git(workspace, ['update-ref', STEP_BASE_REF, baseCommit]);
  if (!recorded.ok) return recorded;
  const gitConfig = await gitConfigSnapshot(workspace);
  if (!gitConfig.ok) return gitConfig;
  const blob = await git(workspace, ['hash-object', '-w', '--stdin'], {
    input: JSON.stringify(gitConfig.value),
  });
  if (!blob.ok) return blob;
  const kept = await git(workspace, ['update-ref', STEP_CONFIG_REF, blob.value.stdout.trim()]);
  if (!kept.ok) return kept;
  return ok({ kind: 'checkout', cwd: workspace, branch, baseCommit, gitConfig: gitConfig.value });
}

/** The step's branch and base as the start half left them in a job's checkout; undefined when it never did. */
export async function readStepCheckout(
  workspace: string,
  expectedBranch: string,
): Promise<StepCheckout | undefined> {
  const baseCommit = await resolveCommit(workspace, STEP_BASE_REF);
  if (baseCommit === undefined) return undefined;
  const branch = await gitText(workspace, ['rev-parse', '--abbrev-ref', 'HEAD']);
  if (!branch.ok) return undefined;
  const config = await git(workspace, ['cat-file', 'blob', STEP_CONFIG_REF], { okCodes: [0, 128] });
  const gitConfig =
    config.ok && config.value.code === 0 ? (JSON.parse(config.value.stdout) as string[]) : undefined;
  return {
    kind: 'checkout',
    cwd: workspace,
    branch: branch.value === 'HEAD' ? expectedBranch : branch.value,
    baseCommit,
    ...(gitConfig === undefined ? {} : { gitConfig }),
  };
}

/**
 * Where a step that needs nothing starts: the commit the molecule was poured on when known, else
 * its base branch as the remote has it (a job's checkout may be on another branch), else the branch.
 */
async function startingPoint(job: StepJob): Promise<string> {
  const { base } = job.mol;
  if (base.sha !== undefined) return base.sha;
  const { remote } = job.host;
  if (remote === undefined) return base.ref;
  const tracking = `refs/remotes/${remote}/${base.ref}`;
  const repoDir = job.host.place.kind === 'worktree' ? job.host.place.repoDir : job.host.place.workspace;
  return (await resolveCommit(repoDir, tracking)) === undefined ? base.ref : tracking;
}

/**
 * In the working tree, an earlier attempt of this step that never completed (its runner died, or
 * it failed before it could clean up) has its work set aside at its attempt ref and the tree put
 * back to where that attempt started. One that completed (its runner died after recording it, before
 * it forgot its base) left nothing to undo: its work stays.
 */
async function clearUnfinishedAttempt(job: StepJob, repoDir: string): Promise<Result<void>> {
  const { mol, def, state } = job;
  if (previousAttemptCompleted(job)) return forgetAttemptBase(repoDir, mol.id, def.id);
  const kept = await setAsideAttempt(repoDir, mol.id, def.id, Math.max(1, state.attempts - 1));
  if (!kept.ok) return kept;
  if (kept.value !== undefined) {
    const line = `the unfinished attempt of ${def.id} was set aside at ${kept.value}: every file it changed or created (untracked ones too) is there (git show ${kept.value} --stat)`;
    (job.host.notice ?? job.host.log)(line);
  }
  return ok(undefined);
}

/** Whether the attempt before this one recorded its work (history since the previous start). */
function previousAttemptCompleted(job: StepJob): boolean {
  const entries = job.mol.history.filter((h) => h.step === job.def.id);
  // The last start is this attempt's own.
  const last = entries.map((h) => h.event).lastIndexOf('start');
  for (let i = last - 1; i >= 0; i--) {
    const entry = entries[i];
    if (entry === undefined || entry.event === 'start') break;
    if (entry.to === 'completed' || entry.to === 'awaiting_gate') return true;
  }
  return false;
}

/**
 * The attempt before this one, when its command succeeded after its runner died: its checkout, if
 * it is still where that attempt left it (the working tree itself, or its worktree on disk).
 */
async function endedCheckout(
  job: StepJob,
  place: Extract<StepPlace, { kind: 'worktree' }>,
): Promise<StepCheckout | undefined> {
  if (place.attemptsDir === undefined || job.state.attempts < 2) return undefined;
  const files = attemptFiles(place.attemptsDir, job.mol.id, job.def.id);
  const ended = await endedAttempt(files, job.state.attempts - 1);
  if (ended === undefined) return undefined;
  const here =
    ended.kind === 'tree'
      ? job.proto.execution === 'local' && ended.cwd === place.repoDir
      : job.proto.execution === 'distributed' && (await pathExists(ended.cwd));
  return here ? ended : undefined;
}
