/**
 * A cheap look at a payload before anything is read from GitHub (not even the config): most
 * comments hold no `/mol` command and most dispatches are not step reports, and each of those
 * would otherwise cost the config look-up. Anything that might matter returns true.
 */
import { DASHBOARD_LABEL } from '../github/dashboard-issue.js';
import { STEP_REPORT_EVENT } from './step-report.js';

const COMMAND = /^\s*\/mol(\s|$)/im;

export function mayConcernMolecular(event: string, payload: unknown): boolean {
  const p = (payload ?? {}) as {
    action?: string;
    comment?: { body?: string | null; user?: { login?: string; type?: string } | null };
  };
  if (event === 'issue_comment') {
    const user = p.comment?.user;
    if (p.action !== 'created' || !user || user.type === 'Bot' || user.login?.endsWith('[bot]')) return false;
    return COMMAND.test(p.comment?.body ?? '');
  }
  if (event === 'repository_dispatch') return p.action === STEP_REPORT_EVENT;
  // Only the dashboard's edits matter, and only a person's: the bot's own edits tick nothing.
  if (event === 'issues' && p.action === 'edited') {
    const issue =
      (payload as { issue?: { labels?: Array<{ name?: string }> }; sender?: { type?: string } }) ?? {};
    return (
      issue.sender?.type !== 'Bot' && (issue.issue?.labels ?? []).some((l) => l.name === DASHBOARD_LABEL.name)
    );
  }
  return true;
}
