import { didYouMean } from '../did-you-mean.js';
import type { Diagnostic, ErrorCode, MolError, Place } from '../errors.js';
import type { ParsedFormula } from '../formula/parsed-formula.js';

/** Formulas that cook may pull in by name (extends, expansions, aspects); loaded by the faces beforehand so cook stays pure. */
export interface FormulaLibrary {
  get(name: string): ParsedFormula | undefined;
  /** The names it holds, when it can list them: a name not found gets the near one. */
  names?(): string[];
}

export type KeyPath = readonly (string | number)[];

/** Where something cook works on was written: the formula file it came from and its key path there. */
export interface Origin {
  formula: ParsedFormula;
  path: KeyPath;
}

export function placeOf(origin: Origin, ...more: (string | number)[]): Place {
  const at = origin.formula.locate([...origin.path, ...more]);
  return { file: at.file ?? origin.formula.file, line: at.line, col: at.col };
}

/**
 * What one cook run gathers along the way: every error (cook reports them all, not just the
 * first), its own warnings, and the formulas it pulled from the library.
 */
export class CookContext {
  readonly errors: Diagnostic[] = [];
  readonly warnings: Diagnostic[] = [];
  readonly uses: string[] = [];

  constructor(private readonly library: FormulaLibrary | undefined) {}

  error(code: ErrorCode, message: string, place: Place): void {
    this.errors.push(withPlace({ severity: 'error', code, message }, place));
  }

  warn(code: ErrorCode, message: string, place: Place): void {
    this.warnings.push(withPlace({ severity: 'warning', code, message }, place));
  }

  /** A formula named by `role` (`extends`, `compose.expand`, `compose.aspects`); an error at `place` when the library lacks it. */
  load(name: string, role: string, place: Place): ParsedFormula | undefined {
    const found = this.library?.get(name);
    if (!found) {
      const where = this.library ? 'is known' : 'can be loaded (no formula library was given)';
      const near = didYouMean(name, this.library?.names?.() ?? []);
      this.error(
        'unknown-formula',
        `${role} names "${name}", but no formula by that name ${where}${near}`,
        place,
      );
      return undefined;
    }
    if (!this.uses.includes(name)) this.uses.push(name);
    return found;
  }
}

function withPlace(d: Diagnostic, place: Place): Diagnostic {
  const out: Diagnostic = { ...d };
  if (place.file !== undefined) out.file = place.file;
  if (place.line !== undefined) out.line = place.line;
  if (place.col !== undefined) out.col = place.col;
  return out;
}

/**
 * Every error as one value: the first one's code, place and sentence on top (what a single-line
 * report shows) and the full list, first included, in `diagnostics` when there is more than one.
 */
export function asMolError(errors: readonly Diagnostic[]): MolError {
  const [first] = errors as [Diagnostic, ...Diagnostic[]];
  const { severity: _severity, ...top } = first;
  return errors.length > 1 ? { ...top, diagnostics: [...errors] } : top;
}
