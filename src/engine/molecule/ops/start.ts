/**
 * Starting a step. A ready step starts (attempts + 1). A step already in progress is where
 * "no double run" is enforced: under an unexpired lease only its holder may start it again (a
 * no-op), anyone else is refused; once the lease has expired (or there never was one and a lease
 * is now offered) the new starter takes it over as a new attempt. The holder starting again with
 * its command's process group records the group in its lease.
 */
import { err, ok, type Result } from '../../errors.js';
import { leaseLive } from '../lease.js';
import { refuse } from '../machine/refusal.js';
import type { Lease, LeaseProcess } from '../molecule-schema.js';
import type { Draft } from './draft.js';
import type { MoleculeEvent } from './events.js';
import { findStep } from './find-step.js';

type Start = Extract<MoleculeEvent, { type: 'start' }>;

export function start(d: Draft, e: Start): Result<void> {
  const found = findStep(d, e.step);
  if (!found.ok) return found;
  const i = found.value;
  const step = d.step(i);
  if (step.status === 'in_progress') return restart(d, i, e);
  if (step.status !== 'ready') return refuse('step', e.step, step.status, 'start', startHint(d, i));
  begin(d, i, e);
  return ok(undefined);
}

function restart(d: Draft, i: number, e: Start): Result<void> {
  const current = d.step(i).lease;
  if (current !== undefined && leaseLive(current, d.now)) {
    if (e.lease && e.lease.holder === current.holder && e.lease.runId === current.runId) {
      if (e.lease.process !== undefined && !sameProcess(current.process, e.lease.process)) {
        // The holder names the process group its command runs in: what a later run must end first.
        d.patch(i, { lease: { ...current, process: e.lease.process } });
        return ok(undefined);
      }
      d.emit({
        type: 'notice',
        level: 'info',
        message: `step "${e.step}" is already in progress under this lease; nothing changed`,
      });
      return ok(undefined);
    }
    return err(
      'lease-held',
      `step "${e.step}" is in progress under a lease held by "${current.holder}"${current.runId ? ` (run ${current.runId})` : ''} until ${current.expiresAt}; it cannot be started again before then`,
    );
  }
  if (current === undefined && e.lease === undefined) {
    d.emit({
      type: 'notice',
      level: 'info',
      message: `step "${e.step}" is already in progress; nothing changed`,
    });
    return ok(undefined);
  }
  const note = current
    ? `took over from "${current.holder}", whose lease expired at ${current.expiresAt}`
    : 'took over a step that had no lease';
  begin(d, i, e, note);
  return ok(undefined);
}

function begin(d: Draft, i: number, e: Start, note?: string): void {
  const lease: Lease | undefined = e.lease && {
    holder: e.lease.holder,
    ...(e.lease.runId === undefined ? {} : { runId: e.lease.runId }),
    expiresAt: new Date(d.now.getTime() + e.lease.ttlMs).toISOString(),
    ...(e.lease.process === undefined ? {} : { process: e.lease.process }),
  };
  d.move(
    i,
    'start',
    'in_progress',
    { by: e.by ?? e.lease?.holder, note },
    { attempts: d.step(i).attempts + 1, startedAt: d.at, completedAt: undefined, nudgedAt: undefined, lease },
  );
}

/** Why a step that is not ready cannot start yet, in the words of its needs. */
function startHint(d: Draft, i: number): string | undefined {
  const status = d.step(i).status;
  if (status === 'failed') return 'retry it to run it again';
  if (status === 'awaiting_gate') return 'its work is done and it is waiting for its gates';
  if (status !== 'pending' && status !== 'blocked') return undefined;
  const open = (d.index.needs[i] as number[])
    .map((n) => d.step(n))
    .filter((s) => s.status !== 'completed' && s.status !== 'skipped')
    .map((s) => `"${s.id}" (${s.status.replace('_', ' ')})`);
  return open.length > 0 ? `it needs ${open.join(', ')}` : undefined;
}

function sameProcess(a: LeaseProcess | undefined, b: LeaseProcess): boolean {
  return a?.host === b.host && a.pgid === b.pgid && a.startTime === b.startTime;
}
