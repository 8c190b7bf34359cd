/**
 * Finishing a step's work: `complete` (the job or person is done), `gates` (results that arrive
 * later) and `approve` (a person passes the approval gate). Gate results decide where the step
 * goes: all passed → completed, one failed → the failure path, one still waiting → awaiting_gate.
 * A step whose proto declares gates but that is completed without results waits for them, and a
 * face is asked to evaluate them. Completing a completed step changes nothing and says so, which
 * makes redelivered webhooks and re-run jobs harmless.
 */
import { addUsage, type Usage } from '../../budget/usage.js';
import { err, ok, type Result } from '../../errors.js';
import { fanoutItems } from '../fanout.js';
import { refuse } from '../machine/refusal.js';
import type { StepEvent } from '../machine/step-machine.js';
import type { GateResult } from '../molecule-schema.js';
import type { Draft, StepPatch } from './draft.js';
import type { MoleculeEvent } from './events.js';
import { failPath } from './fail.js';
import { findStep } from './find-step.js';
import { failingDetail, gateVerdict, mergeGates, waitingGates } from './gates.js';

type Complete = Extract<MoleculeEvent, { type: 'complete' }>;
type Gates = Extract<MoleculeEvent, { type: 'gates' }>;
type Approve = Extract<MoleculeEvent, { type: 'approve' }>;

export function complete(d: Draft, e: Complete): Result<void> {
  const found = findStep(d, e.step);
  if (!found.ok) return found;
  const i = found.value;
  const step = d.step(i);
  if (step.status === 'completed') return alreadyCompleted(d, e.step);
  if (step.status === 'awaiting_gate') {
    if (!e.gates || e.gates.length === 0) {
      d.emit({
        type: 'notice',
        level: 'info',
        message: `step "${e.step}" is already waiting for its gates; nothing changed`,
      });
      return ok(undefined);
    }
    concludeGates(
      d,
      i,
      'complete',
      mergeGates(step.gates ?? waitingGates(d.def(i)), e.gates),
      e.by,
      record(e, step.usage),
    );
    return ok(undefined);
  }
  if (step.status !== 'in_progress' && step.status !== 'ready')
    return refuse('step', e.step, step.status, 'complete');
  // Built by assignment, not spreads: this is half of every step's transitions.
  const patch = record(e, step.usage);
  patch.lease = undefined;
  // The review it answered is done with once its work is.
  if (step.review !== undefined) patch.review = undefined;
  patch.nudgedAt = undefined;
  // Reported done without a recorded start: count the attempt it took.
  if (step.status === 'ready') {
    patch.attempts = step.attempts + 1;
    patch.startedAt = d.at;
  }
  const def = d.def(i);
  if (def.fanout !== undefined) {
    // A fan-out without its items cannot go on (fanout.go errors on a missing or non-array output).
    const items = fanoutItems(e.step, def.fanout, (patch.checkpoint ?? step.checkpoint)?.outputTail);
    if (!items.ok) {
      failPath(d, i, 'complete', items.error.message, e.by, patch);
      return ok(undefined);
    }
  }
  if (e.gates && e.gates.length > 0) {
    concludeGates(d, i, 'complete', mergeGates(waitingGates(def), e.gates), e.by, patch);
  } else if (def.gates.length > 0) {
    d.emit({ type: 'evaluate-gates', step: e.step, gates: def.gates });
    concludeGates(d, i, 'complete', waitingGates(def), e.by, patch);
  } else {
    patch.completedAt = d.at;
    patch.error = undefined;
    d.move(i, 'complete', 'completed', { by: e.by }, patch);
  }
  return ok(undefined);
}

export function gates(d: Draft, e: Gates): Result<void> {
  const found = findStep(d, e.step);
  if (!found.ok) return found;
  const i = found.value;
  const step = d.step(i);
  if (step.status === 'completed') return alreadyCompleted(d, e.step);
  if (step.status !== 'awaiting_gate') return refuse('step', e.step, step.status, 'gates');
  concludeGates(d, i, 'gates', mergeGates(step.gates ?? waitingGates(d.def(i)), e.gates));
  return ok(undefined);
}

export function approve(d: Draft, e: Approve): Result<void> {
  const found = findStep(d, e.step);
  if (!found.ok) return found;
  const i = found.value;
  const step = d.step(i);
  if (step.status === 'completed') return alreadyCompleted(d, e.step);
  if (!d.def(i).gates.some((g) => g.type === 'approval')) {
    return err('no-approval-gate', `step "${e.step}" has no approval gate; there is nothing to approve`);
  }
  if (step.status !== 'awaiting_gate') {
    return refuse(
      'step',
      e.step,
      step.status,
      'approve',
      'it can be approved once its work is done and it waits for approval',
    );
  }
  const current = step.gates ?? waitingGates(d.def(i));
  const approval: GateResult = { type: 'approval', passed: true, detail: `approved by ${e.by}` };
  concludeGates(d, i, 'approve', mergeGates(current, [approval]), e.by);
  return ok(undefined);
}

/** Where the gate results send the step, plus the check run that reports them. */
function concludeGates(
  d: Draft,
  i: number,
  event: Extract<StepEvent, 'complete' | 'gates' | 'approve'>,
  results: GateResult[],
  by?: string,
  patch: StepPatch = {},
): void {
  const verdict = gateVerdict(results);
  if (verdict === 'failed') {
    failPath(d, i, event, failingDetail(results), by, { ...patch, gates: results });
  } else if (verdict === 'waiting') {
    const since = d.step(i).status === 'awaiting_gate' ? d.step(i).awaitingSince : d.at;
    const waiting = results.filter((g) => g.passed === null).map((g) => g.type);
    d.move(
      i,
      event,
      'awaiting_gate',
      { by, note: `waiting for ${waiting.join(', ')}` },
      { ...patch, gates: results, awaitingSince: since },
    );
  } else {
    d.move(
      i,
      event,
      'completed',
      { by },
      { ...patch, gates: results, completedAt: d.at, awaitingSince: undefined, error: undefined },
    );
  }
  const step = d.step(i);
  d.emit({
    type: 'check-run',
    step: step.id,
    // A failing attempt reports failure even when a retry already made the step ready again.
    status: verdict === 'failed' ? 'failed' : step.status,
    gates: results,
    ...(step.checkpoint?.commit === undefined ? {} : { commit: step.checkpoint.commit }),
  });
}

/** What a completion records besides its status: the checkpoint and the branch it pushed. */
function record(e: Complete, used: Usage | undefined): StepPatch {
  const patch: StepPatch = {};
  if (e.usage !== undefined) patch.usage = addUsage(used, e.usage);
  if (e.checkpoint) patch.checkpoint = e.checkpoint;
  if (e.branch !== undefined) patch.branch = e.branch;
  return patch;
}

function alreadyCompleted(d: Draft, id: string): Result<void> {
  d.emit({ type: 'notice', level: 'info', message: `step "${id}" was already completed; nothing changed` });
  return ok(undefined);
}
