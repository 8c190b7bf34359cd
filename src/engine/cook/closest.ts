/** The candidate nearest to `name` by edit distance, when near enough to be a likely typo. */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(1, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    if (Math.abs(candidate.length - name.length) > limit) continue;
    const d = editDistance(name, candidate, bestDistance);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** ` (did you mean "x"?)` or nothing, for the end of a message. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const near = closest(name, candidates);
  return near === undefined ? '' : ` (did you mean "${near}"?)`;
}

/** Edit distance counting a swap of two neighbours as one edit (typos swap), giving up once every path exceeds `cap`. */
function editDistance(a: string, b: string, cap: number): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let previousMin = 0;
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
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
  return previous[b.length] as number;
}
