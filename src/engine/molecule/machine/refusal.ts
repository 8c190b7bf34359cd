/**
 * The sentence a refused event gets. Every refusal has the same shape, `step "test" is
 * completed; it cannot be started`, optionally followed by what would make it possible.
 */
import { err } from '../../errors.js';
import type { MoleculeMachineEvent } from './molecule-machine.js';
import type { StepEvent } from './step-machine.js';

export const INVALID_TRANSITION = 'invalid-transition';

const PAST: Record<StepEvent | MoleculeMachineEvent, string> = {
  ready: 'made ready',
  block: 'blocked',
  unblock: 'unblocked',
  'condition-error': 'failed on its condition',
  start: 'started',
  complete: 'completed',
  gates: 'given gate results',
  approve: 'approved',
  fail: 'failed',
  timeout: 'timed out',
  'auto-retry': 'retried',
  budget: 'given a budget',
  retry: 'retried',
  skip: 'skipped',
  nudge: 'nudged',
  release: 'released',
  resume: 'resumed',
  loop: 'looped back',
  rollback: 'rolled back',
  reset: 'reset',
  pause: 'paused',
  unpause: 'unpaused',
  squash: 'squashed',
  'squash-unfinished': 'squashed',
  burn: 'burned',
  evaporate: 'evaporated',
  'force-reset': 'force-reset',
  settle: 'settled',
  delivered: 'given its delivery',
  redeliver: 'delivered again',
  conflict: 'failed on a merge conflict',
  'delivery-failed': 'failed its delivery',
  'changes-requested': 'sent back by a review',
};

export function refusalSentence(
  subject: 'step' | 'molecule',
  id: string,
  status: string,
  event: StepEvent | MoleculeMachineEvent,
  hint?: string,
): string {
  const base = `${subject} "${id}" is ${status.replace('_', ' ')}; it cannot be ${PAST[event]}`;
  return hint ? `${base} (${hint})` : base;
}

export function refuse(
  subject: 'step' | 'molecule',
  id: string,
  status: string,
  event: StepEvent | MoleculeMachineEvent,
  hint?: string,
) {
  return err(INVALID_TRANSITION, refusalSentence(subject, id, status, event, hint));
}
