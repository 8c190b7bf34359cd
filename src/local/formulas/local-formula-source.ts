/**
 * Formulas of a local git repository (the CLI's): found on disk by path or name (the catalog),
 * pinned at pour time by writing each file into the repository's object database with
 * `git hash-object -w` (so the molecule can re-read exactly those bytes by sha later, even if the
 * files change, move, or were never committed), and read back with `git cat-file`. Built-ins are
 * pinned by name and version.
 */
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import {
  type BlobPin,
  builtinPin,
  descriptionFilePin,
  descriptionFilesOf,
  err,
  type FormulaRef,
  type FormulaSource,
  ok,
  type ParsedFormula,
  parseFormula,
  type ResolvedFormula,
  type Result,
} from '../../engine/index.js';
import { git } from '../../runner/git.js';
import { builtinFormulaDir, packageBuiltins } from './builtins.js';
import { loadFormulaArg } from './catalog.js';
import { readText } from './formula-files.js';

export interface LocalFormulaPlace {
  /** The repository whose object database holds the pins. */
  repoDir: string;
  /** Where a formula or overlay given as a relative path is found. */
  cwd: string;
  /** More folders where formulas are found by name (`--formulas DIR`), searched in this order. */
  searchDirs?: readonly string[];
}

export function localFormulaSource(place: LocalFormulaPlace): FormulaSource {
  return {
    scope: `local:${resolve(place.repoDir)}`,
    builtin: packageBuiltins,
    readBlob: async (pin) => {
      const text = await readGitBlob(place.repoDir, pin.blobSha);
      if (text !== undefined) return ok(text);
      return err(
        'blob-missing',
        `the pinned file ${pin.path} (blob ${pin.blobSha.slice(0, 12)}) is not in the repository ${place.repoDir} any more`,
      );
    },
    resolve: async (name, overlays = []) => resolveLocal(place, name, overlays),
  };
}

/** A blob's text from the repository's object database, or undefined when it has no such blob. */
export async function readGitBlob(dir: string, sha: string): Promise<string | undefined> {
  const blob = await git(dir, ['cat-file', 'blob', sha], { okCodes: [0, 1, 128] });
  return blob.ok && blob.value.code === 0 ? blob.value.stdout : undefined;
}

function resolveLocal(
  place: LocalFormulaPlace,
  name: string,
  overlayFiles: readonly string[],
): Result<ResolvedFormula> {
  const loaded = loadFormulaArg(
    name,
    place.cwd,
    place.repoDir,
    (place.searchDirs ?? []).map((d) => resolve(place.cwd, d)),
  );
  if (!loaded.ok) return loaded;
  const overlays: ParsedFormula[] = [];
  for (const file of overlayFiles) {
    let text: string;
    try {
      text = readText(resolve(place.cwd, file));
    } catch {
      return err('overlay-missing', `overlay file ${file} cannot be read`, { file });
    }
    const parsed = parseFormula(text, file);
    if (!parsed.ok) return parsed;
    if (!parsed.value.isOverlay) {
      return err('not-an-overlay', `${file} is not an overlay: an overlay holds only [[step-overrides]]`, {
        file,
      });
    }
    overlays.push(parsed.value);
  }
  const { parsed: root, path, catalog } = loaded.value;
  return ok({
    root,
    library: catalog,
    overlays,
    problems: catalog.problems,
    pin: async (named, used) => {
      const source = await pinFile(place.repoDir, path, root.data.version);
      if (!source.ok) return source;
      const ref: FormulaRef = { name: named, source: source.value };
      const pins: NonNullable<FormulaRef['pins']> = {};
      const described = await pinDescriptionFiles(place.repoDir, named, path, pins);
      if (!described.ok) return described;
      for (const usedName of used) {
        const found = catalog.locate(usedName);
        if (found === undefined)
          return err(
            'pin-failed',
            `formula "${usedName}" was used by the cook but cannot be found again to pin it`,
          );
        const pinned = await pinFile(place.repoDir, found, catalog.get(usedName)?.data.version);
        if (!pinned.ok) return pinned;
        pins[usedName] = pinned.value;
        const files = await pinDescriptionFiles(place.repoDir, usedName, found, pins);
        if (!files.ok) return files;
      }
      if (Object.keys(pins).length > 0) ref.pins = pins;
      if (overlayFiles.length > 0) {
        const blobs: BlobPin[] = [];
        for (const file of overlayFiles) {
          const pinned = await pinBlob(place.repoDir, resolve(place.cwd, file));
          if (!pinned.ok) return pinned;
          blobs.push(pinned.value);
        }
        ref.overlays = blobs;
      }
      return ok(ref);
    },
  });
}

/** The description files a formula file names, pinned beside it (built-ins have none). */
async function pinDescriptionFiles(
  repoDir: string,
  name: string,
  path: string,
  pins: NonNullable<FormulaRef['pins']>,
): Promise<Result<void>> {
  const parsed = parseFormula(readText(path), path);
  if (!parsed.ok) return ok(undefined);
  for (const file of descriptionFilesOf(parsed.value)) {
    const pinned = await pinBlob(repoDir, resolve(dirname(path), file));
    if (!pinned.ok) return pinned;
    pins[descriptionFilePin(name, file)] = pinned.value;
  }
  return ok(undefined);
}

async function pinFile(
  repoDir: string,
  path: string,
  version: number | string | undefined,
): Promise<Result<BlobPin | `builtin@${string}`>> {
  const fromBuiltins = relative(builtinFormulaDir(), resolve(path));
  if (!fromBuiltins.startsWith('..') && !isAbsolute(fromBuiltins)) return ok(builtinPin(version));
  return pinBlob(repoDir, path);
}

async function pinBlob(repoDir: string, path: string): Promise<Result<BlobPin>> {
  const absolute = resolve(path);
  const hashed = await git(repoDir, ['hash-object', '-w', '--', absolute]);
  if (!hashed.ok)
    return err('pin-failed', `cannot store ${path} in the repository to pin it: ${hashed.error.message}`);
  const inRepo = relative(repoDir, absolute);
  const shown = inRepo.startsWith('..') || isAbsolute(inRepo) ? absolute : inRepo;
  return ok({ path: shown, blobSha: hashed.value.stdout.trim() });
}
