/**
 * Leases: how long a runner may hold a step, whether a run holds it, and whether a run's report
 * about a step still counts. The lease is what keeps two runners from running one step; every
 * face that starts or reports a step asks these rules, so they cannot judge it differently.
 */
import type { ProtoStep } from '../cook/proto.js';
import { parseDuration } from '../duration.js';
import { err, ok, type Result } from '../errors.js';
import type { Lease, Molecule, StepState } from './molecule-schema.js';

/** Who runs a step: a GitHub Actions job, or a `mol` process on this machine. */
export type StepRunner = 'actions' | 'local';

/**
 * How long a runner may take when the step sets no timeout. GitHub ends a job after 6 hours; a
 * local run is judged by its process (`mol resume` sees when it is gone), so its lease can be long.
 */
export const RUNNER_LIMIT_MS: Readonly<Record<StepRunner, number>> = {
  actions: 6 * 3_600_000,
  local: 24 * 3_600_000,
};

/** Beyond the step's own time, so a lease never runs out while its runner is still within bounds. */
export const LEASE_MARGIN_MS = 10 * 60_000;

/** The lease a runner takes on a step: its timeout (or the runner's limit) plus a margin. */
export function leaseTtlMs(def: Pick<ProtoStep, 'timeout'>, runner: StepRunner): number {
  const timeout = def.timeout === undefined ? undefined : parseDuration(def.timeout);
  return (timeout ?? RUNNER_LIMIT_MS[runner]) + LEASE_MARGIN_MS;
}

export function leaseLive(lease: Lease | undefined, now: Date): boolean {
  return lease !== undefined && Date.parse(lease.expiresAt) > now.getTime();
}

/**
 * Whether run `runId` holds the step: in progress under its lease, and when `now` is given, a
 * lease not yet expired (one that has could be taken over at any moment).
 */
export function holdsLease(step: StepState | undefined, runId: string, now?: Date): boolean {
  if (step?.status !== 'in_progress' || step.lease?.runId !== runId) return false;
  return now === undefined || leaseLive(step.lease, now);
}

/**
 * A result (complete, fail) that run `runId` reports for a step another run holds now — the step
 * was retried or judged abandoned and taken over — is refused, so a late job cannot overwrite its
 * successor's work. A report that names no run, or about a step no run holds, is judged by the
 * state machine alone.
 */
export function refuseStaleReport(mol: Molecule, stepId: string, runId: string | undefined): Result<void> {
  const step = mol.steps.find((s) => s.id === stepId);
  const holder = step?.status === 'in_progress' ? step.lease?.runId : undefined;
  if (runId === undefined || holder === undefined || holder === runId) return ok(undefined);
  return err(
    'stale-report',
    `run ${runId} reported step "${stepId}" of ${mol.id}, but run ${holder} holds it now; the report was ignored`,
  );
}

/**
 * A report that arrives from outside the step's own job (a `repository_dispatch` step report) is
 * stricter: while the step is leased, only the holding run may report its result. A report that
 * names no run could come from anyone who can dispatch, so it is refused instead of being left to
 * the state machine.
 */
export function refuseUnheldReport(mol: Molecule, stepId: string, runId: string | undefined): Result<void> {
  const step = mol.steps.find((s) => s.id === stepId);
  if (runId === undefined && step?.status === 'in_progress' && step.lease !== undefined) {
    const holder = step.lease.runId === undefined ? step.lease.holder : `run ${step.lease.runId}`;
    return err(
      'stale-report',
      `a report for step "${stepId}" of ${mol.id} names no run id, but ${holder} holds the step; the report was ignored`,
    );
  }
  return refuseStaleReport(mol, stepId, runId);
}
