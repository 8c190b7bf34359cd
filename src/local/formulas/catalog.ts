import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import {
  closest,
  descriptionFilesOf,
  didYouMean,
  err,
  formulaNameOfFile,
  type MolError,
  type ParsedFormula,
  parseFormula,
  type Result,
  withDescriptionFiles,
} from '../../engine/index.js';
import { builtinFormulaDir } from './builtins.js';
import { configSearchPath } from './config-search-path.js';
import { FORMULA_SUFFIXES, isFormulaFile, readText } from './formula-files.js';

/** By name, a formula is `<name>.formula.toml`, `.formula.json`, or Gas City's plain `<name>.toml`. */
const LOOKUP_SUFFIXES = [...FORMULA_SUFFIXES, '.toml'] as const;

/** Where a repository keeps formulas, as Molecular, Beads and `mol` itself name them. */
const REPO_FORMULA_DIRS = ['.github/formulas', '.beads/formulas', '.molecular/formulas'] as const;

/**
 * Formulas on the local disk, found by name the way Gas Town and Beads look them up: the folder
 * of the formula being cooked, then the search path given (`mol cook --formulas DIR`, as Gas City
 * composes packs), then the repository's formula folders, then the built-ins.
 * It is the engine's FormulaLibrary (cook resolves `extends`, `compose.expand` and aspects
 * through `get`), filled lazily and synchronously so cook stays pure.
 */
export class FormulaCatalog {
  private readonly cache = new Map<string, ParsedFormula | undefined>();
  /** Problems met while loading a formula by name (a broken parent is reported, not hidden). */
  readonly problems: MolError[] = [];

  constructor(readonly searchDirs: string[]) {}

  /**
   * The search order: `extraDirs` (the formula's own folder, `--formulas`), the repository's
   * formula folders, its config's `formula_search_path` (after them, as on GitHub), the built-ins.
   */
  static forRepo(repoDir: string | undefined, extraDirs: string[] = []): FormulaCatalog {
    const dirs = [...extraDirs];
    const problems: MolError[] = [];
    if (repoDir) {
      for (const rel of REPO_FORMULA_DIRS) dirs.push(join(repoDir, rel));
      const configured = configSearchPath(repoDir);
      if (configured.ok) dirs.push(...configured.value);
      else problems.push(configured.error);
    }
    dirs.push(builtinFormulaDir());
    const unique = dirs.filter((d, i) => dirs.indexOf(d) === i);
    const catalog = new FormulaCatalog(unique.filter((d) => existsSync(d)));
    catalog.problems.push(...problems);
    catalog.missingDirs = unique.filter((d) => !existsSync(d));
    return catalog;
  }

  /** Folders searched that do not exist, so "looked in" can name every place looked. */
  missingDirs: string[] = [];

  /** Where a formula of this name lives, if anywhere. */
  locate(name: string): string | undefined {
    for (const dir of this.searchDirs) {
      for (const suffix of LOOKUP_SUFFIXES) {
        const path = join(dir, `${name}${suffix}`);
        if (existsSync(path)) return path;
      }
    }
    return undefined;
  }

  get(name: string): ParsedFormula | undefined {
    if (this.cache.has(name)) return this.cache.get(name);
    const path = this.locate(name);
    let parsed: ParsedFormula | undefined;
    if (path) {
      const result = readFormulaFile(path, path);
      if (result.ok) parsed = result.value;
      else this.problems.push(result.error);
    }
    this.cache.set(name, parsed);
    return parsed;
  }

  /** Every formula name the catalog can see, for "did you mean" and listings. */
  names(): string[] {
    const names = new Set<string>();
    for (const dir of this.searchDirs) {
      for (const entry of safeList(dir)) {
        const suffix = LOOKUP_SUFFIXES.find((s) => entry.endsWith(s));
        if (suffix) names.add(entry.slice(0, -suffix.length));
      }
    }
    return [...names].sort();
  }
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** Every folder searched, relative to the repository where inside it; those missing say so. */
function lookedIn(catalog: FormulaCatalog, repoDir: string | undefined): string {
  const shown = (dir: string) => {
    if (dir === builtinFormulaDir()) return `${dir} (the built-ins)`;
    const rel = repoDir === undefined ? dir : relative(repoDir, dir);
    return rel.startsWith('..') || isAbsolute(rel) ? dir : rel;
  };
  const missing = catalog.missingDirs.map((d) => `${shown(d)} (missing)`);
  return [...catalog.searchDirs.map(shown), ...missing].join(', ');
}

/** A formula file parsed, its steps' `description_file`s read from beside it. */
function readFormulaFile(path: string, shownAs: string): Result<ParsedFormula> {
  const parsed = parseFormula(readText(path), shownAs);
  if (!parsed.ok) return parsed;
  return withDescriptionFiles(parsed.value, readDescriptionFiles(parsed.value, dirname(path)));
}

/** The texts of a formula's `description_file`s that can be read, by the name it gives them. */
export function readDescriptionFiles(formula: ParsedFormula, dir: string): Map<string, string> {
  const texts = new Map<string, string>();
  for (const file of descriptionFilesOf(formula)) {
    try {
      texts.set(file, readText(resolve(dir, file)));
    } catch {
      // Left out: withDescriptionFiles names the file at its key.
    }
  }
  return texts;
}

export interface LoadedFormula {
  parsed: ParsedFormula;
  path: string;
  catalog: FormulaCatalog;
}

/**
 * `mol cook hello` or `mol cook ./x.formula.toml`: a path that exists is read as a file; anything
 * else is a formula name looked up in the catalog.
 */
export function loadFormulaArg(
  arg: string,
  cwd: string,
  repoDir: string | undefined,
  searchDirs: readonly string[] = [],
): Result<LoadedFormula> {
  const asPath = resolve(cwd, arg);
  // A YAML file is read too, so that parsing names its format rather than "no formula named".
  const isFile = existsSync(asPath) && (isFormulaFile(asPath) || /\.(toml|json|ya?ml)$/i.test(asPath));
  const catalog = FormulaCatalog.forRepo(repoDir, [...(isFile ? [dirname(asPath)] : []), ...searchDirs]);
  if (!isFile && looksLikePath(arg)) return missingFormulaFile(arg, asPath, catalog);
  const path = isFile ? asPath : catalog.locate(arg);
  if (!path) {
    const known = catalog.names();
    return err(
      'unknown-formula',
      `no formula named "${arg}"${didYouMean(arg, known)} (looked in ${lookedIn(catalog, repoDir)}); known: ${known.join(', ')}`,
    );
  }
  const parsed = readFormulaFile(path, isFile ? arg : path);
  if (!parsed.ok) return parsed;
  return { ok: true, value: { parsed: parsed.value, path, catalog } };
}

/** A formula file's name or a relative or absolute path: a formula name has neither. */
function looksLikePath(arg: string): boolean {
  return /\.(toml|json)$/i.test(arg) || /^(\.{1,2}[\\/]|[\\/]|~)/.test(arg);
}

/**
 * `mol run ./formulas/helo.formula.toml`: the file is missing, which is what to say (not "no formula
 * named ./formulas/…"), with the file beside it or the formula it was probably meant to be.
 */
export function missingFormulaFile(
  arg: string,
  asPath: string,
  catalog: FormulaCatalog,
): { ok: false; error: MolError } {
  const what = existsSync(asPath) ? 'is not a formula file' : 'does not exist';
  const file = basename(asPath);
  // Compared by formula name, so the shared suffix does not make every file look near.
  const entries = new Map(
    safeList(dirname(asPath))
      .filter((entry) => entry !== file && /\.(toml|json)$/i.test(entry))
      .map((entry) => [formulaNameOfFile(entry), entry]),
  );
  const nearName = closest(formulaNameOfFile(file), entries.keys());
  const beside = nearName === undefined ? undefined : entries.get(nearName);
  const named = beside === undefined ? closest(formulaNameOfFile(file), catalog.names()) : undefined;
  const guess =
    beside !== undefined
      ? ` (did you mean ${arg.slice(0, arg.length - basename(arg).length)}${beside}?)`
      : named !== undefined
        ? ` (did you mean the formula "${named}"?)`
        : '';
  return err('not-found', `${arg} ${what}${guess}`);
}
