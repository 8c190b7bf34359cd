/**
 * What one attempt of a step came to, and what that means for the state: the event the finish half
 * records and the one line that says why a step failed (stored as the step's error, printed by the
 * faces).
 */
import {
  type Checkpoint,
  type GateResult,
  type MolError,
  type MoleculeEvent,
  TRANSIENT_EXIT_STATUS,
  type Usage,
} from '../../engine/index.js';
import type { CommandOutcome } from '../../runner/run-process.js';

export interface StepOutcome {
  /** `awaiting`: the work is done and some gates wait on a face. */
  status: 'completed' | 'failed' | 'awaiting';
  checkpoint?: Checkpoint;
  gates: GateResult[];
  /** The branch holding the step's work. */
  branch?: string;
  /** Where the step ran (a worktree of its own is gone after success unless kept). */
  workspace?: string;
  command?: CommandOutcome;
  error?: MolError;
  /** What the attempt's agent used. */
  usage?: Usage;
  /** The agent reached a budget limit (or could not start under one): the molecule pauses. */
  budget?: true;
  /** The git settings the step changed (git-config-changed): its work is set aside with them emptied. */
  changedConfig?: string[];
  /** The next attempt would start from what this one did (git's configuration it changed): no retry. */
  unsafe?: true;
}

/** The event that records the outcome. */
export function eventFor(step: string, outcome: StepOutcome, by: string): MoleculeEvent {
  const usage = outcome.usage === undefined ? {} : { usage: outcome.usage };
  const record = {
    ...(outcome.checkpoint === undefined ? {} : { checkpoint: outcome.checkpoint }),
    ...(outcome.branch === undefined ? {} : { branch: outcome.branch }),
    ...usage,
  };
  // Gate results, passing, waiting or failing, go through `complete` so the engine judges them.
  if (outcome.status !== 'failed' || outcome.gates.some((g) => g.passed === false)) {
    return { type: 'complete', step, gates: outcome.gates, by, ...record };
  }
  const transient = outcome.command?.exitCode === TRANSIENT_EXIT_STATUS;
  return {
    type: 'fail',
    step,
    error: failureText(outcome),
    ...usage,
    ...(outcome.budget ? { reason: 'budget' as const } : {}),
    ...(outcome.unsafe ? { reason: 'unsafe' as const } : {}),
    ...(transient ? { transient } : {}),
    by,
  };
}

/** The one-line reason a step failed, with the last line its command printed. */
export function failureText(outcome: StepOutcome): string {
  const message = outcome.error?.message.replace(/^step [^:]+: /, '') ?? 'it failed';
  const last = outcome.command?.outputTail
    .trimEnd()
    .split('\n')
    .filter((l) => l.trim() !== '')
    .at(-1);
  return last !== undefined && outcome.command?.exitCode !== 0 && !message.includes(last)
    ? `${message}: ${last.trim()}`
    : message;
}

/** How a command that did not succeed ended, as `the command ...`; undefined when it succeeded. */
export function commandFailure(command: CommandOutcome, timeout: string | undefined): string | undefined {
  if (!command.timedOut && !command.idledOut && command.stoppedFor === undefined && command.exitCode === 0)
    return undefined;
  if (command.stoppedFor !== undefined) return `the agent was stopped: ${command.stoppedFor}`;
  if (command.idledOut) return 'the agent went idle (no output and no file change) and was stopped';
  const how = command.timedOut
    ? `timed out after ${timeout ?? `${command.durationMs} ms`}`
    : command.exitCode === null
      ? `was killed by ${command.signal}`
      : `exited with ${command.exitCode}`;
  return `the command ${how}`;
}
