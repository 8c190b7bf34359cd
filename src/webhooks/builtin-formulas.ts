/**
 * The package's built-in formulas (`formulas/`) as the adapter's BuiltinLookup: a repository
 * without `.github/formulas/<name>.formula.toml` may still pour `hello`, `shiny`, ... They ship
 * with Molecular itself, not with the repository, so no pull request can change them. Pinned as
 * `builtin@<formula version>`, the way the CLI pins them, so either face can load the other's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtinFormulaDir } from '../formulas/builtin-dir.js';
import type { BuiltinFormula, BuiltinLookup } from '../github/formula-library.js';
import { checkFormulaName } from '../github/formula-source.js';

const cache = new Map<string, BuiltinFormula | undefined>();

export const packageBuiltins: BuiltinLookup = (name) => {
  if (cache.has(name)) return cache.get(name);
  let found: BuiltinFormula | undefined;
  if (checkFormulaName(name).ok) {
    const file = join(builtinFormulaDir(), `${name}.formula.toml`);
    try {
      const text = readFileSync(file, 'utf8');
      found = { text, file: `formulas/${name}.formula.toml`, version: versionOf(text) };
    } catch {
      found = undefined;
    }
  }
  cache.set(name, found);
  return found;
};

/** The top-level `version = N` line; cheaper than parsing the formula for one number. */
function versionOf(text: string): string {
  const match = /^version\s*=\s*"?([\w.-]+)"?\s*$/m.exec(text);
  return match?.[1] ?? '1';
}

/** The names of the built-in formulas, for replies that list what can be poured. */
export function builtinNames(): string[] {
  try {
    return readdirSync(builtinFormulaDir())
      .filter((f) => f.endsWith('.formula.toml'))
      .map((f) => f.slice(0, -'.formula.toml'.length))
      .sort();
  } catch {
    return [];
  }
}
