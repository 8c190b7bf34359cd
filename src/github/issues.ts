/** Issues and sub-issues: create, link, list, close. */
import type { GitHubClient, RepoRef } from './client.js';

/** Creates an issue; its id (for sub-issue links) and number. One call. */
export async function createIssue(
  octokit: GitHubClient,
  repo: RepoRef,
  issue: { title: string; body: string; labels?: string[] },
): Promise<{ id: number; number: number }> {
  const { data } = await octokit.request('POST /repos/{owner}/{repo}/issues', { ...repo, ...issue });
  return { id: Number(data.id), number: data.number };
}

/** Puts `child` (an issue id, not a number) under `parent`. One call. */
export async function addSubIssue(
  octokit: GitHubClient,
  repo: RepoRef,
  parent: number,
  child: number,
): Promise<void> {
  await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/sub_issues', {
    ...repo,
    issue_number: parent,
    sub_issue_id: child,
  });
}

export interface SubIssue {
  number: number;
  state: string;
  body?: string | null;
}

/** Every sub-issue of `parent`: one call per 100. */
export function listSubIssues(octokit: GitHubClient, repo: RepoRef, parent: number): Promise<SubIssue[]> {
  return octokit.paginate('GET /repos/{owner}/{repo}/issues/{issue_number}/sub_issues', {
    ...repo,
    issue_number: parent,
    per_page: 100,
  });
}

/** Closes an issue with a reason. One call. */
export async function closeIssue(
  octokit: GitHubClient,
  repo: RepoRef,
  number: number,
  reason: 'completed' | 'not_planned',
): Promise<void> {
  await octokit.request('PATCH /repos/{owner}/{repo}/issues/{issue_number}', {
    ...repo,
    issue_number: number,
    state: 'closed',
    state_reason: reason,
  });
}
