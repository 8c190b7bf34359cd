/**
 * Recovering work whose runner is gone. `resume` (after a crash: `mol resume`, the seed's
 * resumeMolecule) sends every in-progress step without a live lease back to ready and dispatches
 * every ready step again, since a dispatch may have died with the crash; a second start is
 * harmless because leases refuse it. `release` (patrol) does the same for one step whose lease
 * expired or whose run is known to be gone. A lease that records its command's process group is
 * released only when the face says that group has ended: never two live attempts of one step.
 */
import { err, ok, type Result } from '../../errors.js';
import { leaseLive } from '../lease.js';
import { refuse } from '../machine/refusal.js';
import type { Draft } from './draft.js';
import type { MoleculeEvent } from './events.js';
import { findStep } from './find-step.js';

export function resume(d: Draft, e: Extract<MoleculeEvent, { type: 'resume' }>): Result<void> {
  const resumed: string[] = [];
  for (let i = 0; i < d.size; i++) {
    const step = d.step(i);
    if (step.status === 'ready') d.redispatch(i);
    if (step.status !== 'in_progress' || leaseLive(d.step(i).lease, d.now)) continue;
    const note = step.lease
      ? `lease of "${step.lease.holder}" expired at ${step.lease.expiresAt}`
      : 'no lease: its runner is presumed gone';
    d.move(i, 'resume', 'ready', { by: e.by, note }, { lease: undefined, nudgedAt: undefined });
    resumed.push(step.id);
  }
  const message =
    resumed.length > 0
      ? `resumed ${resumed.map((id) => `"${id}"`).join(', ')}: back to ready`
      : 'no step in progress had lost its runner; nothing to resume';
  d.emit({ type: 'notice', level: 'info', message });
  return ok(undefined);
}

export function release(d: Draft, e: Extract<MoleculeEvent, { type: 'release' }>): Result<void> {
  const found = findStep(d, e.step);
  if (!found.ok) return found;
  const i = found.value;
  const step = d.step(i);
  if (step.status !== 'in_progress') return refuse('step', e.step, step.status, 'release');
  const lease = step.lease;
  if (e.runId !== undefined) {
    if (lease?.runId !== e.runId) {
      return err('lease-held', `step "${e.step}" is no longer held by run ${e.runId}; it was not released`);
    }
  } else if (leaseLive(d.step(i).lease, d.now)) {
    return err(
      'lease-held',
      `step "${e.step}" is held by "${lease?.holder}" until ${lease?.expiresAt}; it was not released`,
    );
  }
  if (lease?.process !== undefined && e.processEnded !== true) {
    return err(
      'attempt-alive',
      `step "${e.step}" was started as process group ${lease.process.pgid} on ${lease.process.host}; it is released only once that group has ended, so two attempts never run at once`,
    );
  }
  const note =
    e.runId !== undefined
      ? `run ${e.runId} is gone`
      : lease
        ? `lease expired at ${lease.expiresAt}`
        : 'it had no lease';
  d.move(i, 'release', 'ready', { by: e.by ?? 'patrol', note }, { lease: undefined, nudgedAt: undefined });
  return ok(undefined);
}
