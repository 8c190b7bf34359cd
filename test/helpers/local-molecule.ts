/**
 * A local molecule as the store holds it now: its snapshot file plus the journal written since, so
 * a test never reads a stale `.molecular/mols/<id>.json` as the whole state.
 */
import { join } from 'node:path';
import type { Molecule } from '../../src/engine/index.js';
import { createLocalStore } from '../../src/local/store/local-store.js';

export async function localMolecule(repoDir: string, id: string): Promise<Molecule> {
  const loaded = await createLocalStore({ dir: join(repoDir, '.molecular') }).load(id);
  if (!loaded.ok) throw new Error(loaded.error.message);
  if (loaded.value === undefined) throw new Error(`no molecule ${id} in ${repoDir}`);
  return loaded.value;
}

/** The molecule as JSON text, to compare a state before and after a command that must change nothing. */
export async function localStateText(repoDir: string, id: string): Promise<string> {
  return JSON.stringify(await localMolecule(repoDir, id));
}
