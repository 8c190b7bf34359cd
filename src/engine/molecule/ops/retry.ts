/**
 * A person retries a failed step: back to ready even when its retries are spent (their call),
 * attempts kept, and the steps it blocked back to pending. Retrying a blocked step retries the
 * failed steps upstream that block it.
 */
import { err, ok, type Result } from '../../errors.js';
import { refuse } from '../machine/refusal.js';
import type { Draft } from './draft.js';
import type { MoleculeEvent } from './events.js';
import { findStep } from './find-step.js';
import { upstreamOf } from './proto-index.js';
import { unblockDownstream } from './send-back.js';

export function retry(d: Draft, e: Extract<MoleculeEvent, { type: 'retry' }>): Result<void> {
  const found = findStep(d, e.step);
  if (!found.ok) return found;
  const i = found.value;
  const status = d.step(i).status;
  let sources: number[];
  if (status === 'failed') sources = [i];
  else if (status === 'blocked')
    sources = upstreamOf(d.index, i).filter((j) => d.step(j).status === 'failed');
  else
    return refuse(
      'step',
      e.step,
      status,
      'retry',
      'only a failed step, or one blocked by a failure, can be retried',
    );
  if (sources.length === 0)
    return err('invalid-state', `step "${e.step}" is blocked but no step upstream of it failed`);
  for (const j of sources) {
    const note = j === i ? 'retried by a person' : `retried by a person to unblock "${e.step}"`;
    d.move(j, 'retry', 'ready', { by: e.by, note });
  }
  unblockDownstream(d, sources, e.by);
  return ok(undefined);
}
