/**
 * Which handler takes which event: the one table both faces use. The App subscribes to exactly
 * these (`HANDLED_EVENTS`); the Action's `event` mode looks its trigger up here.
 */

import type { BaseContext, GitHubContext } from '../shell/github/github-context.js';
import { handleCheckRun } from './check-run.js';
import { handleDashboardEdited } from './dashboard-edited.js';
import { type HandlerResult, ignored } from './handler-result.js';
import { handleInstallation } from './installation.js';
import { handleIssueComment } from './issue-comment.js';
import { handleLabeled } from './issues-labeled.js';
import { handlePullRequestClosed } from './pull-request-closed.js';
import { handlePullRequestReview } from './pull-request-review.js';
import { handleRepositoryDispatch } from './repository-dispatch.js';
import { handleWorkflowRun } from './workflow-run.js';

type RepoHandler = (ctx: GitHubContext) => Promise<HandlerResult>;

/** `event.action` (or the bare event when every action counts) -> handler. */
export const REPO_HANDLERS = {
  'issues.labeled': handleLabeled,
  'issues.edited': handleDashboardEdited,
  'pull_request.labeled': handleLabeled,
  'issue_comment.created': handleIssueComment,
  'check_run.requested_action': handleCheckRun,
  'check_run.rerequested': handleCheckRun,
  'workflow_run.completed': handleWorkflowRun,
  'pull_request.closed': handlePullRequestClosed,
  'pull_request_review.submitted': handlePullRequestReview,
  repository_dispatch: handleRepositoryDispatch,
} as const satisfies Record<string, RepoHandler>;

/** Events about installations, not one repository. */
export const INSTALLATION_HANDLERS = {
  'installation.created': handleInstallation,
  'installation_repositories.added': handleInstallation,
} as const satisfies Record<string, (ctx: BaseContext) => Promise<HandlerResult>>;

export const HANDLED_EVENTS = [...Object.keys(REPO_HANDLERS), ...Object.keys(INSTALLATION_HANDLERS)] as Array<
  keyof typeof REPO_HANDLERS | keyof typeof INSTALLATION_HANDLERS
>;

export function repoHandlerFor(event: string, action: string | undefined): RepoHandler | undefined {
  const table: Record<string, RepoHandler> = REPO_HANDLERS;
  return table[action === undefined ? event : `${event}.${action}`] ?? table[event];
}

/** Runs the handler of a repository event; an event nobody handles is ignored. */
export function handleRepoEvent(event: string, ctx: GitHubContext): Promise<HandlerResult> {
  const action = (ctx.payload as { action?: unknown } | null)?.action;
  const handler = repoHandlerFor(event, typeof action === 'string' ? action : undefined);
  return handler ? handler(ctx) : Promise.resolve(ignored(`${event} is not handled`));
}
