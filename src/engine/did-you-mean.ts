/**
 * "Did you mean": the candidate nearest a mistyped name, for formula errors (a need, a var, an
 * overlay's step), `/mol` verbs and flags, and step ids in commands. One edit distance for all.
 */

/**
 * Damerau-Levenshtein distance (optimal string alignment) over code points: insertions,
 * deletions, substitutions and a swap of two neighbours (the most common typo, `stauts`) each
 * count one. Past `cap` it may stop early: the answer is then only known to exceed `cap`.
 */
export function editDistance(a: string, b: string, cap = Number.POSITIVE_INFINITY): number {
  const x = Array.from(a);
  const y = Array.from(b);
  let before: number[] = [];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  let previousMin = 0;
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        value = Math.min(value, (before[j - 2] as number) + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    // A swap reaches back two rows, so give up only when two rows in a row exceed the cap.
    if (rowMin > cap && previousMin > cap) return cap + 1;
    previousMin = rowMin;
    before = previous;
    previous = current;
  }
  return previous[y.length] as number;
}

/** A typo changes about one letter in three: more than that is another word. */
const typoLimit = (word: string) => Math.max(1, Math.floor(Array.from(word).length / 3));

/** The candidate nearest `word` within `maxDistance` edits (ties go to the earlier one), if any. */
export function closest(
  word: string,
  candidates: Iterable<string>,
  maxDistance = typoLimit(word),
): string | undefined {
  const length = Array.from(word).length;
  let best: string | undefined;
  let bestDistance = maxDistance + 1;
  for (const candidate of candidates) {
    // A candidate much longer or shorter cannot be near: skip the quadratic work.
    if (Math.abs(Array.from(candidate).length - length) > maxDistance) continue;
    const distance = editDistance(word, candidate, bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** ` (did you mean "x"?)` or nothing, for the end of a message. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const near = closest(word, candidates);
  return near === undefined ? '' : ` (did you mean "${near}"?)`;
}
