/**
 * The `molecular` package as a library (seed 000's API): the pure engine, the MoleculeManager
 * over any MoleculeStore, the one write path, and the two stores (local files, GitHub comments).
 */
export * from './engine/index.js';
export { CommentStore, createCommentStore } from './github/store/comment-store.js';
export { createLocalStore } from './local/store/local-store.js';
export { type Change, type CommandMarker, changeMolecule, type EventPlan } from './shell/change-molecule.js';
export * from './shell/manager.js';
