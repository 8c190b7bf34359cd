import { actionRoutes } from './actions.js';
import { appRoutes } from './apps.js';
import { checkRoutes } from './checks.js';
import { commentRoutes } from './comments.js';
import { contentRoutes } from './contents.js';
import { gitCommitRoutes } from './git-commits.js';
import { issueRoutes } from './issues.js';
import { labelRoutes } from './labels.js';
import { mergeRoutes } from './merges.js';
import { pullRoutes } from './pulls.js';
import { reactionRoutes } from './reactions.js';
import { refRoutes } from './refs.js';
import { repoRoutes } from './repos.js';
import { searchRoutes } from './search.js';
import type { HandlerTable } from './types.js';

/** Every REST operation the fake implements, by the spec's operationId. */
export const handlers: HandlerTable = {
  ...actionRoutes,
  ...appRoutes,
  ...checkRoutes,
  ...commentRoutes,
  ...contentRoutes,
  ...gitCommitRoutes,
  ...issueRoutes,
  ...labelRoutes,
  ...mergeRoutes,
  ...pullRoutes,
  ...reactionRoutes,
  ...refRoutes,
  ...repoRoutes,
  ...searchRoutes,
};
