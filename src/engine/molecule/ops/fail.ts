/**
 * The failure path, shared by `fail`, `timeout` and failing gates: retry while attempts remain,
 * then the `on_fail` loop while its budget holds, then failed for good (the scheduler blocks what
 * is downstream and settles the molecule once nothing else can run).
 *
 * Attempts count starts, so with max_retries = 2 a step runs at most three times before its
 * on_fail loop (if any) is tried. A loop sends the on_fail target, everything downstream of it and
 * the failing step back to pending with attempts reset; the target's `loops` counts the trips and
 * is bounded by the failing step's `max_loops` (else the proto's). A step with
 * `on_exhausted = "soft_fail"` fails softly at the end: the history says so, and the scheduler
 * lets what needs it run.
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

export function failPath(
  d: Draft,
  i: number,
  event: FailingEvent,
  error: string,
  by?: string,
  patch: StepPatch = {},
): void {
  const def = d.def(i);
  const attempts = patch.attempts ?? d.step(i).attempts;
  const maxRetries = def.maxRetries ?? DEFAULT_MAX_RETRIES;
  const target = def.onFail === undefined ? undefined : (d.position(def.onFail) as number);
  const budget = def.maxLoops ?? d.proto.maxLoops;
  const loops = target === undefined ? 0 : d.step(target).loops;
  const retry = attempts <= maxRetries;
  const loop = !retry && target !== undefined && loops < budget;
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
    const how =
      def.onExhausted === 'soft_fail'
        ? `failed softly after ${ran}: on_exhausted = soft_fail, so the steps that need it run as if it had completed`
        : `failed for good after ${ran}`;
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
  else failPath(d, i, 'fail', e.error, e.by, patch);
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
