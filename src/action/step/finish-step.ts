/**
 * The second half of a step job (`step-finish`, and the end of `step`): commit the work in the
 * checkout, push `molecular/<mol>/<step>`, evaluate the gates there, and record the checkpoint
 * with completion (or failure) — which reports the check run on the step's commit and dispatches
 * whatever became ready.
 */
import { err, ok, type Result } from '../../engine/errors.js';
import type { MoleculeEvent } from '../../engine/ops/events.js';
import { buildCheckpoint } from '../../runner/build-checkpoint.js';
import { commitStep } from '../../runner/commit-step.js';
import { evaluateGates } from '../../runner/evaluate-gates.js';
import { git, gitText } from '../../runner/git.js';
import { pushBranch } from '../../runner/push-branch.js';
import type { CommandOutcome } from '../../runner/run-command.js';
import { fenced } from '../print-data.js';
import type { StepCheckout } from './checkout-step-base.js';
import { commandEnv } from './command-env.js';
import { type Recorded, recordStepEvent } from './record-step-event.js';
import type { StepInput } from './step-inputs.js';
import type { StepJob } from './step-job.js';

export interface FinishInput {
  job: StepJob;
  checkout: StepCheckout;
  inputs: StepInput[];
  /** The step's `run` command, when the job ran one; undefined after an agent's work. */
  command?: CommandOutcome;
  /** Why the command could not even start. */
  commandError?: string;
}

export interface Finished extends Recorded {
  commit?: string;
  /** Why the step failed this attempt (it may be ready again for a retry). */
  failure?: string;
}

export async function finishStep(input: FinishInput): Promise<Result<Finished>> {
  const { job } = input;
  const failure = commandFailure(input);
  const work = failure === undefined ? await recordWork(input) : err('step-command-failed', failure);
  if (work.ok) {
    const { event, commit, gateFailure } = work.value;
    const recorded = await recordStepEvent(job, event);
    if (!recorded.ok) return recorded;
    return ok({ ...recorded.value, commit, ...(gateFailure ? { failure: gateFailure } : {}) });
  }
  // The work could not be recorded (the command failed, a push was refused): the step fails, so
  // its retries apply, rather than staying in progress for patrol to find again and again.
  const message = work.error.message;
  const failed = await recordStepEvent(job, {
    type: 'fail',
    step: job.def.id,
    error: message,
    by: job.holder,
  });
  return failed.ok ? ok({ ...failed.value, failure: message }) : failed;
}

interface Work {
  event: MoleculeEvent;
  commit: string;
  /** Which gates failed, when some did (the engine fails the step on them). */
  gateFailure?: string;
}

/** Commit, push, gates and checkpoint: the completion the job will record. */
async function recordWork(input: FinishInput): Promise<Result<Work>> {
  const { job, checkout } = input;
  const onBranch = await stayOnBranch(job.workspace, checkout.branch);
  if (!onBranch.ok) return onBranch;
  const committed = await commitStep({
    cwd: job.workspace,
    molId: job.mol.id,
    stepId: job.def.id,
    message: `${job.def.title || job.def.id} (${job.mol.id})`,
    baseCommit: checkout.baseCommit,
  });
  if (!committed.ok) return committed;
  const { commit, filesModified } = committed.value;
  const pushed = await pushBranch({ cwd: job.workspace, remote: job.remote, branch: checkout.branch });
  if (!pushed.ok) return pushed;
  job.io.info(
    `pushed ${checkout.branch} at ${commit.slice(0, 7)} (${filesModified.length} file${filesModified.length === 1 ? '' : 's'} changed)`,
  );

  const env = commandEnv(job, checkout.branch, input.inputs);
  if (!env.ok) return env;
  // Gate commands print what the step left, and their details quote it: data, fenced like the step's output.
  const gates = await fenced(job.io, async () => {
    const results = await evaluateGates({
      cwd: job.workspace,
      gates: job.def.gates,
      env: env.value,
      now: job.ctx.now,
      ...(job.state.awaitingSince === undefined ? {} : { awaitingSince: job.state.awaitingSince }),
      onOutput: (chunk) => job.io.write(chunk),
    });
    for (const gate of results) {
      const verdict = gate.passed === null ? 'waiting' : gate.passed ? 'passed' : 'failed';
      job.io.write(`\ngate ${gate.type}: ${verdict} — ${gate.detail.split('\n')[0]}`);
    }
    return results;
  });
  const failed = gates.filter((g) => g.passed === false);
  const checkpoint = buildCheckpoint({
    commit,
    filesModified,
    gates,
    ...(input.command === undefined ? {} : { commandPassed: true, outputTail: input.command.outputTail }),
    notes: failed.length > 0 ? `failed gates: ${failed.map((g) => g.type).join(', ')}` : '',
    now: job.ctx.now,
  });
  return ok({
    event: { type: 'complete', step: job.def.id, gates, checkpoint, branch: checkout.branch, by: job.holder },
    commit,
    ...(failed.length > 0 ? { gateFailure: failed.map((g) => `${g.type} gate failed`).join(', ') } : {}),
  });
}

function commandFailure(input: FinishInput): string | undefined {
  if (input.commandError !== undefined) return input.commandError;
  const command = input.command;
  if (command === undefined || (!command.timedOut && command.exitCode === 0)) return undefined;
  const how = command.timedOut
    ? `timed out after ${input.job.def.timeout ?? `${command.durationMs} ms`}`
    : command.exitCode === null
      ? `was killed by ${command.signal}`
      : `exited with ${command.exitCode}`;
  const tail = command.outputTail.trim().split('\n').slice(-5).join('\n');
  return `the command ${how}${tail ? `:\n${tail}` : ''}`;
}

/** An agent may have switched branches: the step's branch is moved to wherever its work is. */
async function stayOnBranch(workspace: string, branch: string): Promise<Result<void>> {
  const head = await gitText(workspace, ['rev-parse', '--abbrev-ref', 'HEAD']);
  if (!head.ok) return head;
  if (head.value === branch) return ok(undefined);
  const moved = await git(workspace, ['checkout', '-q', '-B', branch]);
  return moved.ok ? ok(undefined) : moved;
}
