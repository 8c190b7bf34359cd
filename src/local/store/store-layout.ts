/**
 * Where the local store keeps things: `<dir>/mols/<id>.json` for live molecules and
 * wisps, `<dir>/mols/<id>.archive.json` for squashed ones, `<dir>/locks/<id>.lock` for writers.
 */
import { join } from 'node:path';
import { err, ok, type Result } from '../../engine/index.js';

export interface StoreLayout {
  dir: string;
  mols: string;
  locks: string;
  live(id: string): string;
  archive(id: string): string;
  lock(id: string): string;
}

export function storeLayout(dir: string): StoreLayout {
  const mols = join(dir, 'mols');
  const locks = join(dir, 'locks');
  return {
    dir,
    mols,
    locks,
    live: (id) => join(mols, `${id}.json`),
    archive: (id) => join(mols, `${id}.archive.json`),
    lock: (id) => join(locks, `${id}.lock`),
  };
}

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const ARCHIVE_SUFFIX = '.archive.json';

/**
 * An id becomes a file name, so it must be one (the same pattern MoleculeSchema checks) and must not
 * end in `.archive`, whose live file would be mistaken for another molecule's archive.
 */
export function checkId(id: string): Result<string> {
  if (!ID.test(id) || id.length > 200) {
    return err(
      'invalid-id',
      `"${id}" is not a molecule id: use letters, digits, '.', '_' and '-', starting with a letter or digit.`,
    );
  }
  if (id.endsWith('.archive'))
    return err(
      'invalid-id',
      `"${id}" is not a molecule id: the local store reserves ids ending in ".archive".`,
    );
  return ok(id);
}

/** The molecule id a file in `mols/` holds live state for, or undefined (archives, temp files, strays). */
export function liveIdOf(fileName: string): string | undefined {
  if (!fileName.endsWith('.json') || fileName.endsWith(ARCHIVE_SUFFIX)) return undefined;
  const id = fileName.slice(0, -'.json'.length);
  return checkId(id).ok ? id : undefined;
}
