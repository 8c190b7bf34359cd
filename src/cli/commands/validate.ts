import { dirname, resolve } from 'node:path';
import { cook } from '../../engine/cook/cook.js';
import { type Diagnostic, formatDiagnostic, type MolError } from '../../engine/errors.js';
import { parseFormula } from '../../engine/parse-formula.js';
import { FormulaCatalog } from '../../formulas/catalog.js';
import { findFormulaFiles, isDirectory, readText } from '../../formulas/formula-files.js';
import { JSON_OPTION, parse } from '../args.js';
import { type CliIO, EXIT } from '../io.js';
import { gitTopLevel } from '../repo.js';
import { usageError } from './cook.js';

export const usage = 'mol validate <file|dir>... [--json]';

export interface FileReport {
  file: string;
  diagnostics: Diagnostic[];
}

/** Parse and cook every formula found; one line per problem; exit 1 when any is an error. */
export function validateCommand(io: CliIO, argv: string[]): number {
  const args = parse(argv, { ...JSON_OPTION });
  if (!args.ok) return usageError(io, args.error.message, usage);
  const targets = args.value.positionals.length ? args.value.positionals : ['.'];
  const files: string[] = [];
  for (const target of targets) {
    const path = resolve(io.cwd, target);
    if (isDirectory(path)) files.push(...findFormulaFiles(path).map((f) => relativeTo(io.cwd, f)));
    else files.push(target);
  }
  const reports = files.map((file) => validateFile(io, file));
  const all = reports.flatMap((r) => r.diagnostics);
  const errors = all.filter((d) => d.severity === 'error').length;
  if (args.value.values.json) io.out(JSON.stringify(reports, null, 2));
  else for (const d of all) io.err(formatDiagnostic(d));
  io.err(`${files.length} formula${files.length === 1 ? '' : 's'} checked: ${errors} error${errors === 1 ? '' : 's'}, ${all.length - errors} warning${all.length - errors === 1 ? '' : 's'}`);
  return errors > 0 || files.length === 0 ? EXIT.failed : EXIT.ok;
}

export function validateFile(io: CliIO, file: string): FileReport {
  const path = resolve(io.cwd, file);
  let text: string;
  try {
    text = readText(path);
  } catch {
    return { file, diagnostics: [{ severity: 'error', code: 'unreadable', message: `${file} cannot be read`, file }] };
  }
  const parsed = parseFormula(text, file);
  if (!parsed.ok) return { file, diagnostics: asDiagnostics(parsed.error, file) };
  const catalog = FormulaCatalog.forRepo(gitTopLevel(io.cwd), [dirname(path)]);
  const cooked = cook(parsed.value, { library: catalog });
  const diagnostics = [...parsed.value.warnings];
  if (!cooked.ok) diagnostics.push(...asDiagnostics(cooked.error, file));
  else diagnostics.push(...cooked.value.warnings);
  return { file, diagnostics };
}

function asDiagnostics(error: MolError, file: string): Diagnostic[] {
  if (error.diagnostics?.length) return error.diagnostics;
  return [{ severity: 'error', code: error.code, message: error.message, file: error.file ?? file, line: error.line, col: error.col }];
}

function relativeTo(cwd: string, path: string): string {
  return path.startsWith(`${cwd}/`) ? path.slice(cwd.length + 1) : path;
}
