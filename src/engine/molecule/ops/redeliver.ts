/**
 * `redeliver`: patrol delivers again work that has been due too long with no delivery recorded
 * (the job's delivery failed on GitHub, or its runner died after the completion was written). The
 * try is counted on the delivery, so the next one waits longer and they stop after
 * `REDELIVERY_TRIES`; work no longer due (delivered meanwhile, a step failed) changes nothing.
 */
import { ok, type Result } from '../../errors.js';
import { deliveringStep, deliveryBranches, deliveryDue } from '../delivery.js';
import type { Draft } from './draft.js';
import type { MoleculeEvent } from './events.js';

export function redeliver(d: Draft, e: Extract<MoleculeEvent, { type: 'redeliver' }>): Result<void> {
  const delivery = d.field('delivery');
  const step = deliveringStep(d.proto);
  if (delivery?.due === undefined || step === undefined || !deliveryDue(d.proto, d.base))
    return ok(undefined);
  const tries = (delivery.tries ?? 0) + 1;
  d.set('delivery', { ...delivery, tries, triedAt: d.at });
  d.record('redeliver', { by: e.by, note: `try ${tries}` });
  d.emit({ type: 'deliver', step, branches: deliveryBranches(d.proto, d.base) });
  return ok(undefined);
}
