import { describe, expect, it } from 'vitest';
import {
  holdsLease,
  LEASE_MARGIN_MS,
  leaseLive,
  leaseTtlMs,
  RUNNER_LIMIT_MS,
  refuseStaleReport,
  refuseUnheldReport,
} from '../../../../src/engine/molecule/lease.js';
import { apply, at, chainProto, MIN, pourMol, run, stepOf, T0 } from '../../../helpers/engine-fixtures.js';

const proto = chainProto(2);
const started = (runId: string, ttlMs = 10 * MIN, now = T0) =>
  apply(
    proto,
    pourMol(proto).mol,
    { type: 'start', step: 's0', lease: { holder: `actions:${runId}`, runId, ttlMs } },
    now,
  ).mol;

describe('lease length', () => {
  it("is the step's timeout plus a margin, whoever runs it", () => {
    for (const runner of ['actions', 'local'] as const)
      expect(leaseTtlMs({ timeout: '30m' }, runner)).toBe(30 * MIN + LEASE_MARGIN_MS);
  });

  it("without a timeout is the runner's limit plus the margin: a job's 6 hours, a local run's day", () => {
    expect(leaseTtlMs({}, 'actions')).toBe(RUNNER_LIMIT_MS.actions + LEASE_MARGIN_MS);
    expect(leaseTtlMs({}, 'local')).toBe(RUNNER_LIMIT_MS.local + LEASE_MARGIN_MS);
    expect(RUNNER_LIMIT_MS.actions).toBe(6 * 60 * MIN);
    expect(leaseTtlMs({}, 'local')).toBeGreaterThan(leaseTtlMs({}, 'actions'));
  });

  it('ignores a timeout that is not a duration, as the schema would have refused it', () => {
    expect(leaseTtlMs({ timeout: 'soon' }, 'actions')).toBe(leaseTtlMs({}, 'actions'));
  });
});

describe('lease ownership', () => {
  it('belongs to the run that started the step, until the lease expires', () => {
    const mol = started('41');
    const step = stepOf(mol, 's0');
    expect(holdsLease(step, '41')).toBe(true);
    expect(holdsLease(step, '42')).toBe(false);
    expect(holdsLease(step, '41', at(9 * MIN))).toBe(true);
    expect(holdsLease(step, '41', at(10 * MIN))).toBe(false);
    expect(leaseLive(step.lease, at(10 * MIN - 1))).toBe(true);
    expect(leaseLive(step.lease, at(10 * MIN))).toBe(false);
    expect(leaseLive(undefined, T0)).toBe(false);
  });

  it('ends with the step: a completed step or a missing one is held by nobody', () => {
    const mol = run(proto, started('41'), [{ type: 'complete', step: 's0' }]);
    expect(holdsLease(stepOf(mol, 's0'), '41')).toBe(false);
    expect(holdsLease(undefined, '41')).toBe(false);
  });
});

describe('stale reports', () => {
  it('are refused when another run holds the step now', () => {
    const first = started('41');
    // Run 41 vanished; its lease expired and run 42 took the step over.
    const taken = apply(
      proto,
      first,
      { type: 'start', step: 's0', lease: { holder: 'actions:42', runId: '42', ttlMs: 10 * MIN } },
      at(11 * MIN),
    ).mol;
    const refused = refuseStaleReport(taken, 's0', '41');
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.code).toBe('stale-report');
      expect(refused.error.message).toContain('run 42 holds it now');
    }
    expect(refuseStaleReport(taken, 's0', '42').ok).toBe(true);
  });

  it('pass when they name no run, or no run holds the step (the state machine judges them)', () => {
    const mol = started('41');
    expect(refuseStaleReport(mol, 's0', undefined).ok).toBe(true);
    expect(refuseStaleReport(pourMol(proto).mol, 's0', '41').ok).toBe(true);
    expect(refuseStaleReport(mol, 'nope', '41').ok).toBe(true);
  });
});

describe('reports from outside the job (step reports)', () => {
  it('must name the run that holds a leased step: no run id is refused, like another run', () => {
    const mol = started('41');
    const anonymous = refuseUnheldReport(mol, 's0', undefined);
    expect(anonymous.ok).toBe(false);
    if (!anonymous.ok) {
      expect(anonymous.error.code).toBe('stale-report');
      expect(anonymous.error.message).toContain('names no run id, but run 41 holds the step');
    }
    expect(refuseUnheldReport(mol, 's0', '42').ok).toBe(false);
    expect(refuseUnheldReport(mol, 's0', '41').ok).toBe(true);
  });

  it('pass without a run id only where no run holds the step', () => {
    expect(refuseUnheldReport(pourMol(proto).mol, 's0', undefined).ok).toBe(true);
    const done = run(proto, started('41'), [{ type: 'complete', step: 's0' }]);
    expect(refuseUnheldReport(done, 's0', undefined).ok).toBe(true);
  });
});
