/**
 * Patrol decisions, pure: given the molecules a face surveyed and the clock, what is
 * stuck and what to do. Each action maps to a MoleculeEvent (`toEvent`) whose own guards refuse
 * it if the world moved on since the survey, and applying them leaves nothing for the next patrol
 * to do: a molecule where nothing is stuck yields no actions.
 *
 * Per step in progress, the first that applies: past its timeout → timeout (the failure path, so
 * retries apply); lease expired → expire-lease; lease held by a run known to be gone →
 * redispatch; idle past `nudgeAfterMs` and not nudged within it → nudge. In a distributed
 * molecule, a step ready for longer than `redispatchAfterMs` was never picked up (its dispatch
 * was lost, or its job never started) → redispatch-ready, at most once per that interval; this
 * holds for a molecule still pending too (its very first dispatch was the lost one). Paused
 * molecules are left alone (a person paused them), except that an expired wisp evaporates
 * whatever its state.
 *
 * A molecule in progress or complete whose delivery has been due longer than `redeliverAfterMs`
 * with none recorded → redeliver, then again after twice as long each time, `REDELIVERY_TRIES`
 * times at most (`redeliveryAt`). A face that gives no `redeliverAfterMs` never redelivers.
 */

import type { Proto } from '../cook/proto.js';
import { parseDuration } from '../duration.js';
import { deliveryDue, redeliveryAt } from './delivery.js';
import type { Molecule } from './molecule-schema.js';
import type { MoleculeEvent } from './ops/events.js';
import { FINAL_MOLECULE_STATUSES } from './statuses.js';

export interface PatrolInput {
  now: Date;
  molecules: Array<{ proto: Proto; mol: Molecule }>;
  thresholds: {
    nudgeAfterMs: number;
    defaultTimeoutMs?: number;
    redispatchAfterMs?: number;
    /** How long due work may wait for its delivery before patrol delivers it again. */
    redeliverAfterMs?: number;
  };
  /** Run ids known to be alive; undefined = unknown, so nothing is redispatched on that ground. */
  liveRuns?: ReadonlySet<string>;
  locks?: Array<{ molId: string; expiresAt: string }>;
}

export type PatrolAction =
  | { type: 'nudge'; molId: string; step: string; idleMs: number }
  | { type: 'timeout'; molId: string; step: string }
  | { type: 'redispatch'; molId: string; step: string; runId: string }
  | { type: 'redispatch-ready'; molId: string; step: string; readyMs: number }
  | { type: 'redeliver'; molId: string; try: number }
  | { type: 'evaporate'; molId: string }
  | { type: 'release-lock'; molId: string }
  | { type: 'expire-lease'; molId: string; step: string };

export function patrolDecisions(input: PatrolInput): PatrolAction[] {
  const now = input.now.getTime();
  const actions: PatrolAction[] = [];
  for (const { proto, mol } of input.molecules) {
    if (FINAL_MOLECULE_STATUSES.has(mol.status)) continue;
    if (mol.kind === 'wisp' && mol.expiresAt !== undefined && Date.parse(mol.expiresAt) <= now) {
      actions.push({ type: 'evaporate', molId: mol.id });
      continue;
    }
    const redeliverAfter = input.thresholds.redeliverAfterMs;
    if ((mol.status === 'in_progress' || mol.status === 'complete') && redeliverAfter !== undefined) {
      const at = redeliveryAt(mol, redeliverAfter);
      if (at !== undefined && at <= now && deliveryDue(proto, mol))
        actions.push({ type: 'redeliver', molId: mol.id, try: (mol.delivery?.tries ?? 0) + 1 });
    }
    // A pending molecule has ready steps and nothing started: its first dispatch may be the lost one.
    if (mol.status !== 'in_progress' && mol.status !== 'pending') continue;
    const defs = new Map(proto.steps.map((s) => [s.id, s]));
    const redispatchAfter = mol.execution === 'distributed' ? input.thresholds.redispatchAfterMs : undefined;
    for (const step of mol.steps) {
      if (step.status === 'ready' && redispatchAfter !== undefined) {
        const since = Math.max(readySince(mol, step.id), step.nudgedAt ? Date.parse(step.nudgedAt) : 0);
        if (now - since >= redispatchAfter) {
          actions.push({ type: 'redispatch-ready', molId: mol.id, step: step.id, readyMs: now - since });
        }
        continue;
      }
      if (step.status !== 'in_progress' || step.startedAt === undefined) continue;
      const ran = now - Date.parse(step.startedAt);
      const own = defs.get(step.id)?.timeout;
      const limit = (own === undefined ? undefined : parseDuration(own)) ?? input.thresholds.defaultTimeoutMs;
      if (limit !== undefined && ran >= limit) {
        actions.push({ type: 'timeout', molId: mol.id, step: step.id });
      } else if (step.lease && Date.parse(step.lease.expiresAt) <= now) {
        actions.push({ type: 'expire-lease', molId: mol.id, step: step.id });
      } else if (step.lease?.runId !== undefined && input.liveRuns && !input.liveRuns.has(step.lease.runId)) {
        actions.push({ type: 'redispatch', molId: mol.id, step: step.id, runId: step.lease.runId });
      } else if (
        ran >= input.thresholds.nudgeAfterMs &&
        !recentlyNudged(step.nudgedAt, now, input.thresholds.nudgeAfterMs)
      ) {
        actions.push({ type: 'nudge', molId: mol.id, step: step.id, idleMs: ran });
      }
    }
  }
  for (const lock of input.locks ?? []) {
    if (Date.parse(lock.expiresAt) <= now) actions.push({ type: 'release-lock', molId: lock.molId });
  }
  return actions;
}

/** When the step last became ready: its latest history entry into `ready`, else the molecule's last change. */
function readySince(mol: Molecule, stepId: string): number {
  for (let i = mol.history.length - 1; i >= 0; i--) {
    const entry = mol.history[i];
    if (entry?.step === stepId && entry.to === 'ready') return Date.parse(entry.at);
  }
  return Date.parse(mol.updatedAt);
}

function recentlyNudged(nudgedAt: string | undefined, now: number, nudgeAfterMs: number): boolean {
  return nudgedAt !== undefined && now - Date.parse(nudgedAt) < nudgeAfterMs;
}

/** The event a face applies for an action; undefined for `release-lock`, which is the store's, not the molecule's. */
export function toEvent(action: PatrolAction): MoleculeEvent | undefined {
  switch (action.type) {
    case 'nudge':
    case 'redispatch-ready':
      return { type: 'nudge', step: action.step };
    case 'timeout':
      return { type: 'timeout', step: action.step };
    case 'redispatch':
      return { type: 'release', step: action.step, runId: action.runId, by: 'patrol' };
    case 'expire-lease':
      return { type: 'release', step: action.step, by: 'patrol' };
    case 'redeliver':
      return { type: 'redeliver', by: 'patrol' };
    case 'evaporate':
      return { type: 'evaporate' };
    case 'release-lock':
      return undefined;
  }
}
