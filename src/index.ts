/**
 * The `molecular` package as a library (seed 000's API): the pure engine, the MoleculeManager
 * over any MoleculeStore, and the two stores (local files, GitHub comments).
 */

export { createLocalStore } from './cli/store/local-store.js';
export * from './engine/index.js';
export { CommentStore, createCommentStore } from './github/comment-store.js';
