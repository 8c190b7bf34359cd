/**
 * The formulas a cook may pull in (`extends`, `compose.expand`, `compose.aspects`), fetched from
 * the default branch before cook runs, because cook is pure and looks them up synchronously
 * (the engine's `FormulaLibrary`). The repository's folder comes first, the package's built-in
 * formulas after; the faces hand the built-ins in, so this module never reads the local disk.
 * Every formula remembers where it came from, to pin the molecule (`formula.source`, `pins`).
 */
import {
  type BlobPin,
  type BuiltinLookup,
  builtinPin,
  didYouMean,
  err,
  type FormulaLibrary,
  type FormulaRef,
  type FormulaSource,
  type MolError,
  ok,
  type ParsedFormula,
  parseFormula,
  type ResolvedFormula,
  type Result,
  type StepInput,
} from '../engine/index.js';
import {
  checkFormulaName,
  DEFAULT_FORMULAS_PATH,
  type FormulaEntry,
  type FormulaLocation,
  listFormulas,
} from './branch-formulas.js';
import { type GitHubClient, type RepoRef, repoSlug } from './client.js';
import { readDescriptionFiles } from './repo-description-files.js';
import { loadBlob, type RepoFile, readRepoFile } from './repo-file.js';

export type FormulaPin = BlobPin | `builtin@${string}`;

export interface LibraryEntry {
  parsed: ParsedFormula;
  /** Where it came from; an ad-hoc molecule's inline formula has no file to pin. */
  pin: FormulaRef['source'];
  /** Its description files' pins, by `description_file:<formula>:<file>`. */
  files?: Record<string, BlobPin>;
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
    for (const [name, { pin, files }] of this.entries) {
      if (name !== root && (typeof pin === 'string' || 'blobSha' in pin)) pins[name] = pin as FormulaPin;
      Object.assign(pins, files);
    }
    return pins;
  }

  names(): string[] {
    return [...this.entries.keys()].sort();
  }
}

/**
 * The formula names a formula pulls in: its parents, expansions and aspects, and what its steps
 * name (an inline `expand`, an `on_complete` bond), nested steps included. A bond is read and
 * pinned at pour like the rest, so a fan-out's children run the bond as it was then.
 */
export function referencedFormulas(formula: ParsedFormula): string[] {
  const data = formula.data;
  const parents = data.extends === undefined ? [] : [data.extends].flat();
  const expansions = [...(data.compose?.expand ?? []), ...(data.compose?.map ?? [])].map((rule) => rule.with);
  const named: string[] = [];
  const walk = (steps: readonly StepInput[] | undefined): void => {
    for (const step of steps ?? []) {
      if (step.expand !== undefined) named.push(step.expand);
      const bond = step.on_complete?.bond;
      if (typeof bond === 'string') named.push(bond);
      walk(step.children);
      walk(step.loop?.body);
    }
  };
  walk(data.steps);
  walk(data.template);
  return [...new Set([...parents, ...expansions, ...(data.compose?.aspects ?? []), ...named])];
}

const MAX_FORMULAS = 64;

export interface FormulaLibraryOptions extends FormulaLocation {
  builtin?: BuiltinLookup;
  /** Folders searched after `formulasPath` for formulas pulled in by name (listed only when needed). */
  searchPath?: readonly string[];
  /** The built-ins' names, for the did-you-mean of a name not found. */
  builtinNames?: () => string[];
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
  // Each search folder is listed (1 call) only when a name is in none of the folders before it.
  const searched: Map<string, FormulaEntry>[] = [];
  const search = async (wanted: string): Promise<FormulaEntry | undefined> => {
    const dirs = options.searchPath ?? [];
    for (let i = 0; i < dirs.length; i++) {
      searched[i] ??= await listFormulas(octokit, repo, { ...options, formulasPath: dirs[i] as string });
      const found = searched[i]?.get(wanted);
      if (found) return found;
    }
    return undefined;
  };
  const fetchOne = async (wanted: string, byName = true): Promise<Result<LibraryEntry> | undefined> => {
    const entry = listed.get(wanted) ?? (byName ? await search(wanted) : undefined);
    if (entry) {
      const text = await loadBlob(octokit, repo, entry.sha);
      if (!text.ok) return text;
      const parsed = parseFormula(text.value, entry.path, entry.format);
      if (!parsed.ok) return parsed;
      const described = await readDescriptionFiles(
        octokit,
        repo,
        wanted,
        parsed.value,
        entry.path,
        options.defaultBranch,
      );
      if (!described.ok) return described;
      return ok({
        parsed: described.value.parsed,
        pin: { path: entry.path, blobSha: entry.sha },
        files: described.value.pins,
      });
    }
    return fromBuiltin(wanted, options.builtin);
  };
  const root = await fetchOne(name, false);
  if (root === undefined) {
    const known = [...new Set([...listed.keys()])].sort();
    return err(
      'unknown-formula',
      `there is no formula "${name}"${didYouMean(name, [...known, ...(options.builtinNames?.() ?? [])])} in ${options.formulasPath ?? '.github/formulas'} on ${options.defaultBranch} or among the built-ins${known.length ? `; the repository has: ${known.join(', ')}` : ''}`,
    );
  }
  if (!root.ok) return root;
  const library = await gather(name, root.value, fetchOne);
  return ok({ root: root.value.parsed, ref: refOf(name, library), library });
}

function fromBuiltin(name: string, builtin: BuiltinLookup | undefined): Result<LibraryEntry> | undefined {
  const found = builtin?.(name);
  if (!found) return undefined;
  const parsed = parseFormula(found.text, found.file);
  return parsed.ok ? ok({ parsed: parsed.value, pin: builtinPin(found.version) }) : parsed;
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

export interface GitHubFormulaPlace {
  /** Formulas come from the default branch only; asked only when a pour needs it. */
  defaultBranch: () => Promise<string>;
  formulasPath?: string;
  /** The config's `formula_search_path`. */
  searchPath?: readonly string[];
  builtin: BuiltinLookup;
  /** The built-ins to name when a formula is not found (none: the caller supplied its own). */
  builtinNames?: () => string[];
  /**
   * Files of the default branch the face already read (the Action's job snapshot), by path: a
   * pour of one of them, or a pin to one's blob sha, needs no call.
   */
  read?: ReadonlyMap<string, RepoFile>;
}

/**
 * A GitHub repository's formulas as a FormulaSource: pins are re-read by blob sha, pours read the
 * default branch. The common pour — one TOML file that pulls in no other formula — costs one
 * call (the contents API returns the text and the blob sha together); JSON formulas, formulas
 * that extend or compose others, and built-ins go through the full library load.
 */
export function githubFormulaSource(
  octokit: GitHubClient,
  repo: RepoRef,
  place: GitHubFormulaPlace,
): FormulaSource {
  // A blob's sha names its bytes: whichever path it was read at, its text is the pinned one.
  const bySha = new Map([...(place.read?.values() ?? [])].map((f) => [f.sha, f.text]));
  return {
    scope: repoSlug(repo).toLowerCase(),
    builtin: place.builtin,
    readBlob: async (pin) => {
      const known = bySha.get(pin.blobSha);
      return known === undefined ? loadBlob(octokit, repo, pin.blobSha) : ok(known);
    },
    resolve: async (name, overlays = []) => {
      if (overlays.length > 0)
        return err('no-overlays', 'overlays are applied by `mol cook --overlay`, not on GitHub');
      const loaded = await loadPourFormula(octokit, repo, name, place);
      if (!loaded.ok) return loaded;
      const { root, library, ref } = loaded.value;
      return ok<ResolvedFormula>({
        root,
        library,
        overlays: [],
        problems: library.problems,
        pin: async () => ok(ref),
      });
    },
  };
}

async function loadPourFormula(
  octokit: GitHubClient,
  repo: RepoRef,
  name: string,
  place: GitHubFormulaPlace,
): Promise<Result<LoadedFormula>> {
  const checked = checkFormulaName(name);
  if (!checked.ok) return checked;
  const branch = await place.defaultBranch();
  const dir = place.formulasPath ?? DEFAULT_FORMULAS_PATH;
  const path = `${dir}/${name}.formula.toml`;
  const known = place.read?.get(path);
  const file = known ? ok(known) : await readRepoFile(octokit, repo, path, branch);
  if (!file.ok) return file;
  if (file.value) {
    const parsed = parseFormula(file.value.text, path, 'toml');
    if (!parsed.ok) return parsed;
    if (referencedFormulas(parsed.value).length === 0) {
      const described = await readDescriptionFiles(octokit, repo, name, parsed.value, path, branch);
      if (!described.ok) return described;
      const pin = { path, blobSha: file.value.sha };
      const files = described.value.pins;
      return ok({
        root: described.value.parsed,
        ref: { name, source: pin, ...(Object.keys(files).length > 0 ? { pins: files } : {}) },
        library: new GitHubFormulaLibrary(new Map([[name, { parsed: described.value.parsed, pin, files }]])),
      });
    }
  }
  const loaded = await loadFormulaLibrary(octokit, repo, name, {
    defaultBranch: branch,
    formulasPath: dir,
    builtin: place.builtin,
    ...(place.builtinNames === undefined ? {} : { builtinNames: place.builtinNames }),
    ...(place.searchPath === undefined ? {} : { searchPath: place.searchPath }),
  });
  if (!loaded.ok && loaded.error.code === 'unknown-formula') {
    const builtins = place.builtinNames?.() ?? [];
    const known = builtins.length > 0 ? `; the built-ins are ${builtins.join(', ')}` : '';
    return err('unknown-formula', `${loaded.error.message}${known}. Add ${path} on ${branch} to pour it.`);
  }
  return loaded;
}
