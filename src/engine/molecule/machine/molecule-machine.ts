/**
 * The molecule machine: pending → in_progress → (paused ⇄ in_progress) →
 * complete | failed, then squashed | burned. Step-level events name the molecule status right
 * after the event, before the scheduler settles it (`settle`: all steps done → complete, a failure
 * with nothing left to run → failed).
 *
 * Choices made here:
 * - `squash` is accepted from complete and failed; unfinished work (pending, in_progress, paused)
 *   can be squashed only with a summary saying why (`squash-unfinished`), so an archive record of
 *   half-done work is always deliberate.
 * - `burn` is accepted from every state that is not already final.
 * - A paused molecule still records work that finishes (complete, fail, gates, approve) so running
 *   jobs lose nothing, but starts nothing and dispatches nothing until it is unpaused.
 * - `reset` only from complete or failed; `force-reset` from every state that is not final.
 */
import type { MoleculeStatus } from '../molecule-schema.js';
import type { TransitionTable } from './table.js';

export const MOLECULE_EVENTS = [
  'start',
  'complete',
  'gates',
  'approve',
  'fail',
  'timeout',
  'retry',
  'skip',
  'nudge',
  'release',
  'resume',
  'rollback',
  'pause',
  'unpause',
  'squash',
  'squash-unfinished',
  'burn',
  'evaporate',
  'reset',
  'force-reset',
  'settle',
  'budget',
  'delivered',
  'redeliver',
  'delivery-failed',
  'changes-requested',
] as const;
export type MoleculeMachineEvent = (typeof MOLECULE_EVENTS)[number];

const FINAL = { burn: ['burned'], evaporate: ['burned'] } as const;

export const MOLECULE_MACHINE: TransitionTable<MoleculeStatus, MoleculeMachineEvent> = {
  pending: {
    start: ['in_progress'],
    complete: ['in_progress'],
    skip: ['in_progress'],
    // Patrol re-dispatching a ready step whose first dispatch was lost (nothing has started).
    nudge: ['pending'],
    resume: ['pending'],
    pause: ['paused'],
    delivered: ['pending'],
    budget: ['pending'],
    'squash-unfinished': ['squashed'],
    'force-reset': ['pending'],
    settle: ['complete', 'failed'],
    ...FINAL,
  },
  in_progress: {
    start: ['in_progress'],
    complete: ['in_progress'],
    gates: ['in_progress'],
    approve: ['in_progress'],
    fail: ['in_progress'],
    timeout: ['in_progress'],
    retry: ['in_progress'],
    skip: ['in_progress'],
    nudge: ['in_progress'],
    release: ['in_progress'],
    resume: ['in_progress'],
    rollback: ['in_progress'],
    pause: ['paused'],
    delivered: ['in_progress'],
    redeliver: ['in_progress'],
    'delivery-failed': ['in_progress'],
    'changes-requested': ['in_progress'],
    budget: ['in_progress'],
    'squash-unfinished': ['squashed'],
    'force-reset': ['pending'],
    settle: ['complete', 'failed'],
    ...FINAL,
  },
  paused: {
    complete: ['paused'],
    gates: ['paused'],
    approve: ['paused'],
    fail: ['paused'],
    timeout: ['paused'],
    retry: ['paused'],
    skip: ['paused'],
    nudge: ['paused'],
    release: ['paused'],
    rollback: ['paused'],
    unpause: ['in_progress', 'pending'],
    // Raised enough, a molecule paused for its budget goes on (the operation decides).
    delivered: ['paused'],
    'delivery-failed': ['paused'],
    'changes-requested': ['paused'],
    budget: ['paused', 'in_progress', 'pending'],
    'squash-unfinished': ['squashed'],
    'force-reset': ['pending'],
    settle: ['complete', 'failed'],
    ...FINAL,
  },
  complete: {
    delivered: ['complete'],
    // Patrol delivering again work whose delivery was never recorded.
    redeliver: ['complete'],
    // A step of a complete molecule fails: it is in progress until settle says failed.
    'delivery-failed': ['in_progress'],
    'changes-requested': ['in_progress'],
    budget: ['complete'],
    complete: ['complete'],
    gates: ['complete'],
    approve: ['complete'],
    rollback: ['in_progress'],
    squash: ['squashed'],
    reset: ['pending'],
    'force-reset': ['pending'],
    ...FINAL,
  },
  failed: {
    delivered: ['failed'],
    'delivery-failed': ['failed'],
    'changes-requested': ['in_progress'],
    budget: ['failed'],
    complete: ['failed'],
    gates: ['failed'],
    approve: ['failed'],
    retry: ['in_progress'],
    skip: ['in_progress'],
    rollback: ['in_progress'],
    squash: ['squashed'],
    reset: ['pending'],
    'force-reset': ['pending'],
    ...FINAL,
  },
  squashed: {},
  burned: {},
};
