/**
 * The `molecular` package as a library (seed 000's API): the pure engine, the MoleculeManager
 * over any MoleculeStore, and the two stores (local files, GitHub comments).
 */
import { randomBytes } from 'node:crypto';
import {
  createMoleculeManager as createEngineManager,
  type MoleculeManager,
  type MoleculeManagerOptions,
} from './engine/molecule/manager.js';
import type { MoleculeStore } from './engine/molecule/store.js';

export * from './engine/index.js';
export { CommentStore, createCommentStore } from './github/comment-store.js';
export { createLocalStore } from './local/store/local-store.js';

/** The seed's `createMoleculeManager`, with the wall clock and random ids filled in. */
export function createMoleculeManager(
  store: MoleculeStore,
  options: Partial<MoleculeManagerOptions> = {},
): MoleculeManager {
  return createEngineManager(store, {
    now: () => new Date(),
    newId: () => `mol-${randomBytes(4).toString('hex')}`,
    ...options,
  });
}
