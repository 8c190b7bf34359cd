/**
 * The failure path, shared by `fail`, `timeout` and failing gates: retry while attempts remain,
 * then the `on_fail` loop while its budget holds, then failed for good (the scheduler blocks what
 * is downstream and settles the molecule once nothing else can run).
 *
 * Attempts count starts, so with max_retries = 2 a step runs at most three times before its
 * on_fail loop (if any) is tried. A loop sends the on_fail target, everything downstream of it and
 * the failing step back to pending with attempts reset; the target's `loops` counts the trips and
 * is bounded by the failing step's `max_loops` (else the proto's).
 *
 * A step under Gas City's `[steps.retry]` (its proto has `onExhausted`) follows Gas City's retry
 * classes (internal/dispatch/retry.go, processRetryEval and classifyRetryAttempt): only a failure
 * classed transient is retried — here, a command or agent that exits with TRANSIENT_EXIT_STATUS;
 * any other failure is hard: failed for good at once, and `on_exhausted` does not apply. Once a
 * transient failure has spent the attempts, `soft_fail` closes the step as passed (completed, the
 * history saying it soft-failed) and `hard_fail` fails it.
 */

import { addUsage } from '../../budget/usage.js';
import { DEFAULT_MAX_RETRIES } from '../../cook/proto.js';
import { parseDuration } from '../../duration.js';
import { err, ok, type Result } from '../../errors.js';
import { refuse } from '../machine/refusal.js';
import type { StepEvent } from '../machine/step-machine.js';
import { stopForBudget } from './budget-stop.js';
import type { Draft, StepPatch } from './draft.js';
import type { MoleculeEvent } from './events.js';
import { findStep } from './find-step.js';
import { downstreamOf } from './proto-index.js';
import { noticeInterrupted, sendBack } from './send-back.js';

type FailingEvent = Extract<StepEvent, 'complete' | 'gates' | 'approve' | 'fail' | 'timeout'>;

/** EX_TEMPFAIL (sysexits.h, "temporary failure; user is invited to retry"): a failure worth retrying. */
export const TRANSIENT_EXIT_STATUS = 75;

export function failPath(
  d: Draft,
  i: number,
  event: FailingEvent,
  error: string,
  by?: string,
  patch: StepPatch = {},
  transient = false,
  unsafe = false,
): void {
  const def = d.def(i);
  const attempts = patch.attempts ?? d.step(i).attempts;
  const maxRetries = def.maxRetries ?? DEFAULT_MAX_RETRIES;
  const target = def.onFail === undefined ? undefined : (d.position(def.onFail) as number);
  const budget = def.maxLoops ?? d.proto.maxLoops;
  const loops = target === undefined ? 0 : d.step(target).loops;
  const classed = def.onExhausted !== undefined;
  const hard = classed && !transient;
  const retry = !hard && !unsafe && attempts <= maxRetries;
  const loop = !retry && !unsafe && target !== undefined && loops < budget;
  const fields: StepPatch = {
    ...patch,
    error,
    lease: undefined,
    nudgedAt: undefined,
    awaitingSince: undefined,
  };
  if (retry || loop) {
    d.move(i, event, 'failed', { by, note: error }, fields);
  } else {
    const spent = target === undefined ? '' : `; on_fail loops to "${def.onFail}" used ${loops} of ${budget}`;
    const ran = `${attempts} attempt${attempts === 1 ? '' : 's'}${spent}`;
    if (classed && transient && !unsafe && def.onExhausted === 'soft_fail') {
      const how = `soft-failed after ${ran} with transient failures: on_exhausted = soft_fail closes it as passed`;
      d.move(i, event, 'completed', { by, note: `${error} (${how})` }, { ...fields, error: undefined });
      return;
    }
    const how = unsafe
      ? `failed for good after ${attempts} attempt${attempts === 1 ? '' : 's'}: not retried, since the next attempt would start from what it changed`
      : hard
        ? `a hard failure after ${ran}: [steps.retry] retries only transient failures (exit status ${TRANSIENT_EXIT_STATUS}), and on_exhausted does not apply`
        : `failed for good after ${ran}${classed ? ' with transient failures' : ''}`;
    d.move(i, event, 'failed', { by, note: `${error} (${how})` }, fields);
    return;
  }
  if (retry) {
    d.move(i, 'auto-retry', 'ready', { note: `retry ${attempts} of ${maxRetries}` });
    return;
  }
  loopBack(d, i, target as number, loops + 1, budget);
}

function loopBack(d: Draft, failing: number, target: number, loop: number, budget: number): void {
  const failingId = d.step(failing).id;
  const targetId = d.step(target).id;
  const sweep = new Set([target, ...downstreamOf(d.index, [target]), failing]);
  const interrupted: string[] = [];
  const note = `on_fail of "${failingId}": loop ${loop} of ${budget} back to "${targetId}"`;
  for (const j of [...sweep].sort((a, b) => a - b)) {
    const patch: StepPatch = { attempts: 0 };
    if (j === target) patch.loops = loop;
    if (sendBack(d, j, 'loop', { note }, patch) && j !== failing) interrupted.push(d.step(j).id);
  }
  noticeInterrupted(d, interrupted, note);
}

export function fail(d: Draft, e: Extract<MoleculeEvent, { type: 'fail' }>): Result<void> {
  const found = findStep(d, e.step);
  if (!found.ok) return found;
  const i = found.value;
  const status = d.step(i).status;
  if (status !== 'in_progress' && status !== 'awaiting_gate') return refuse('step', e.step, status, 'fail');
  const patch: StepPatch = e.usage === undefined ? {} : { usage: addUsage(d.step(i).usage, e.usage) };
  if (e.reason === 'budget') stopForBudget(d, i, e, patch);
  else failPath(d, i, 'fail', e.error, e.by, patch, e.transient === true, e.reason === 'unsafe');
  return ok(undefined);
}

export function timeout(d: Draft, e: Extract<MoleculeEvent, { type: 'timeout' }>): Result<void> {
  const found = findStep(d, e.step);
  if (!found.ok) return found;
  const i = found.value;
  const step = d.step(i);
  if (step.status !== 'in_progress') return refuse('step', e.step, step.status, 'timeout');
  if (step.startedAt === undefined)
    return err('invalid-state', `step "${e.step}" is in progress but has no start time`);
  const limit = d.def(i).timeout;
  const ran = d.now.getTime() - Date.parse(step.startedAt);
  const limitMs = limit === undefined ? undefined : parseDuration(limit);
  if (limitMs !== undefined && ran < limitMs) {
    return refuse(
      'step',
      e.step,
      step.status,
      'timeout',
      `it has run ${Math.round(ran / 1000)}s of its ${limit}`,
    );
  }
  failPath(d, i, 'timeout', `timed out after ${limit ?? `${Math.round(ran / 60_000)}m`}`, 'patrol');
  return ok(undefined);
}
