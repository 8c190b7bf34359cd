/**
 * Pinning at pour time (DESIGN §4, definition versioning): the formula file, every formula it
 * pulled in by name and every overlay are written into the repository's object database with
 * `git hash-object -w`, so the molecule can re-read exactly those bytes by sha later, even if the
 * files change, move, or were never committed. Built-in formulas are pinned by name and version.
 */
import { isAbsolute, relative, resolve } from 'node:path';
import { err, ok, type Result } from '../engine/errors.js';
import type { BlobPin, FormulaRef } from '../engine/molecule/molecule-schema.js';
import { builtinFormulaDir } from '../formulas/builtin-dir.js';
import { git } from '../runner/git.js';
import type { CookedFormula } from './cook-formula.js';

export async function pinFormula(
  repoDir: string,
  cooked: CookedFormula,
  overlayPaths: string[],
): Promise<Result<FormulaRef>> {
  const { loaded, proto } = cooked;
  const source = await pinFile(repoDir, loaded.path, loaded.parsed.data.version);
  if (!source.ok) return source;
  const ref: FormulaRef = { name: proto.formula, source: source.value };
  const pins: NonNullable<FormulaRef['pins']> = {};
  for (const name of cooked.uses) {
    const path = loaded.catalog.locate(name);
    if (path === undefined)
      return err('pin-failed', `formula "${name}" was used by the cook but cannot be found again to pin it`);
    const pinned = await pinFile(repoDir, path, loaded.catalog.get(name)?.data.version);
    if (!pinned.ok) return pinned;
    pins[name] = pinned.value;
  }
  if (Object.keys(pins).length > 0) ref.pins = pins;
  if (overlayPaths.length > 0) {
    const overlays: BlobPin[] = [];
    for (const path of overlayPaths) {
      const pinned = await pinBlob(repoDir, path);
      if (!pinned.ok) return pinned;
      overlays.push(pinned.value);
    }
    ref.overlays = overlays;
  }
  return ok(ref);
}

async function pinFile(
  repoDir: string,
  path: string,
  version: number | string | undefined,
): Promise<Result<BlobPin | `builtin@${string}`>> {
  const fromBuiltins = relative(builtinFormulaDir(), resolve(path));
  if (!fromBuiltins.startsWith('..') && !isAbsolute(fromBuiltins))
    return ok(`builtin@${version ?? 1}` as const);
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
