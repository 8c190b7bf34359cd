/**
 * Formula text (TOML, or JSON as Beads also reads) to a validated `ParsedFormula`, or every
 * problem found, each with `file:line:col` and a sentence. Nothing here throws: a broken file is
 * an answer like any other.
 */
import type { Diagnostic, ErrorCode, MolError, Place, Result } from '../errors.js';
import { type FormulaInput, FormulaSchema } from './formula-schema.js';
import { explainIssues, where } from './issue-sentence.js';
import { scanJsonPositions } from './json-positions.js';
import { formatKeyPath, isTable, type KeyPath } from './key-path.js';
import { KeyPositions } from './key-positions.js';
import { didYouMeanKey } from './near-key.js';
import { findTooDeep, MAX_NESTING } from './nesting-limit.js';
import { otherTomlProblem, yamlFileProblem } from './not-a-formula.js';
import { type FormulaFormat, readDocument, withoutBom } from './parse-document.js';
import type { ParsedFormula } from './parsed-formula.js';
import { findRequiredWithDefault } from './required-default.js';
import { findRunPlaceholders } from './run-placeholders.js';
import type { Schema } from './schema-walk.js';
import { scanTomlPositions } from './toml-positions.js';
import { findUnknownKeys } from './unknown-keys.js';

export type { FormulaFormat } from './parse-document.js';

/** `.json` files are JSON; everything else (`.formula.toml`, `.toml`, no extension) is TOML. */
export function formatOfFile(file: string): FormulaFormat {
  return /\.json$/i.test(file) ? 'json' : 'toml';
}

/** `formulas/mol-x.formula.toml` -> `mol-x`: the name a formula takes when it declares none. */
export function formulaNameOfFile(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? '';
  return base.replace(/(\.formula)?\.(toml|json)$/i, '');
}

export function parseFormula(text: string, file: string, format?: FormulaFormat): Result<ParsedFormula> {
  try {
    return parseUnguarded(text, file, format);
  } catch (error) {
    // A bug of ours must still come back as a value the faces can print, never as a crash.
    const reason = error instanceof Error ? error.message : String(error);
    return fail(file, [
      {
        severity: 'error',
        code: 'internal-error',
        message: `Molecular could not read this formula because of an internal error (${reason}); please report it`,
        file,
        line: 1,
        col: 1,
      },
    ]);
  }
}

function parseUnguarded(input: unknown, file: string, format?: FormulaFormat): Result<ParsedFormula> {
  const name = typeof file === 'string' ? file : String(file);
  const kind: FormulaFormat = format === 'json' || format === 'toml' ? format : formatOfFile(name);
  if (typeof input !== 'string') {
    return fail(name, [
      { severity: 'error', code: 'not-text', message: 'the formula must be text', file: name },
    ]);
  }
  const yaml = yamlFileProblem(name);
  if (yaml) return fail(name, [{ severity: 'error', code: 'not-a-formula', message: yaml, file: name }]);
  const text = withoutBom(input);
  const read = readDocument(text, kind);
  if (!read.ok) return fail(name, [{ severity: 'error', ...read.error, file: name }]);
  const raw = read.value;
  const other = otherTomlProblem(name, raw);
  if (other) return fail(name, [{ severity: 'error', code: 'not-a-formula', message: other, file: name }]);

  let positions: KeyPositions | undefined;
  const locate = (path: readonly PropertyKey[]): Place => {
    positions ??= scanPositions(text, kind);
    return { file: name, ...positions.nearest(path) };
  };
  const diagnostic = (severity: Diagnostic['severity'], code: ErrorCode, path: KeyPath, message: string) => ({
    severity,
    code,
    message,
    ...locate(path),
  });

  const tooDeep = findTooDeep(raw);
  if (tooDeep) {
    const message = `${formatKeyPath(tooDeep)} nests tables and lists more than ${MAX_NESTING} levels deep; a formula may not nest that deep`;
    return fail(name, [diagnostic('error', 'too-deep', tooDeep, message)]);
  }

  const schema = FormulaSchema as unknown as Schema;
  const checked = FormulaSchema.safeParse(raw);
  const problems = checked.success ? [] : explainIssues(schema, raw, checked.error.issues);
  if (!checked.success && problems.length === 0) {
    // zod refused without a specific issue to explain: still say so rather than pass it through.
    const reason = checked.error.issues[0]?.message ?? 'it does not match the formula schema';
    problems.push({ code: 'invalid-value', path: [], message: `the formula is not valid: ${reason}` });
  }
  const errors: Diagnostic[] = [
    ...problems.map((problem) => diagnostic('error', problem.code, problem.path, problem.message)),
    ...findRequiredWithDefault(raw).map((p) =>
      diagnostic('error', 'var-required-with-default', p.path, p.message),
    ),
    ...findRunPlaceholders(raw).map((p) => diagnostic('error', 'var-in-run', p.path, p.message)),
  ];
  const warnings = findUnknownKeys(schema, raw).map((path) => {
    const key = String(path[path.length - 1]);
    const owner = path.length === 1 ? 'at the top level' : `in ${where(path.slice(0, -1))}`;
    return diagnostic(
      'warning',
      'unknown-key',
      path,
      `unknown key ${JSON.stringify(key)} ${owner} (ignored)${didYouMeanKey(schema, raw, path)}`,
    );
  });

  if (errors.length > 0 || !checked.success) return fail(name, [...byPlace(errors), ...byPlace(warnings)]);

  const data: FormulaInput = checked.data;
  const isOverlay = isTable(raw) && Object.keys(raw).length === 1 && Object.hasOwn(raw, 'step-overrides');
  if (data.formula === undefined) {
    const fromFile = formulaNameOfFile(name);
    if (fromFile !== '') data.formula = fromFile;
  }
  return {
    ok: true,
    value: { file: name, format: kind, data, warnings: byPlace(warnings), isOverlay, locate },
  };
}

/** Places are a courtesy: should the scanner ever fail, messages fall back to the start of the file. */
function scanPositions(text: string, kind: FormulaFormat): KeyPositions {
  try {
    return kind === 'json' ? scanJsonPositions(text) : scanTomlPositions(text);
  } catch {
    return new KeyPositions();
  }
}

/** The first error (in file order) is the MolError; every error and warning rides along in `diagnostics`. */
function fail(file: string, diagnostics: Diagnostic[]): { ok: false; error: MolError } {
  const first = diagnostics.find((d) => d.severity === 'error') ?? diagnostics[0];
  const error: MolError = {
    code: first?.code ?? 'invalid-formula',
    message: first?.message ?? 'the formula is not valid',
    file,
    diagnostics,
  };
  if (first?.line !== undefined) error.line = first.line;
  if (first?.col !== undefined) error.col = first.col;
  return { ok: false, error };
}

function byPlace(diagnostics: Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.col ?? 0) - (b.col ?? 0));
}
