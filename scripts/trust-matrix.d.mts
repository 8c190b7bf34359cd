/** Types for scripts/trust-matrix.mjs, so its test can call it from TypeScript. */
export interface TrustMatrixRow {
  defect: string;
  attack: string;
  stoppedBy: string;
  /** Test file → names of its test cases; null when another branch owns the defect's tests. */
  tests: Record<string, string[]> | null;
}
export declare const TRUST_MATRIX_FILE: string;
export declare function readTrustMatrix(root?: string): Promise<TrustMatrixRow[]>;
export declare function caseCount(row: TrustMatrixRow): number | undefined;
export declare function trustMatrixLines(rows: TrustMatrixRow[]): string[];
