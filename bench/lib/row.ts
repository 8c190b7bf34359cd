/** One measured row of the issue-14 table (see bench/README.md for how rows and anchors meet). */
export interface ScaleRow {
  name: string;
  value: number;
  unit: string;
  goal?: string;
  note?: string;
  /** Which LangGraph anchor this row is compared with (bench/anchors/langgraph.mjs). */
  anchor?: 'pure' | 'durable' | 'encode';
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
