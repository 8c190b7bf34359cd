/**
 * One step, the whole protocol (DESIGN §7): prepare the workspace, run the command, commit, push,
 * evaluate the gates, build the checkpoint. It never touches the store: the caller turns the outcome
 * into engine events (start, complete, fail, await) and applies them through `mutate`.
 */

import type { ProtoStep } from '../engine/cook/proto.js';
import { parseDuration } from '../engine/duration.js';
import type { MolError } from '../engine/errors.js';
import type { ExecutionMode } from '../engine/formula/formula-schema.js';
import type { Checkpoint, GateResult } from '../engine/molecule/molecule-schema.js';
import { buildCheckpoint } from './build-checkpoint.js';
import { commitStep } from './commit-step.js';
import { evaluateGates } from './evaluate-gates.js';
import { prepareWorkspace } from './prepare-workspace.js';
import { pushBranch } from './push-branch.js';
import { type CommandOutcome, type OutputStream, runCommand } from './run-command.js';
import { stepEnv } from './step-env.js';
import { removeWorktree } from './worktrees.js';

export interface RunStepOptions {
  repoDir: string;
  molId: string;
  step: ProtoStep;
  execution: ExecutionMode;
  baseBranches: string[];
  baseRef: string;
  worktreeRoot: string;
  vars: Record<string, string>;
  /** `output` paths of the needs chain (MOL_INPUTS). */
  inputs: string[];
  /** Push the step's branch here, and fetch base branches from it (distributed only). */
  remote?: string;
  now: () => Date;
  /** Overrides the step's own `timeout`. */
  timeoutMs?: number;
  /** When the step started awaiting its gates, for timer gates on a re-evaluation. */
  awaitingSince?: string;
  extraEnv?: Record<string, string>;
  onOutput?: (chunk: string, stream: OutputStream) => void;
  /** Keep a distributed step's worktree after success (it is always kept after a failure, to look at). */
  keepWorktree?: boolean;
}

export interface StepOutcome {
  status: 'completed' | 'failed' | 'awaiting';
  /** For `awaiting`: a person or agent must do the step (no `run`), or some gates wait on a face. */
  waitingFor?: 'person' | 'gates';
  checkpoint?: Checkpoint;
  gates: GateResult[];
  /** The branch holding the step's work. */
  branch?: string;
  /** Where the step ran (a distributed worktree is gone after success unless kept). */
  workspace?: string;
  command?: CommandOutcome;
  error?: MolError;
}

export async function runStep(options: RunStepOptions): Promise<StepOutcome> {
  const { step, molId, now } = options;
  if (step.run === undefined) return { status: 'awaiting', waitingFor: 'person', gates: [] };

  const workspace = await prepareWorkspace({
    repoDir: options.repoDir,
    molId,
    stepId: step.id,
    execution: options.execution,
    baseBranches: options.baseBranches,
    baseRef: options.baseRef,
    worktreeRoot: options.worktreeRoot,
    ...(options.execution === 'distributed' && options.remote !== undefined
      ? { remote: options.remote }
      : {}),
  });
  if (!workspace.ok) return { status: 'failed', gates: [], error: workspace.error };
  const { cwd, branch, baseCommit, isWorktree, preexisting } = workspace.value;
  const where = { branch, workspace: cwd };
  const failed = (error: MolError, extra: Partial<StepOutcome> = {}): StepOutcome => ({
    status: 'failed',
    gates: [],
    ...where,
    error,
    ...extra,
  });

  const env = stepEnv({
    vars: options.vars,
    molId,
    stepId: step.id,
    inputs: options.inputs,
    workspace: cwd,
    extra: options.extraEnv,
  });
  if (!env.ok) return failed(env.error);

  const timeoutMs =
    options.timeoutMs ?? (step.timeout !== undefined ? parseDuration(step.timeout) : undefined);
  const ran = await runCommand({ cwd, run: step.run, env: env.value, timeoutMs, onOutput: options.onOutput });
  if (!ran.ok) return failed(ran.error);
  const command = ran.value;
  if (command.timedOut || command.exitCode !== 0) {
    const how = command.timedOut
      ? `timed out after ${step.timeout ?? `${timeoutMs} ms`}`
      : command.exitCode === null
        ? `was killed by ${command.signal}`
        : `exited with ${command.exitCode}`;
    const checkpoint = buildCheckpoint({
      filesModified: [],
      gates: [],
      commandPassed: false,
      notes: `the command ${how}`,
      outputTail: command.outputTail,
      now,
    });
    return failed(
      {
        code: command.timedOut ? 'step-timeout' : 'step-command-failed',
        message: `step ${step.id}: the command ${how}`,
      },
      { checkpoint, command },
    );
  }

  const committed = await commitStep({
    cwd,
    molId,
    stepId: step.id,
    message: `${step.title || step.id} (${molId})`,
    baseCommit,
    exclude: preexisting,
  });
  if (!committed.ok) return failed(committed.error, { command });
  const { commit, filesModified } = committed.value;

  if (isWorktree && options.remote !== undefined && branch !== undefined) {
    const pushed = await pushBranch({ cwd, remote: options.remote, branch });
    if (!pushed.ok) return failed(pushed.error, { command });
  }

  const gates = await evaluateGates({
    cwd,
    gates: step.gates,
    env: env.value,
    now,
    ...(options.awaitingSince !== undefined ? { awaitingSince: options.awaitingSince } : {}),
    ...(options.onOutput !== undefined ? { onOutput: options.onOutput } : {}),
  });
  const failedGates = gates.filter((g) => g.passed === false);
  const waiting = gates.some((g) => g.passed === null);
  const checkpoint = buildCheckpoint({
    commit,
    filesModified,
    gates,
    commandPassed: true,
    notes: failedGates.length > 0 ? `failed gates: ${failedGates.map((g) => g.type).join(', ')}` : '',
    outputTail: command.outputTail,
    now,
  });
  if (failedGates.length > 0) {
    const message = `step ${step.id}: ${failedGates.map((g) => `${g.type} gate failed (${g.detail.split('\n')[0]})`).join('; ')}`;
    return failed({ code: 'gate-failed', message }, { checkpoint, gates, command });
  }

  if (isWorktree && !options.keepWorktree) {
    // The work is on the branch; the next step gets its own worktree from it.
    const removed = await removeWorktree({ repoDir: options.repoDir, path: cwd });
    if (!removed.ok) return failed(removed.error, { checkpoint, gates, command });
  }
  return {
    status: waiting ? 'awaiting' : 'completed',
    ...(waiting ? { waitingFor: 'gates' as const } : {}),
    checkpoint,
    gates,
    ...where,
    command,
  };
}
