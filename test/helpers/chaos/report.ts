/**
 * What a reliability test tried and what held, as one JSON line per result in the file named by
 * `RELIABILITY_REPORT` (scripts/reliability.mjs sets it and builds RELIABILITY.md from the lines).
 * Without the variable (a plain `npm test`) nothing is written: the assertions still run.
 */
import { appendFileSync } from 'node:fs';

export type ReliabilityArea = 'concurrency' | 'crash' | 'local-crash' | 'faults' | 'fuzz' | 'security';

export interface ReliabilityResult {
  area: ReliabilityArea;
  /** Short and stable: the row's name in the table. */
  name: string;
  /** What was tried, in a sentence. */
  tried: string;
  /** Trials, cases or checks run. */
  runs: number;
  /** Runs whose property did not hold (the test fails as well when this is not 0). */
  failures: number;
  /** Counters worth a column: lost updates, duplicate comments, double runs, retries... */
  counts?: Record<string, number>;
  /** What held, in a sentence. */
  held: string;
  durationMs?: number;
  /** Every failing case in a line, when there are more than `held` can name. */
  details?: string[];
  /**
   * Set while a defect this result shows is reported but not fixed (the test is \`it.fails\`, or
   * asserts only what still holds): RELIABILITY.md lists it as open instead of failing the run.
   */
  knownDefect?: string;
}

export function recordResult(result: ReliabilityResult): void {
  const file = process.env.RELIABILITY_REPORT;
  if (!file) return;
  // One appended line per result: small writes with O_APPEND do not interleave between test forks.
  appendFileSync(file, `${JSON.stringify(result)}\n`);
}

/** Times `fn` and records its result with the duration filled in. */
export async function timed<T>(fn: () => Promise<T> | T): Promise<{ value: T; durationMs: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, durationMs: Math.round(performance.now() - started) };
}
