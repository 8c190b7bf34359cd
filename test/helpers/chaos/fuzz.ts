/**
 * A fuzzer as the reliability report counts it: fast-check runs a property `runs` times; any
 * thrown exception or failed check is a failure, recorded with its seed and counterexample so
 * `RELIABILITY_SEED` can replay it. The test then fails with fast-check's own report.
 */
import fc from 'fast-check';
import type { MolError, Result } from '../../../src/engine/errors.js';
import { recordResult } from './report.js';

export interface FuzzSpec<T> {
  name: string;
  tried: string;
  held: string;
  runs: number;
  seed: number;
  arbitrary: fc.Arbitrary<T>;
  /** Throws (an expect) when the property does not hold. */
  check: (value: T) => void;
}

/** Runs the fuzzer, records it, and returns fast-check's details (the caller asserts on `failed`). */
export function runFuzz<T>(spec: FuzzSpec<T>): fc.RunDetails<[T]> {
  const started = performance.now();
  const details = fc.check(
    fc.property(spec.arbitrary, (value) => spec.check(value)),
    {
      numRuns: spec.runs,
      seed: spec.seed,
      // A shrunk counterexample is worth the time only when something failed; keep it bounded.
      endOnFailure: false,
    },
  );
  recordResult({
    area: 'fuzz',
    name: spec.name,
    tried: spec.tried,
    runs: details.numRuns,
    failures: details.failed ? 1 : 0,
    held: details.failed
      ? `FAILED (seed ${spec.seed}): ${String(details.errorInstance).slice(0, 300)}`
      : spec.held,
    durationMs: Math.round(performance.now() - started),
  });
  return details;
}

/** fast-check's failure report, for the test's message. */
export function describeFailure<T>(details: fc.RunDetails<[T]>): string {
  if (!details.failed) return '';
  return `seed ${details.seed}, path ${details.counterexamplePath}: ${String(details.errorInstance)}\ncounterexample: ${JSON.stringify(details.counterexample)?.slice(0, 2000)}`;
}

const CODE = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/**
 * "Always a typed error": a Result whose failure carries a kebab-case code (never an internal
 * one), a sentence, and places that are positive numbers when present.
 */
export function assertTypedResult(result: Result<unknown, MolError>, what: string): void {
  if (typeof result !== 'object' || result === null || typeof result.ok !== 'boolean') {
    throw new Error(`${what}: not a Result: ${String(result)}`);
  }
  if (result.ok) return;
  const e = result.error;
  if (typeof e.code !== 'string' || !CODE.test(e.code))
    throw new Error(`${what}: untyped error code ${JSON.stringify(e.code)}`);
  if (/internal|unexpected/.test(e.code)) throw new Error(`${what}: internal error ${e.code}: ${e.message}`);
  if (typeof e.message !== 'string' || e.message.trim().length === 0)
    throw new Error(`${what}: error ${e.code} without a sentence`);
  for (const n of [e.line, e.col]) {
    if (n !== undefined && !(Number.isInteger(n) && n >= 1))
      throw new Error(`${what}: error ${e.code} at a bad place ${e.line}:${e.col}`);
  }
}
