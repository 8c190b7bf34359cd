/**
 * The step machine: pending → ready → in_progress → awaiting_gate → completed, with
 * failed, skipped and blocked. Events in the table are the engine's own names: the MoleculeEvent
 * types a person or job sends, plus those the scheduler and the failure path apply themselves
 * (`ready`, `block`, `unblock`, `auto-retry`, `loop`, `condition-error`). Every status change an
 * operation makes is checked against this table.
 */
import type { StepStatus } from '../molecule-schema.js';
import type { TransitionTable } from './table.js';

export const STEP_EVENTS = [
  'ready',
  'block',
  'unblock',
  'condition-error',
  'start',
  'complete',
  'gates',
  'approve',
  'fail',
  'timeout',
  'auto-retry',
  'retry',
  'skip',
  'nudge',
  'release',
  'resume',
  'loop',
  'rollback',
  'reset',
  'conflict',
] as const;
export type StepEvent = (typeof STEP_EVENTS)[number];

/** Every status returns to pending when an on_fail loop, a rollback or a reset sweeps over it. */
const SWEEP = { loop: ['pending'], rollback: ['pending'], reset: ['pending'] } as const;
const GATE_OUTCOMES = ['completed', 'awaiting_gate', 'failed'] as const;

export const STEP_MACHINE: TransitionTable<StepStatus, StepEvent> = {
  pending: {
    ready: ['ready'],
    block: ['blocked'],
    skip: ['skipped'],
    'condition-error': ['failed'],
    ...SWEEP,
  },
  ready: {
    start: ['in_progress'],
    // A person may report a step done without a recorded start (`/mol done` on a human step).
    complete: GATE_OUTCOMES,
    skip: ['skipped'],
    // Patrol re-dispatches a ready step nobody picked up (its dispatch was lost).
    nudge: ['ready'],
    ...SWEEP,
  },
  in_progress: {
    // Re-start: a no-op for the lease holder, a takeover once its lease has expired.
    start: ['in_progress'],
    complete: GATE_OUTCOMES,
    // `completed`: a soft-failed step under Gas City's retry is closed as passed.
    fail: ['failed', 'completed'],
    timeout: ['failed'],
    nudge: ['in_progress'],
    release: ['ready'],
    resume: ['ready'],
    ...SWEEP,
  },
  awaiting_gate: {
    complete: GATE_OUTCOMES,
    gates: GATE_OUTCOMES,
    approve: ['completed', 'awaiting_gate'],
    fail: ['failed', 'completed'],
    skip: ['skipped'],
    ...SWEEP,
  },
  completed: {
    // Redelivered completions and late gate results are answered with a no-op, not an error.
    complete: ['completed'],
    gates: ['completed'],
    approve: ['completed'],
    // Its work does not merge into the molecule's result branch (`[pull_request]`).
    conflict: ['failed'],
    ...SWEEP,
  },
  failed: {
    'auto-retry': ['ready'],
    retry: ['ready'],
    skip: ['skipped'],
    ...SWEEP,
  },
  skipped: { ...SWEEP },
  blocked: {
    unblock: ['pending'],
    retry: ['pending'],
    skip: ['skipped'],
    ...SWEEP,
  },
};

/** Statuses a step leaves only when a person or a loop sends it back. */
export const TERMINAL_STEP_STATUSES: ReadonlySet<StepStatus> = new Set([
  'completed',
  'failed',
  'skipped',
  'blocked',
]);
/** Statuses in which a step still has (or may get) work going on. */
export const ACTIVE_STEP_STATUSES: ReadonlySet<StepStatus> = new Set([
  'ready',
  'in_progress',
  'awaiting_gate',
]);
