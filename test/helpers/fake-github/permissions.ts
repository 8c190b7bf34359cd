import { errorResult } from './errors.js';
import type { RouteResult } from './routes/types.js';

/** A GitHub App's (or a workflow token's) permission scopes, spelled as GitHub's headers spell them. */
export type Scope = 'issues' | 'checks' | 'actions' | 'contents' | 'pull_requests' | 'metadata';
export type Level = 'read' | 'write';
export type Permissions = Partial<Record<Scope, Level>>;

/**
 * What each operation of the subset needs from an installation token (GitHub's "Permissions
 * required for GitHub Apps"); operations not listed need none a token could lack (metadata is
 * always granted). A token with `permissions` set is refused anything beyond them.
 */
const REQUIRED: Record<string, [Scope, Level]> = {
  'issues/get': ['issues', 'read'],
  'issues/update': ['issues', 'write'],
  'issues/create': ['issues', 'write'],
  'issues/list-comments': ['issues', 'read'],
  'issues/create-comment': ['issues', 'write'],
  'issues/get-comment': ['issues', 'read'],
  'issues/update-comment': ['issues', 'write'],
  'issues/delete-comment': ['issues', 'write'],
  'reactions/create-for-issue-comment': ['issues', 'write'],
  'issues/add-labels': ['issues', 'write'],
  'issues/remove-label': ['issues', 'write'],
  'issues/create-label': ['issues', 'write'],
  'issues/get-label': ['issues', 'read'],
  'issues/add-sub-issue': ['issues', 'write'],
  'issues/list-sub-issues': ['issues', 'read'],
  'repos/get-content': ['contents', 'read'],
  'git/get-blob': ['contents', 'read'],
  'git/get-tree': ['contents', 'read'],
  'git/create-commit': ['contents', 'write'],
  'git/get-commit': ['contents', 'read'],
  'git/create-ref': ['contents', 'write'],
  'git/get-ref': ['contents', 'read'],
  'git/update-ref': ['contents', 'write'],
  'git/delete-ref': ['contents', 'write'],
  'git/list-matching-refs': ['contents', 'read'],
  'repos/get-branch': ['contents', 'read'],
  'repos/create-dispatch-event': ['contents', 'write'],
  'checks/create': ['checks', 'write'],
  'checks/update': ['checks', 'write'],
  'checks/list-for-ref': ['checks', 'read'],
  'actions/create-workflow-dispatch': ['actions', 'write'],
  'actions/get-workflow-run': ['actions', 'read'],
  'pulls/get': ['pull_requests', 'read'],
};

/** GitHub's 403 for a token without the permission, with the header that names the one it needs. */
export function permissionRefusal(
  operationId: string | null,
  granted: Permissions | undefined,
): RouteResult | undefined {
  const needed = operationId ? REQUIRED[operationId] : undefined;
  if (!granted || !needed) return undefined;
  const [scope, level] = needed;
  const have = granted[scope];
  if (have === 'write' || have === level) return undefined;
  const result = errorResult(403, 'Resource not accessible by integration');
  return { ...result, headers: { 'x-accepted-github-permissions': `${scope}=${level}` } };
}
