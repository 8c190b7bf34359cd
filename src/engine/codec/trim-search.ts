/**
 * The fewest history entries to drop so the body fits, in a handful of compressions rather than
 * one per entry. Size falls almost linearly with the entries dropped, so interpolating between a
 * size that is too big and one that fits lands near the answer; bisection takes over when an
 * interpolation makes little progress. `lo` is known not to fit, `hi` known to fit.
 */
export interface Probe<T> {
  bytes: number;
  value: T;
}

export function fewestToDrop<T>(
  lo: { count: number; bytes: number },
  hi: { count: number; probe: Probe<T> },
  budget: number,
  measure: (count: number) => Probe<T>,
  maxProbes = 10,
): { count: number; probe: Probe<T> } {
  let low = lo;
  let high = hi;
  for (let probes = 0; probes < maxProbes && high.count - low.count > 1; probes++) {
    const span = high.count - low.count;
    const excess = low.bytes - budget;
    const slope = (low.bytes - high.probe.bytes) / span;
    let guess = slope > 0 ? low.count + Math.ceil(excess / slope) : low.count + Math.floor(span / 2);
    // Alternate with bisection so a curved size function cannot stall the search at one end.
    if (probes % 3 === 2) guess = low.count + Math.floor(span / 2);
    guess = Math.min(high.count - 1, Math.max(low.count + 1, guess));
    const probe = measure(guess);
    if (probe.bytes <= budget) high = { count: guess, probe };
    else low = { count: guess, bytes: probe.bytes };
  }
  return high;
}
