/**
 * An engine or adapter error as markdown for a reply: the sentence, and when a formula had
 * several problems, each on its own line with its place (`file:line:col`), the way `mol validate`
 * prints them.
 */
import { formatDiagnostic, type MolError } from '../../engine/index.js';

export function describeError(error: MolError): string {
  const all = error.diagnostics?.filter((d) => d.severity === 'error') ?? [];
  if (all.length <= 1) return error.file ? `\`${formatDiagnostic(error)}\`` : error.message;
  return [
    `${all.length} problems:`,
    ...all.map((d) => `  - ${d.file ? `\`${formatDiagnostic(d)}\`` : d.message}`),
  ].join('\n');
}
