import { formatDiagnostic } from '../../engine/index.js';
import {
  countErrors,
  type FileReport,
  formulaTargets,
  validateFormulaFile,
} from '../../local/formulas/validate-files.js';
import { type CliIO, EXIT } from '../io.js';
import { json } from '../options.js';
import { printJson } from '../print-json.js';
import { gitTopLevel } from '../repo.js';
import { defineVerb, type VerbCall } from '../verb-spec.js';

export type { FileReport } from '../../local/formulas/validate-files.js';

export const validate = defineVerb({
  name: 'validate',
  summary: 'check formula files and folders (default: the current folder)',
  args: [{ name: 'file|dir', variadic: true, complete: 'file' }],
  options: [json('one report per file (the summary line stays on stderr)')],
  examples: ['mol validate .github/formulas/'],
  run: validateCommand,
});

/** Parse and cook every formula found; one line per problem; exit 1 when any is an error. */
function validateCommand({ io, values, positionals }: VerbCall): number {
  const targets = positionals.length ? positionals : ['.'];
  const files = formulaTargets(targets, io.cwd);
  const reports = files.map((file) => validateFile(io, file));
  const all = reports.flatMap((r) => r.diagnostics);
  const { errors, warnings } = countErrors(reports);
  const printed = values.json ? printJson(io, values.json, reports) : EXIT.ok;
  if (!values.json) for (const d of all) io.err(formatDiagnostic(d));
  io.err(
    `${files.length} formula${files.length === 1 ? '' : 's'} checked: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`,
  );
  return errors > 0 || files.length === 0 ? EXIT.failed : printed;
}

export function validateFile(io: CliIO, file: string): FileReport {
  return validateFormulaFile(file, { cwd: io.cwd, repoDir: gitTopLevel(io.cwd) });
}
