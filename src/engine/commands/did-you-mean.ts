/**
 * Damerau-Levenshtein distance (optimal string alignment): edits, counting a swap of two
 * neighbouring letters as one, the most common typo in a verb (`stauts`).
 */
export function editDistance(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  const d: number[][] = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const prev = d[i - 1] as number[];
      let best = Math.min(
        (prev[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (prev[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        best = Math.min(best, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = best;
    }
  }
  return (d[x.length] as number[])[y.length] as number;
}

/** The closest candidate within `maxDistance` edits (ties go to the earlier candidate), if any. */
export function didYouMean(word: string, candidates: readonly string[], maxDistance = 2): string | undefined {
  let best: string | undefined;
  let bestDistance = maxDistance + 1;
  const length = Array.from(word).length;
  for (const candidate of candidates) {
    // Long garbage cannot be near a short verb; skip the quadratic work.
    if (Math.abs(Array.from(candidate).length - length) > maxDistance) continue;
    const distance = editDistance(word, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
