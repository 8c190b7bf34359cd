import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package's `formulas/` folder. Found by walking up from this module, because the same code
 * runs from `src/` (tests), from `dist/` (the bundled CLI and Action) and from an installed
 * package, each at a different depth.
 */
export function builtinFormulaDir(from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  for (;;) {
    const candidate = join(dir, 'formulas');
    if (existsSync(join(candidate, 'hello.formula.toml'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error('the built-in formulas folder was not found beside the Molecular package');
    dir = parent;
  }
}
