/**
 * The finish half of one step, after its command (or a person's or an agent's work) in the
 * checkout the start half built: commit the work on the step's branch, push it when the face
 * pushes, evaluate the gates there, build the checkpoint, and record completion or failure —
 * whose effects report it and dispatch whatever became ready. Work that cannot be recorded (the
 * command failed, a push was refused) fails the step, so its retries apply, rather than leaving it
 * in progress for patrol to find again and again.
 */
import { err, isEmptyUsage, type MolError, ok, type Result } from '../../engine/index.js';
import { forgetAttemptBase, setAsideAttempt } from '../../runner/attempt-refs.js';
import { buildCheckpoint } from '../../runner/build-checkpoint.js';
import { commitStep, type StepCommit } from '../../runner/commit-step.js';
import { evaluateGates } from '../../runner/evaluate-gates.js';
import { git, gitText } from '../../runner/git.js';
import { changedSettings, gitConfigNow } from '../../runner/git-config-snapshot.js';
import { checkHead, putHeadBack } from '../../runner/head-check.js';
import { pushBranch } from '../../runner/push-branch.js';
import type { CommandOutcome } from '../../runner/run-process.js';
import { afterCommit, type TreeStatus, treeStatus } from '../../runner/tree-status.js';
import { removeWorktree } from '../../runner/worktrees.js';
import { attemptFiles, forgetAttemptRecord } from './ended-attempt.js';
import { type RecordedStep, recordStepEvent } from './record-step-event.js';
import { commandEnv } from './run-step-command.js';
import type { StepCheckout } from './step-checkout.js';
import type { StepJob } from './step-job.js';
import { commandFailure, eventFor, failureText, type StepOutcome } from './step-outcome.js';

export interface FinishInput {
  job: StepJob;
  checkout: StepCheckout;
  /** What the step's `run` command came to; undefined after a person's or an agent's work. */
  ran?: Result<CommandOutcome>;
}

export interface Finished extends RecordedStep {
  outcome: StepOutcome;
  /** Why this attempt failed (the step may be ready again for a retry). */
  failure?: string;
}

export async function finishStep(input: FinishInput): Promise<Result<Finished>> {
  const { job, checkout } = input;
  // Whatever tree an earlier step left is this step's "before" no more; doWork says what it leaves.
  job.host.treeAfter?.delete(checkout.cwd);
  let outcome = withUsage(await doWork(input), input.ran);
  const inTree = checkout.kind === 'tree' && job.proto.execution === 'local';
  // Only a completed step's "after" is the next step's "before" (step-host.ts `gitConfigAfter`).
  if (outcome.status === 'failed') job.host.gitConfigAfter?.delete(checkout.cwd);
  // In this repository the next attempt would start from the settings it changed: not retried.
  if (outcome.changedConfig !== undefined && job.host.place.kind === 'worktree')
    outcome = { ...outcome, unsafe: true };
  if (inTree && outcome.status === 'failed') outcome = await setAside(job, checkout, outcome);
  const recorded = await recordStepEvent(job, eventFor(job.def.id, outcome, job.host.holder));
  if (!recorded.ok) return recorded;
  const { place } = job.host;
  if (place.kind === 'worktree' && place.attemptsDir !== undefined)
    await forgetAttemptRecord(attemptFiles(place.attemptsDir, job.mol.id, job.def.id));
  if (checkout.kind === 'worktree' && place.kind === 'worktree' && outcome.status !== 'failed') {
    // The work is on the branch and recorded: the next step gets its own worktree from it. Only
    // now: removed before the record, a crash in between would leave the attempt's work nowhere a
    // resume looks, and run its command again. A crash after leaves the worktree to `mol resume`.
    const removal = removeWorktree({ repoDir: place.repoDir, path: checkout.cwd, registered: true }).then(
      (removed) => {
        if (!removed.ok)
          (job.host.notice ?? job.host.log)(
            `the worktree of ${job.def.id} stays at ${checkout.cwd} (${removed.error.message}); mol gc removes it`,
          );
      },
    );
    const { lingering } = job.host;
    if (lingering === undefined) await removal;
    else {
      lingering.add(removal);
      void removal.finally(() => lingering.delete(removal));
    }
  }
  if (inTree && outcome.status !== 'failed') {
    const pending = job.host.completedBases;
    const base = { molId: job.mol.id, stepId: job.def.id };
    if (pending !== undefined) pending.set(checkout.cwd, [...(pending.get(checkout.cwd) ?? []), base]);
    else {
      const forgotten = await forgetAttemptBase(checkout.cwd, job.mol.id, job.def.id);
      if (!forgotten.ok) return forgotten;
    }
  }
  return ok({
    ...recorded.value,
    outcome,
    ...(outcome.status === 'failed' ? { failure: failureText(outcome) } : {}),
  });
}

/** What the attempt's agent used, in the outcome and its checkpoint. */
function withUsage(outcome: StepOutcome, ran: Result<CommandOutcome> | undefined): StepOutcome {
  const usage = ran?.ok ? ran.value.usage : undefined;
  if (usage === undefined || isEmptyUsage(usage)) return outcome;
  const checkpoint = outcome.checkpoint === undefined ? undefined : { ...outcome.checkpoint, usage };
  return { ...outcome, usage, ...(checkpoint === undefined ? {} : { checkpoint }) };
}

/**
 * A failed attempt in the working tree: its work (committed or not) moves to its attempt ref and
 * the tree goes back to the step's base, so the next attempt starts clean and the branch holds no
 * failed work. The failure says where the work is.
 */
async function setAside(job: StepJob, checkout: StepCheckout, outcome: StepOutcome): Promise<StepOutcome> {
  const kept = await setAsideAttempt(
    checkout.cwd,
    job.mol.id,
    job.def.id,
    job.state.attempts,
    outcome.changedConfig,
  );
  if (!kept.ok) {
    const message = `${outcome.error?.message ?? 'it failed'}; setting its work aside failed: ${kept.error.message}`;
    return { ...outcome, error: { code: outcome.error?.code ?? 'step-command-failed', message } };
  }
  if (kept.value === undefined || outcome.error === undefined) return outcome;
  return {
    ...outcome,
    error: { ...outcome.error, message: `${outcome.error.message}; its work is kept at ${kept.value}` },
  };
}

/** Commit, push, gates and checkpoint: what the attempt came to. */
async function doWork({ job, checkout, ran }: FinishInput): Promise<StepOutcome> {
  const { host, def, mol } = job;
  const now = () => host.now();
  const where = {
    ...(checkout.branch === undefined ? {} : { branch: checkout.branch }),
    workspace: checkout.cwd,
  };
  const failed = (error: MolError, extra: Partial<StepOutcome> = {}): StepOutcome => ({
    status: 'failed',
    gates: [],
    ...where,
    error,
    ...extra,
  });

  if (ran !== undefined && !ran.ok) return failed(ran.error);
  const command = ran?.value;
  const how = command === undefined ? undefined : commandFailure(command, def.timeout);
  if (command?.stoppedFor !== undefined) {
    const outcome = await keepWorkInProgress(job, checkout, command, failed, {
      code: 'step-budget',
      why: command.stoppedFor,
    });
    return { ...outcome, budget: true };
  }
  if (command?.idledOut) {
    const idle = def.idleTimeout ?? 'its idle_timeout';
    return keepWorkInProgress(job, checkout, command, failed, {
      code: 'step-idle',
      why: `the agent was idle for ${idle} (no output, no file change) and was stopped`,
      commitWhy: `the agent was stopped after ${idle} without output or file changes`,
      note: `idle for ${idle}: stopped`,
    });
  }
  if (command !== undefined && how !== undefined) {
    const checkpoint = buildCheckpoint({
      filesModified: [],
      gates: [],
      commandPassed: false,
      notes: how,
      outputTail: command.outputTail,
      now,
    });
    const code = command.timedOut ? 'step-timeout' : 'step-command-failed';
    return failed({ code, message: `step ${def.id}: ${how}` }, { checkpoint, command });
  }
  const ranOk = command === undefined ? {} : { command };

  // Before any git call on the step's work: git would run what a changed setting names.
  const config = await unchangedConfig(job, checkout);
  if (!config.ok) return failed(config.error, { ...ranOk, ...config.changed });
  const status = await treeStatus(checkout.cwd);
  if (!status.ok) return failed(status.error, ranOk);
  // HEAD still at the base, on the step's branch: nothing moved, and no need to ask again.
  const stayed =
    status.value !== undefined &&
    status.value.head === checkout.baseCommit &&
    status.value.branch === checkout.branch;
  let head: string | undefined = stayed ? checkout.baseCommit : undefined;
  if (!stayed && checkout.kind !== 'tree' && checkout.branch !== undefined) {
    const onBranch = await stayOnBranch(checkout.cwd, checkout.branch);
    if (!onBranch.ok) return failed(onBranch.error, ranOk);
    head = onBranch.value;
  }
  if (!stayed && checkout.kind === 'tree') {
    const moved = await headStayed(def.id, checkout);
    if (!moved.ok) return failed(moved.error, ranOk);
    head = moved.value;
  }
  const before = new Set(checkout.preexisting);
  const untouched = stayed && status.value?.changed.every((path) => before.has(path));
  const committed: Result<StepCommit> = untouched
    ? // Nothing but what was changed before the step: `add` and `commit` would find nothing.
      ok({ commit: checkout.baseCommit, committed: false, filesModified: [] })
    : await commitStep({
        cwd: checkout.cwd,
        molId: mol.id,
        stepId: def.id,
        message: `${def.title || def.id} (${mol.id})`,
        baseCommit: checkout.baseCommit,
        reflog: checkout.kind === 'tree',
        ...(head === undefined ? {} : { headCommit: head }),
        ...(checkout.preexisting === undefined ? {} : { exclude: checkout.preexisting }),
        ...(stayed && status.value !== undefined ? { status: status.value } : {}),
      });
  if (!committed.ok) return failed(committed.error, ranOk);
  const { commit, filesModified } = committed.value;
  // The tree this step leaves, when known without asking git again (step-host.ts `treeAfter`).
  let after: TreeStatus | undefined;
  if (stayed && status.value !== undefined) {
    if (untouched) after = status.value;
    else if (committed.value.took === 'listed')
      after = afterCommit(status.value, commit, checkout.preexisting ?? []);
  }

  if (host.push && host.remote !== undefined && checkout.kind !== 'tree' && checkout.branch !== undefined) {
    const pushed = await pushBranch({
      cwd: checkout.cwd,
      remote: host.remote,
      branch: checkout.branch,
      ...(host.remoteEnv === undefined ? {} : { env: host.remoteEnv }),
    });
    if (!pushed.ok) return failed(pushed.error, ranOk);
    const files = `${filesModified.length} file${filesModified.length === 1 ? '' : 's'} changed`;
    host.log(`pushed ${checkout.branch} at ${commit.slice(0, 7)} (${files})`);
  }

  const env = commandEnv(job, checkout);
  if (!env.ok) return failed(env.error, ranOk);
  const output = host.output;
  const judge = async () => {
    const results = await evaluateGates({
      cwd: checkout.cwd,
      gates: def.gates,
      env: env.value,
      vars: job.mol.vars,
      now,
      ...(job.state.awaitingSince === undefined ? {} : { awaitingSince: job.state.awaitingSince }),
      ...(output === undefined ? {} : { onOutput: (chunk: string) => output(chunk) }),
    });
    for (const gate of results) {
      const verdict = gate.passed === null ? 'waiting' : gate.passed ? 'passed' : 'failed';
      host.log(`gate ${gate.type}: ${verdict} — ${gate.detail.split('\n')[0]}`);
    }
    return results;
  };
  const gates = def.gates.length === 0 ? [] : await (host.enclose ? host.enclose(judge) : judge());
  const failedGates = gates.filter((g) => g.passed === false);
  const checkpoint = buildCheckpoint({
    commit,
    filesModified,
    gates,
    ...(command === undefined ? {} : { commandPassed: true, outputTail: command.outputTail }),
    notes: failedGates.length > 0 ? `failed gates: ${failedGates.map((g) => g.type).join(', ')}` : '',
    now,
  });
  if (failedGates.length > 0) {
    const why = failedGates.map((g) => `${g.type} gate failed (${g.detail.split('\n')[0]})`).join('; ');
    return failed(
      { code: 'gate-failed', message: `step ${def.id}: ${why}` },
      { checkpoint, gates, ...ranOk },
    );
  }

  const waiting = gates.some((g) => g.passed === null);
  // No gate ran a command in the tree since it was read: the next step there may start from it.
  if (checkout.kind === 'tree' && gates.length === 0 && after !== undefined)
    host.treeAfter?.set(checkout.cwd, after);
  return { status: waiting ? 'awaiting' : 'completed', checkpoint, gates, ...where, ...ranOk };
}

interface Stopped {
  code: 'step-idle' | 'step-budget';
  /** Why the agent was stopped, as the failure says it. */
  why: string;
  /** The same for the WIP commit's message (default: `why`). */
  commitWhy?: string;
  /** The checkpoint's note before where the work is (default: `stopped`). */
  note?: string;
}

/**
 * An agent stopped before it ended (inactivity, a budget reached): what it did so far is committed
 * on the step's branch as `WIP …` (a session that dies without committing loses its work), and the
 * attempt fails.
 */
async function keepWorkInProgress(
  job: StepJob,
  checkout: StepCheckout,
  command: CommandOutcome,
  failed: (error: MolError, extra?: Partial<StepOutcome>) => StepOutcome,
  stopped: Stopped,
): Promise<StepOutcome> {
  const { def, mol, host } = job;
  const config = await unchangedConfig(job, checkout);
  if (!config.ok) return failed(config.error, { command, ...config.changed });
  if (checkout.kind !== 'tree' && checkout.branch !== undefined) {
    const onBranch = await stayOnBranch(checkout.cwd, checkout.branch);
    if (!onBranch.ok) return failed(onBranch.error, { command });
  }
  if (checkout.kind === 'tree') {
    const moved = await headStayed(def.id, checkout);
    if (!moved.ok) return failed(moved.error, { command });
  }
  const committed = await commitStep({
    cwd: checkout.cwd,
    molId: mol.id,
    stepId: def.id,
    message: `WIP ${def.title || def.id} (${mol.id}): ${stopped.commitWhy ?? stopped.why}`,
    baseCommit: checkout.baseCommit,
    reflog: checkout.kind === 'tree',
    ...(checkout.preexisting === undefined ? {} : { exclude: checkout.preexisting }),
  });
  if (!committed.ok) return failed(committed.error, { command });
  const { commit, filesModified } = committed.value;
  // On GitHub the job's checkout goes away: the WIP is kept only once it is pushed.
  if (
    committed.value.committed &&
    host.push &&
    host.remote !== undefined &&
    checkout.kind !== 'tree' &&
    checkout.branch !== undefined
  ) {
    const pushed = await pushBranch({
      cwd: checkout.cwd,
      remote: host.remote,
      branch: checkout.branch,
      ...(host.remoteEnv === undefined ? {} : { env: host.remoteEnv }),
    });
    if (!pushed.ok) return failed(pushed.error, { command });
  }
  const where = checkout.branch === undefined ? '' : ` on ${checkout.branch}`;
  const kept = committed.value.committed
    ? `; its work in progress is commit ${commit.slice(0, 7)}${where}`
    : '; it had changed nothing';
  const checkpoint = buildCheckpoint({
    commit,
    filesModified,
    gates: [],
    commandPassed: false,
    notes: `${stopped.note ?? `stopped: ${stopped.why}`}${kept}`,
    outputTail: command.outputTail,
    now: () => host.now(),
  });
  const message = `step ${def.id}: ${stopped.why.replace(/^step [^:]+: /, '')}${kept}`;
  return failed({ code: stopped.code, message }, { checkpoint, command });
}

async function unchangedConfig(
  job: StepJob,
  checkout: StepCheckout,
): Promise<{ ok: true } | { ok: false; error: MolError; changed?: Pick<StepOutcome, 'changedConfig'> }> {
  const stepId = job.def.id;
  if (checkout.gitConfig === undefined) return ok(undefined);
  // Faces that run several steps in a process keep what they read (gitConfigNow).
  const remember = job.host.gitConfigAfter !== undefined;
  const now = await gitConfigNow(checkout.cwd, checkout.gitConfig, { remember });
  if (!now.ok) return now;
  const changed = changedSettings(checkout.gitConfig, now.value);
  if (changed.length === 0) {
    if (checkout.kind === 'tree') job.host.gitConfigAfter?.set(checkout.cwd, now.value);
    return ok(undefined);
  }
  const refused = err(
    'git-config-changed',
    `step ${stepId} changed git's configuration (${changed.join(', ')}); its work is neither committed nor pushed, since git would run what such settings name. Configure git in the workflow, before Molecular runs.`,
  );
  return { ...refused, changed: { changedConfig: changed } };
}

/**
 * In the working tree, HEAD must still be on the branch the step began on and hold its base; when
 * it is not, HEAD goes back on that branch before the attempt is set aside (which puts the branch
 * and the files back where the step began).
 */
async function headStayed(stepId: string, checkout: StepCheckout): Promise<Result<string | undefined>> {
  const start = {
    baseCommit: checkout.baseCommit,
    ...(checkout.branch === undefined ? {} : { branch: checkout.branch }),
  };
  const checked = await checkHead(checkout.cwd, stepId, start);
  if (checked.ok) return checked;
  const back = await putHeadBack(checkout.cwd, start);
  if (!back.ok)
    return err('head-moved', `${checked.error.message}; putting HEAD back failed: ${back.error.message}`);
  return checked;
}

/** An agent may have switched branches: the step's branch is moved to wherever its work is. */
async function stayOnBranch(workspace: string, branch: string): Promise<Result<string>> {
  // HEAD's commit and its branch in one call; `checkout -B` below keeps the commit.
  const read = await gitText(workspace, ['rev-parse', 'HEAD', '--abbrev-ref', 'HEAD']);
  if (!read.ok) return read;
  const [commit = '', name] = read.value.split('\n');
  if (name === branch) return ok(commit);
  const moved = await git(workspace, ['checkout', '-q', '-B', branch]);
  return moved.ok ? ok(commit) : moved;
}
