import { formatDiagnostic } from '../../engine/index.js';
import {
  countErrors,
  type FileReport,
  formulaTargets,
  validateFormulaFile,
} from '../../local/formulas/validate-files.js';
import { JSON_OPTION, parse } from '../args.js';
import { type CliIO, EXIT } from '../io.js';
import { gitTopLevel } from '../repo.js';
import { usageError } from './cook.js';

export type { FileReport } from '../../local/formulas/validate-files.js';

export const usage = 'mol validate <file|dir>... [--json]';

/** Parse and cook every formula found; one line per problem; exit 1 when any is an error. */
export function validateCommand(io: CliIO, argv: string[]): number {
  const args = parse(argv, { ...JSON_OPTION });
  if (!args.ok) return usageError(io, args.error.message, usage);
  const targets = args.value.positionals.length ? args.value.positionals : ['.'];
  const files = formulaTargets(targets, io.cwd);
  const reports = files.map((file) => validateFile(io, file));
  const all = reports.flatMap((r) => r.diagnostics);
  const { errors, warnings } = countErrors(reports);
  if (args.value.values.json) io.out(JSON.stringify(reports, null, 2));
  else for (const d of all) io.err(formatDiagnostic(d));
  io.err(
    `${files.length} formula${files.length === 1 ? '' : 's'} checked: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`,
  );
  return errors > 0 || files.length === 0 ? EXIT.failed : EXIT.ok;
}

export function validateFile(io: CliIO, file: string): FileReport {
  return validateFormulaFile(file, { cwd: io.cwd, repoDir: gitTopLevel(io.cwd) });
}
