/**
 * Errors are values: a code a program can branch on, a place a person can open, and a sentence
 * they can act on. Nothing in the engine throws for bad input; it returns one of these.
 */
export type Severity = 'error' | 'warning';

export interface Place {
  file?: string;
  line?: number;
  col?: number;
}

export interface Diagnostic extends Place {
  severity: Severity;
  code: string;
  message: string;
}

export interface MolError extends Place {
  code: string;
  message: string;
  /** Every problem found, this one first (a formula with several errors reports them all). */
  diagnostics?: Diagnostic[];
}

export type Result<T, E = MolError> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const err = (code: string, message: string, place: Place = {}): { ok: false; error: MolError } => ({
  ok: false,
  error: { code, message, ...place },
});

/** `file:line:col: error: message`, the shape compilers use so editors can jump to it. */
export function formatDiagnostic(d: Diagnostic | MolError, severity: Severity = 'error'): string {
  const sev = 'severity' in d ? d.severity : severity;
  const where = [d.file ?? '<input>', d.line ?? 1, d.col ?? 1].join(':');
  return `${where}: ${sev}: ${d.message}`;
}

/** Throwable wrapper for the faces (CLI, app) that prefer exceptions at their edges. */
export class MolecularError extends Error {
  readonly code: string;
  readonly place: Place;
  readonly diagnostics: Diagnostic[];
  constructor(error: MolError) {
    super(error.message);
    this.name = 'MolecularError';
    this.code = error.code;
    this.place = { file: error.file, line: error.line, col: error.col };
    this.diagnostics = error.diagnostics ?? [];
  }
}

export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new MolecularError(result.error);
  return result.value;
}
