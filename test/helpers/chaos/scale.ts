/**
 * How hard the reliability tests push. `npm test` runs them small; scripts/reliability.mjs sets
 * `FUZZ_RUNS` (fast-check cases per fuzzer) and `RELIABILITY_TRIALS` (randomized trials per
 * scenario) to the big numbers, or to the short CI ones with `--short`.
 */
function positive(value: string | undefined): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** fast-check runs for one fuzzer; `fallback` is what `npm test` uses. */
export function fuzzRuns(fallback = 300): number {
  return positive(process.env.FUZZ_RUNS) ?? fallback;
}

/** Randomized trials of one scenario; `fallback` is what `npm test` uses. */
export function trials(fallback: number): number {
  return positive(process.env.RELIABILITY_TRIALS) ?? fallback;
}

/**
 * Trials per fault profile: a tenth of the scenario trials (each fault run drives a whole
 * molecule, and the profiles multiply), or `RELIABILITY_FAULT_TRIALS`.
 */
export function faultTrials(): number {
  return positive(process.env.RELIABILITY_FAULT_TRIALS) ?? Math.max(1, Math.ceil(trials(1) / 10));
}

/** A test timeout that grows with the work asked of it. */
export function timeoutFor(units: number, msPerUnit: number, floorMs = 60_000): number {
  return Math.max(floorMs, Math.ceil(units * msPerUnit));
}

/** The seed `npm test` and the short CI run use, so they are deterministic. */
export const DEFAULT_SEED = 20_261_121;

/**
 * The seed of a randomized test: `RELIABILITY_SEED` replays one; `RELIABILITY_RANDOM_SEEDS=1`
 * (the full `npm run reliability`) draws a fresh one per call to explore; otherwise the default.
 * Every result line names its seed.
 */
export function seedOf(): number {
  const given = positive(process.env.RELIABILITY_SEED);
  if (given !== undefined) return given;
  return process.env.RELIABILITY_RANDOM_SEEDS === '1' ? Math.floor(Math.random() * 2 ** 31) : DEFAULT_SEED;
}

/**
 * The full run (`npm run reliability`, which sets RELIABILITY_FULL=1) takes every profile of a
 * scenario; `npm test` and the short CI run take the combined one, to stay within minutes.
 */
export function fullRun(): boolean {
  return process.env.RELIABILITY_FULL === '1';
}
