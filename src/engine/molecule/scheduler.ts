/**
 * The scheduler: after every operation, pending steps whose trigger rule now holds become ready
 * (or skipped when their condition is false), steps whose trigger can no longer hold are skipped
 * or blocked, and the molecule settles as complete or failed when nothing is left to run.
 *
 * Trigger rules (a need is "done" when completed, failed, skipped or blocked):
 * - `all_success` (default): every need completed or skipped. A skipped need counts as satisfied
 *   (Airflow's `none_failed`: skipping an optional step must not stall what follows). Any need
 *   failed for good or blocked → blocked at once (fail fast), without waiting for the others.
 * - `all_done`: every need done, whatever the outcome (cleanup steps).
 * - `one_failed`: ready as soon as one need failed for good (or is blocked by a failure);
 *   skipped once every need is done and none failed. With no needs it can never fire: skipped.
 * A step that soft-failed under Gas City's retry (`on_exhausted = "soft_fail"`) is closed as
 * completed by the failure path, so it needs no rule of its own here.
 * A `condition` is evaluated when the trigger holds, not at pour, so a conditional step downstream
 * of a failure is blocked like any other rather than skipped past it.
 *
 * A container (parallel group or epic) with no work or gates of its own completes as soon as it is
 * ready: its children are its work.
 *
 * The molecule settles only when no step is ready, running or awaiting a gate: cleanup
 * (`all_done`) and handler (`one_failed`) steps still run after a failure (see `settle`).
 */

import type { Proto } from '../cook/proto.js';
import { evaluateCondition } from '../formula/condition.js';
import type { Trigger } from '../formula/formula-schema.js';
import { isChildOf } from './fanout.js';
import { judgedOnReady } from './gate-registry.js';
import { TERMINAL_STEP_STATUSES } from './machine/step-machine.js';
import type { Molecule, StepStatus } from './molecule-schema.js';
import type { Draft } from './ops/draft.js';
import { openGates } from './ops/gate-step.js';
import { findOpenStep } from './ops/open-step.js';
import { isLive } from './statuses.js';

export type TriggerVerdict = 'wait' | 'ready' | 'skip' | 'block';

const isFailure = (s: StepStatus) => s === 'failed' || s === 'blocked';
const isSuccess = (s: StepStatus) => s === 'completed' || s === 'skipped';
const isDone = (s: StepStatus) => TERMINAL_STEP_STATUSES.has(s);

export function triggerVerdict(trigger: Trigger, needs: readonly StepStatus[]): TriggerVerdict {
  switch (trigger) {
    case 'all_success':
      if (needs.some(isFailure)) return 'block';
      return needs.every(isSuccess) ? 'ready' : 'wait';
    case 'all_done':
      return needs.every(isDone) ? 'ready' : 'wait';
    case 'one_failed':
      if (needs.some(isFailure)) return 'ready';
      return needs.every(isDone) ? 'skip' : 'wait';
  }
}

/**
 * Re-evaluate the pending steps among `candidates`, the steps whose status changed during the
 * operation, and their dependents, transitively: work proportional to what moved.
 */
export function advance(d: Draft, candidates: Iterable<number> = []): void {
  const queue = [...candidates];
  // A skipped step passes a change on to what needs it (see asNeed), once per round of changes.
  let round = 0;
  const passedOn = new Map<number, number>();
  for (;;) {
    const changes = d.takeChanges();
    if (changes.length > 0) round++;
    for (const i of changes) {
      queue.push(i);
      for (const j of d.index.dependents[i] as number[]) queue.push(j);
    }
    const i = queue.pop();
    if (i === undefined) return;
    const status = d.step(i).status;
    if (status === 'pending') decide(d, i);
    // However it became ready (its needs, a retry, a pour), a gate step goes on to its gates.
    else if (status === 'ready' && judgedOnReady(d.def(i))) openGates(d, i);
    else if (status === 'skipped' && passedOn.get(i) !== round) {
      passedOn.set(i, round);
      for (const j of d.index.dependents[i] as number[]) queue.push(j);
    }
  }
}

/**
 * A step's status as the steps that need it see it. A step skipped while one of its own needs was
 * not done yet (a person skipping ahead) stands in for that need: what needs it waits as it would
 * have waited for it, so a skip never makes a later stage ready beside an earlier one.
 */
function asNeed(d: Draft, n: number): StepStatus {
  const status = d.step(n).status;
  if (status === 'skipped' && skippedAhead(d, n)) return 'pending';
  return status;
}

function skippedAhead(d: Draft, n: number): boolean {
  return (d.index.needs[n] as number[]).some((m) => !isDone(asNeed(d, m)));
}

function decide(d: Draft, i: number): void {
  const def = d.def(i);
  const verdict = verdictOf(d, i, def);
  if (verdict === 'wait') return;
  if (verdict === 'block') {
    const culprit = (d.index.needs[i] as number[]).find((n) => isFailure(asNeed(d, n))) as number;
    const how = d.step(culprit).status === 'failed' ? 'failed' : 'is blocked';
    d.move(i, 'block', 'blocked', { note: `need "${d.step(culprit).id}" ${how}` });
    return;
  }
  if (verdict === 'skip') {
    d.move(i, 'skip', 'skipped', { note: `no need failed (trigger ${def.trigger})` });
    return;
  }
  if (def.condition !== undefined) {
    const holds = evaluateCondition(def.condition, d.base.vars);
    if (!holds.ok) {
      d.move(i, 'condition-error', 'failed', { note: holds.error.message }, { error: holds.error.message });
      return;
    }
    if (!holds.value) {
      d.move(i, 'skip', 'skipped', { note: `condition "${def.condition}" is false` });
      return;
    }
  }
  d.move(i, 'ready', 'ready');
  if (isBareContainer(def)) d.move(i, 'complete', 'completed', { note: 'all its children are done' });
}

function verdictOf(d: Draft, i: number, def: Proto['steps'][number]): TriggerVerdict {
  const positions = d.index.needs[i] as number[];
  if (def.waitsFor?.gate !== 'any-children')
    return triggerVerdict(
      def.trigger,
      positions.map((n) => asNeed(d, n)),
    );
  // Beads' any-children (issueops/blocked.go): the fan-out's children hold the step until one of
  // them closes; with no children nothing holds it. Its other needs keep their trigger.
  const spawner = def.waitsFor.spawner;
  const own: StepStatus[] = [];
  const children: StepStatus[] = [];
  for (const n of positions) (isChildOf(d.step(n).id, spawner) ? children : own).push(asNeed(d, n));
  const mine = triggerVerdict(def.trigger, own);
  const theirs: TriggerVerdict =
    children.length === 0 || children.some(isSuccess)
      ? 'ready'
      : children.every(isFailure)
        ? 'block'
        : 'wait';
  if (mine === 'block' || theirs === 'block') return 'block';
  if (mine === 'skip') return 'skip';
  return mine === 'ready' && theirs === 'ready' ? 'ready' : 'wait';
}

/**
 * The join step of a Gas Town parallel group or a Beads epic (cook gives it the group's own id as
 * its group) with nothing of its own to do or wait for: it closes as soon as its children have,
 * as upstream's container does, rather than waiting for someone to say it is done.
 */
const isBareContainer = (def: Proto['steps'][number]): boolean =>
  def.group === def.id && def.type === 'gate' && def.gates.length === 0 && def.run === undefined;

/**
 * Once no step can move: complete when every step is completed or skipped, or when each failed
 * step was recovered by a `one_failed` step that needs it and completed (the self-correction
 * pattern of `gated-task`: verify fails, self-correct fixes it and its gate re-runs the checks).
 * Anything else (an unrecovered failure, a blocked step) fails the molecule. Cleanup steps
 * (`all_done`) run after a failure but never excuse it.
 */
export function settle(d: Draft): void {
  if (!isLive(d.status)) return;
  d.openStep = findOpenStep(d, d.lists.open);
  if (d.openStep >= 0) return;
  let culprit = -1;
  for (let i = 0; i < d.size && culprit < 0; i++) {
    const status = d.step(i).status;
    if (status === 'blocked' || (status === 'failed' && !recovered(d, i))) culprit = i;
  }
  if (culprit < 0) {
    d.moveMolecule('settle', 'complete', { note: `all ${d.size} steps done` });
    return;
  }
  const step = d.step(culprit);
  d.moveMolecule('settle', 'failed', {
    note: `step "${step.id}" ${step.status}${step.error ? `: ${step.error}` : ''}`,
  });
}

function recovered(d: Draft, i: number): boolean {
  return (d.index.dependents[i] as number[]).some(
    (j) => d.def(j).trigger === 'one_failed' && d.step(j).status === 'completed',
  );
}

/** Steps ready to start, in the proto's order. */
export function readySteps(proto: Proto, mol: Molecule): string[] {
  const known = new Set(proto.steps.map((s) => s.id));
  return mol.steps.filter((s) => s.status === 'ready' && known.has(s.id)).map((s) => s.id);
}
