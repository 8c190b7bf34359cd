/**
 * The formulas a cook may pull in (`extends`, `compose.expand`, `compose.aspects`), fetched from
 * the default branch before cook runs, because cook is pure and looks them up synchronously
 * (the engine's `FormulaLibrary`). The repository's folder comes first, the package's built-in
 * formulas after; the faces hand the built-ins in, so this module never reads the local disk.
 * Every formula remembers where it came from, to pin the molecule (`formula.source`, `pins`).
 */
import type { FormulaLibrary } from '../engine/cook/cook-context.js';
import { err, type MolError, ok, type Result } from '../engine/errors.js';
import { parseFormula } from '../engine/formula/parse-formula.js';
import type { ParsedFormula } from '../engine/formula/parsed-formula.js';
import type { BlobPin, FormulaRef } from '../engine/molecule/molecule-schema.js';
import type { GitHubClient, RepoRef } from './client.js';
import { checkFormulaName, type FormulaLocation, listFormulas } from './formula-source.js';
import { loadBlob } from './repo-file.js';

export interface BuiltinFormula {
  text: string;
  /** Shown in messages (`formulas/hello.formula.toml`). */
  file: string;
  /** The package version: pinned as `builtin@<version>`. */
  version: string;
}

export type BuiltinLookup = (name: string) => BuiltinFormula | undefined;

export type FormulaPin = BlobPin | `builtin@${string}`;

export interface LibraryEntry {
  parsed: ParsedFormula;
  /** Where it came from; an ad-hoc molecule's inline formula has no file to pin. */
  pin: FormulaRef['source'];
}

export class GitHubFormulaLibrary implements FormulaLibrary {
  /** Referenced formulas that exist but could not be parsed (cook then reports them unknown). */
  readonly problems: MolError[] = [];

  constructor(private readonly entries: Map<string, LibraryEntry>) {}

  get(name: string): ParsedFormula | undefined {
    return this.entries.get(name)?.parsed;
  }

  pinOf(name: string): FormulaRef['source'] | undefined {
    return this.entries.get(name)?.pin;
  }

  /** The `pins` of a FormulaRef: every formula but the root, by name. */
  pins(root: string): Record<string, FormulaPin> {
    const pins: Record<string, FormulaPin> = {};
    for (const [name, { pin }] of this.entries) {
      if (name !== root && (typeof pin === 'string' || 'blobSha' in pin)) pins[name] = pin as FormulaPin;
    }
    return pins;
  }

  names(): string[] {
    return [...this.entries.keys()].sort();
  }
}

/** The formula names a formula pulls in. */
export function referencedFormulas(formula: ParsedFormula): string[] {
  const data = formula.data;
  const parents = data.extends === undefined ? [] : [data.extends].flat();
  const expansions = (data.compose?.expand ?? []).map((rule) => rule.with);
  return [...new Set([...parents, ...expansions, ...(data.compose?.aspects ?? [])])];
}

const MAX_FORMULAS = 64;

export interface FormulaLibraryOptions extends FormulaLocation {
  builtin?: BuiltinLookup;
}

export interface LoadedFormula {
  root: ParsedFormula;
  /** `formula` for the molecule: source and pins as read now. */
  ref: FormulaRef;
  library: GitHubFormulaLibrary;
}

/**
 * The formula `name` and every formula it reaches, from the default branch (built-ins behind).
 * Calls: 1 to list the folder, then 1 per formula file not yet in this process's blob cache.
 */
export async function loadFormulaLibrary(
  octokit: GitHubClient,
  repo: RepoRef,
  name: string,
  options: FormulaLibraryOptions,
): Promise<Result<LoadedFormula>> {
  const checked = checkFormulaName(name);
  if (!checked.ok) return checked;
  const listed = await listFormulas(octokit, repo, options);
  const fetchOne = async (wanted: string): Promise<Result<LibraryEntry> | undefined> => {
    const entry = listed.get(wanted);
    if (entry) {
      const text = await loadBlob(octokit, repo, entry.sha);
      if (!text.ok) return text;
      const parsed = parseFormula(text.value, entry.path, entry.format);
      return parsed.ok ? ok({ parsed: parsed.value, pin: { path: entry.path, blobSha: entry.sha } }) : parsed;
    }
    return fromBuiltin(wanted, options.builtin);
  };
  const root = await fetchOne(name);
  if (root === undefined) {
    const known = [...new Set([...listed.keys()])].sort();
    return err(
      'unknown-formula',
      `there is no formula "${name}" in ${options.formulasPath ?? '.github/formulas'} on ${options.defaultBranch} or among the built-ins${known.length ? `; the repository has: ${known.join(', ')}` : ''}`,
    );
  }
  if (!root.ok) return root;
  const library = await gather(name, root.value, fetchOne);
  return ok({ root: root.value.parsed, ref: refOf(name, library), library });
}

/**
 * A running molecule's formula exactly as pinned: by blob sha (immutable, cached) or built-in
 * version, whatever the default branch holds today (DESIGN §4, definition versioning).
 */
export async function loadPinnedFormula(
  octokit: GitHubClient,
  repo: RepoRef,
  formula: FormulaRef,
  builtin?: BuiltinLookup,
): Promise<Result<LoadedFormula>> {
  const byPin = async (wanted: string, pin: FormulaRef['source']): Promise<Result<LibraryEntry>> => {
    if (typeof pin === 'string') {
      const found = fromBuiltin(wanted, builtin);
      if (!found)
        return err(
          'unknown-formula',
          `the built-in formula "${wanted}" pinned as ${pin} is not in this Molecular`,
        );
      return found;
    }
    if ('inline' in pin) {
      const parsed = parseFormula(JSON.stringify(pin.inline), `${wanted} (inline)`, 'json');
      return parsed.ok ? ok({ parsed: parsed.value, pin }) : parsed;
    }
    const text = await loadBlob(octokit, repo, pin.blobSha);
    if (!text.ok) return text;
    const parsed = parseFormula(text.value, pin.path);
    return parsed.ok ? ok({ parsed: parsed.value, pin }) : parsed;
  };
  const root = await byPin(formula.name, formula.source);
  if (!root.ok) return root;
  const entries = new Map<string, LibraryEntry>([[formula.name, root.value]]);
  for (const [name, pin] of Object.entries(formula.pins ?? {})) {
    const entry = await byPin(name, pin);
    if (!entry.ok) return entry;
    entries.set(name, entry.value);
  }
  return ok({ root: root.value.parsed, ref: formula, library: new GitHubFormulaLibrary(entries) });
}

function fromBuiltin(name: string, builtin: BuiltinLookup | undefined): Result<LibraryEntry> | undefined {
  const found = builtin?.(name);
  if (!found) return undefined;
  const parsed = parseFormula(found.text, found.file);
  return parsed.ok ? ok({ parsed: parsed.value, pin: `builtin@${found.version}` }) : parsed;
}

async function gather(
  rootName: string,
  root: LibraryEntry,
  fetchOne: (name: string) => Promise<Result<LibraryEntry> | undefined>,
): Promise<GitHubFormulaLibrary> {
  const entries = new Map<string, LibraryEntry>([[rootName, root]]);
  const problems: MolError[] = [];
  const queue = referencedFormulas(root.parsed);
  while (queue.length > 0 && entries.size < MAX_FORMULAS) {
    const next = queue.shift() as string;
    if (entries.has(next) || !checkFormulaName(next).ok) continue;
    const entry = await fetchOne(next);
    if (entry === undefined) continue; // cook names the unknown formula, with its place
    if (!entry.ok) {
      problems.push(entry.error);
      continue;
    }
    entries.set(next, entry.value);
    queue.push(...referencedFormulas(entry.value.parsed));
  }
  const library = new GitHubFormulaLibrary(entries);
  library.problems.push(...problems);
  return library;
}

function refOf(name: string, library: GitHubFormulaLibrary): FormulaRef {
  const pins = library.pins(name);
  return {
    name,
    source: library.pinOf(name) as FormulaRef['source'],
    ...(Object.keys(pins).length > 0 ? { pins } : {}),
  };
}
