/**
 * `formula_search_path` of the repository's `.github/molecular.yml`, read from the working tree:
 * the folders where `mol` finds formulas beside `--formulas DIR`, as the App and the Action find
 * them on the default branch. A missing file or key is an empty path; an entry that is not a
 * folder inside the repository is a problem to report, never a folder to read.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { type Diagnostic, ok, type Result } from '../../engine/index.js';

export const CONFIG_FILE = '.github/molecular.yml';

export function configSearchPath(repoDir: string): Result<string[], Diagnostic> {
  const file = join(repoDir, CONFIG_FILE);
  if (!existsSync(file)) return ok([]);
  const text = readFileSync(file, 'utf8');
  const line = text.split('\n').findIndex((l) => l.startsWith('formula_search_path')) + 1 || 1;
  const invalid = (message: string) => ({
    ok: false as const,
    error: {
      severity: 'warning' as const,
      code: 'config-invalid' as const,
      message: `${message}; formula_search_path ignored`,
      file: CONFIG_FILE,
      line,
      col: 1,
    },
  });
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (e) {
    return invalid(`does not parse as YAML: ${(e as Error).message.split('\n')[0]}`);
  }
  const value = (doc as { formula_search_path?: unknown } | null)?.formula_search_path;
  if (value === undefined) return ok([]);
  if (!Array.isArray(value)) return invalid('formula_search_path is not a list of folders');
  const dirs: string[] = [];
  for (const entry of value) {
    if (typeof entry !== 'string' || entry === '' || entry.startsWith('/') || entry.split('/').includes('..'))
      return invalid(`formula_search_path: ${JSON.stringify(entry)} is not a folder inside the repository`);
    dirs.push(join(repoDir, entry));
  }
  return ok(dirs);
}
