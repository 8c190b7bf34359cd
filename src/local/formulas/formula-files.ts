import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const FORMULA_SUFFIXES = ['.formula.toml', '.formula.json'] as const;

export function isFormulaFile(file: string): boolean {
  return FORMULA_SUFFIXES.some((suffix) => file.endsWith(suffix));
}

/** Every formula file under `dir` (recursively), sorted so output is stable. */
export function findFormulaFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === '.git') continue;
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (isFormulaFile(entry.name)) found.push(path);
    }
  };
  walk(dir);
  return found.sort();
}

export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export function readText(path: string): string {
  return readFileSync(path, 'utf8');
}
