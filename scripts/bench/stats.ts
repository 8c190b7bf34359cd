export interface Row {
  name: string;
  value: number;
  unit: string;
  goal?: string;
  note?: string;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function timeIt(fn: () => unknown): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}
