/**
 * The formulas that ship with Molecular (`formulas/`): a repository without a formula of that
 * name may still pour `hello`, `shiny`, ... No repository, and so no pull request, can change
 * them. Every face finds them here and pins them as `builtin@<the formula's version>`, so any face
 * can re-cook what another poured.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuiltinFormula, type BuiltinLookup, parseFormula } from '../../engine/index.js';

const SUFFIX = '.formula.toml';
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * The package's `formulas/` folder. Found by walking up from this module, because the same code
 * runs from `src/` (tests), from `dist/` (the bundled CLI and Action) and from an installed
 * package, each at a different depth.
 */
export function builtinFormulaDir(from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  for (;;) {
    const candidate = join(dir, 'formulas');
    if (existsSync(join(candidate, `hello${SUFFIX}`))) return candidate;
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error('the built-in formulas folder was not found beside the Molecular package');
    dir = parent;
  }
}

const found = new Map<string, BuiltinFormula | undefined>();

export const packageBuiltins: BuiltinLookup = (name) => {
  if (found.has(name)) return found.get(name);
  let builtin: BuiltinFormula | undefined;
  if (NAME.test(name) && !name.includes('..')) {
    try {
      const text = readFileSync(join(builtinFormulaDir(), `${name}${SUFFIX}`), 'utf8');
      const file = `formulas/${name}${SUFFIX}`;
      const parsed = parseFormula(text, file);
      builtin = { text, file, version: String(parsed.ok ? (parsed.value.data.version ?? 1) : 1) };
    } catch {
      builtin = undefined;
    }
  }
  found.set(name, builtin);
  return builtin;
};

/** The names of the built-in formulas, for replies that list what can be poured. */
export function builtinNames(): string[] {
  try {
    return readdirSync(builtinFormulaDir())
      .filter((f) => f.endsWith(SUFFIX))
      .map((f) => f.slice(0, -SUFFIX.length))
      .sort();
  } catch {
    return [];
  }
}
