/**
 * Where formulas come from, as a port (like the molecule store): a local git repository and a
 * GitHub repository each implement it, and the shell pours and re-cooks through it alone, so the
 * rules of pinning and re-cooking exist once whichever face runs them.
 */
import type { FormulaLibrary } from '../cook/cook-context.js';
import type { MolError, Result } from '../errors.js';
import type { ParsedFormula } from '../formula/parsed-formula.js';
import type { BlobPin, FormulaRef } from './molecule-schema.js';

/** A formula that ships with Molecular itself: no repository, and so no pull request, can change it. */
export interface BuiltinFormula {
  text: string;
  /** Shown in messages (`formulas/hello.formula.toml`). */
  file: string;
  /** The formula's own `version`: pinned as `builtin@<version>`. */
  version: string;
}

export type BuiltinLookup = (name: string) => BuiltinFormula | undefined;

/** A formula asked for by name, with what it may pull in; pinned only when it is poured. */
export interface ResolvedFormula {
  root: ParsedFormula;
  library: FormulaLibrary;
  overlays: ParsedFormula[];
  /** Formulas found by name that could not be read, told beside the cook's warnings. */
  problems: MolError[];
  /**
   * The molecule's `formula`: the root (`named` as the cook named it), the formulas the cook
   * `used`, the overlays, each pinned.
   */
  pin(named: string, used: readonly string[]): Promise<Result<FormulaRef>>;
}

export interface FormulaSource {
  /** The repository the pins belong to: the same pin in two repositories is two formulas. */
  readonly scope: string;
  /** A pinned formula's bytes, by blob sha: they never change. */
  readBlob(pin: BlobPin): Promise<Result<string>>;
  builtin: BuiltinLookup;
  /** The formula a pour or a cook names (a local source also takes a path), with its overlays' files. */
  resolve(name: string, overlays?: readonly string[]): Promise<Result<ResolvedFormula>>;
}

export const builtinPin = (version: string | number | undefined): `builtin@${string}` =>
  `builtin@${version ?? 1}`;
