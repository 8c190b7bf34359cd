/**
 * Checking formula files on disk: parse, then cook against the catalog a pour would use (the
 * file's own folder, the repository's formula folders, the built-ins), so `extends` and
 * expansions are checked too. One path for `mol validate` and the Action's `lint` mode; each
 * face only decides how to show the diagnostics (lines on stderr, annotations on a pull request).
 */
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { cook, type Diagnostic, type MolError, parseFormula } from '../../engine/index.js';
import { FormulaCatalog, missingFormulaFile } from './catalog.js';
import { findFormulaFiles, isDirectory, readText } from './formula-files.js';

export interface FileReport {
  /** As shown in diagnostics: relative to the caller's folder when inside it. */
  file: string;
  diagnostics: Diagnostic[];
}

export interface ValidateOptions {
  /** Relative targets are resolved here, and files under it are named relative to it. */
  cwd: string;
  /** The repository whose formula folders `extends` may reach; undefined outside one. */
  repoDir?: string;
}

/** The formula files a list of targets names: folders are searched, anything else is taken as a file. */
export function formulaTargets(targets: string[], cwd: string): string[] {
  const files: string[] = [];
  for (const target of targets) {
    const path = resolve(cwd, target);
    if (isDirectory(path)) files.push(...findFormulaFiles(path).map((f) => relativeTo(cwd, f)));
    else files.push(target);
  }
  return files;
}

export function validateFormulaFile(file: string, options: ValidateOptions): FileReport {
  const path = resolve(options.cwd, file);
  let text: string;
  try {
    text = readText(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      const { message } = missingFormulaFile(file, path, FormulaCatalog.forRepo(options.repoDir)).error;
      return { file, diagnostics: [{ severity: 'error', code: 'not-found', message, file }] };
    }
    return {
      file,
      diagnostics: [{ severity: 'error', code: 'unreadable', message: `${file} cannot be read`, file }],
    };
  }
  const parsed = parseFormula(text, file);
  if (!parsed.ok) return { file, diagnostics: asDiagnostics(parsed.error, file) };
  const catalog = FormulaCatalog.forRepo(options.repoDir, [dirname(path)]);
  const cooked = cook(parsed.value, { library: catalog });
  const diagnostics = [...parsed.value.warnings];
  if (!cooked.ok) diagnostics.push(...asDiagnostics(cooked.error, file));
  else diagnostics.push(...cooked.value.warnings);
  return { file, diagnostics };
}

export function validateFormulaFiles(targets: string[], options: ValidateOptions): FileReport[] {
  return formulaTargets(targets, options.cwd).map((file) => validateFormulaFile(file, options));
}

export function countErrors(reports: FileReport[]): { errors: number; warnings: number } {
  const all = reports.flatMap((r) => r.diagnostics);
  const errors = all.filter((d) => d.severity === 'error').length;
  return { errors, warnings: all.length - errors };
}

function asDiagnostics(error: MolError, file: string): Diagnostic[] {
  if (error.diagnostics?.length) return error.diagnostics;
  return [
    {
      severity: 'error',
      code: error.code,
      message: error.message,
      file: error.file ?? file,
      line: error.line,
      col: error.col,
    },
  ];
}

function relativeTo(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  return rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}
