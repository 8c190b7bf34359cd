export type { FaultMatcher, FaultResponse, Faults } from './faults.js';
export { blobSha, hashTree } from './git-objects.js';
export { startFakeGitHub } from './server.js';
export { APP_ID, INSTALLATION_ID } from './shapes/app.js';
export { REPOSITORY_ID } from './shapes/repository.js';
export * from './state.js';
export type * from './types.js';
