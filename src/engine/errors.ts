/**
 * Errors are values: a code a program can branch on, a place a person can open, and a sentence
 * they can act on. Nothing in the engine throws for bad input; it returns one of these.
 */
export type Severity = 'error' | 'warning';

/**
 * Every code an error or diagnostic may carry. One list, so a program branching on a code is
 * checked by the compiler: a misspelt code is a type error, not a branch that never runs.
 */
export const ERROR_CODES = [
  'advice-no-match',
  'agent-failed',
  'already-handled',
  'already-running',
  'archive-missing',
  'attempt-alive',
  'bad-argument',
  'bad-condition',
  'bad-default',
  'bad-extends',
  'bad-pattern',
  'blob-missing',
  'branch-checked-out',
  'check-run-invalid',
  'condition-unknown-var',
  'config-invalid',
  'conflict',
  'cycle',
  'description-file',
  'dirty-worktree',
  'dispatch-invalid',
  'dispatch-refused',
  'duplicate-step',
  'effect-failed',
  'empty-formula',
  'empty-proto',
  'env-invalid',
  'event-invalid',
  'exists',
  'extends-cycle',
  'fanout-output',
  'force-required',
  'formula-unloadable',
  'gate-failed',
  'git-config-changed',
  'git-failed',
  'github-error',
  'head-moved',
  'idle-timeout-without-agent',
  'in-progress',
  'input-invalid',
  'internal-error',
  'invalid-branch',
  'invalid-formula',
  'invalid-formula-name',
  'invalid-id',
  'invalid-json',
  'invalid-proto',
  'invalid-remote',
  'invalid-state',
  'invalid-transition',
  'invalid-value',
  'json-syntax',
  'label-failed',
  'lease-held',
  'lock-failed',
  'lock-held',
  'lock-lost',
  'lock-release-failed',
  'lock-timeout',
  'loop-conflict',
  'loop-limit',
  'merge-conflict',
  'merge-failed',
  'missing-argument',
  'missing-key',
  'missing-var',
  'mutator-threw',
  'needs-proto',
  'no-active-molecule',
  'no-approval-gate',
  'no-base',
  'no-commit',
  'no-overlays',
  'no-proto',
  'no-run',
  'no-subject',
  'not-a-file',
  'not-a-formula',
  'not-a-repository',
  'not-a-wisp',
  'not-an-aspect',
  'not-an-expansion',
  'not-an-overlay',
  'not-expired',
  'not-found',
  'not-supported',
  'not-text',
  'on-changes-requested-ignored',
  'on-fail-not-upstream',
  'overlay-alone',
  'overlay-missing',
  'permission-denied',
  'pin-failed',
  'proto-mismatch',
  'push-failed',
  'report-unauthenticated',
  'reported',
  'rollback-would-drop-commits',
  'rollback-would-lose-work',
  'run-and-agent',
  'seal-broken',
  'spawn-failed',
  'stale-read',
  'stale-report',
  'state-corrupt',
  'state-invalid',
  'state-missing',
  'state-too-large',
  'state-untrusted',
  'state-version',
  'step-budget',
  'step-command-failed',
  'step-idle',
  'step-timeout',
  'store-io',
  'toml-syntax',
  'too-deep',
  'too-many-commands',
  'unchanged',
  'unexpected-argument',
  'unknown-base',
  'unknown-branch',
  'unknown-command',
  'unknown-formula',
  'unknown-key',
  'unknown-molecule',
  'unknown-need',
  'unknown-on-changes-requested',
  'unknown-on-fail',
  'unknown-pr-step',
  'unknown-ref',
  'unknown-step',
  'unknown-target',
  'unknown-type',
  'unknown-var',
  'unreadable',
  'unterminated-quote',
  'usage',
  'var-collision',
  'var-enum',
  'var-in-run',
  'var-invalid',
  'var-pattern',
  'var-required-with-default',
  'vars-invalid',
  'workflow-missing',
  'write-lost',
  'wrong-repo',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface Place {
  file?: string;
  line?: number;
  col?: number;
}

export interface Diagnostic extends Place {
  severity: Severity;
  code: ErrorCode;
  message: string;
}

export interface MolError extends Place {
  code: ErrorCode;
  message: string;
  /** Every problem found, this one first (a formula with several errors reports them all). */
  diagnostics?: Diagnostic[];
}

export type Result<T, E = MolError> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const err = (code: ErrorCode, message: string, place: Place = {}): { ok: false; error: MolError } => ({
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
  readonly code: ErrorCode;
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
