/**
 * `lint` mode: every formula under `formulas-path`, parsed and cooked as `mol validate` does, each
 * problem an annotation at its file and line (GitHub shows it on the pull request's diff), and a
 * failing job when any is an error.
 */
import { join } from 'node:path';
import { formatDiagnostic } from '../../engine/index.js';
import { isDirectory } from '../../local/formulas/formula-files.js';
import { countErrors, validateFormulaFiles } from '../../local/formulas/validate-files.js';
import type { ActionIO, ModeResult } from '../action-io.js';

export interface LintOptions {
  io: ActionIO;
  /** The checkout; annotation paths are relative to it. */
  workspace: string;
  formulasPath: string;
}

export async function lintMode(options: LintOptions): Promise<ModeResult> {
  const { io, workspace, formulasPath } = options;
  if (!isDirectory(join(workspace, formulasPath))) {
    return {
      outputs: { status: 'failed' },
      failure: `formulas-path "${formulasPath}" is not a folder of the checkout; check out the repository first (actions/checkout) or set formulas-path`,
    };
  }
  const reports = validateFormulaFiles([formulasPath], { cwd: workspace, repoDir: workspace });
  for (const d of reports.flatMap((r) => r.diagnostics)) {
    const place = {
      ...(d.file === undefined ? {} : { file: d.file }),
      ...(d.line === undefined ? {} : { line: d.line }),
      ...(d.col === undefined ? {} : { col: d.col }),
    };
    if (d.severity === 'error') io.error(d.message, place);
    else io.warning(d.message, place);
  }
  const { errors, warnings } = countErrors(reports);
  const line = `${reports.length} formula${reports.length === 1 ? '' : 's'} checked in ${formulasPath}: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`;
  io.info(line);
  await io.summary(
    lintSummary(
      line,
      reports.flatMap((r) => r.diagnostics).map((d) => formatDiagnostic(d)),
    ),
  );
  if (errors > 0) return { outputs: { status: 'failed' }, failure: line };
  return { outputs: { status: 'passed' } };
}

function lintSummary(line: string, problems: string[]): string {
  const list = problems.map((p) => `- \`${p.replace(/`/g, "'")}\``);
  return ['### Molecular formulas', '', line, ...(list.length > 0 ? ['', ...list] : []), ''].join('\n');
}
