/**
 * Pull requests: read one (the facts Molecular's rules need), and the ones Molecular opens to
 * deliver a molecule's work: found by their head branch (so a redelivered event, a second replica
 * or a re-run job finds the one already open instead of opening another), opened, and given
 * reviewers.
 */
import { type GitHubClient, httpMessage, httpStatus, type RepoRef } from './client.js';

export interface PullFacts {
  number: number;
  state: string;
  merged: boolean;
  head: { ref: string; sha: string; repo?: { full_name: string } | null | undefined };
  base: { ref: string; repo: { full_name: string } };
}

/** One call. */
export async function getPull(octokit: GitHubClient, repo: RepoRef, number: number): Promise<PullFacts> {
  const { data } = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
    ...repo,
    pull_number: number,
  });
  return data;
}

export interface PullFound {
  number: number;
  /** GraphQL's id, which auto-merge takes. */
  nodeId: string;
  url: string;
  state: 'open' | 'closed';
  merged: boolean;
  headSha: string;
}

interface PullData {
  number: number;
  node_id: string;
  html_url: string;
  state: string;
  merged_at: string | null;
  head: { sha: string };
}

const found = (p: PullData): PullFound => ({
  number: p.number,
  nodeId: p.node_id,
  url: p.html_url,
  state: p.state === 'closed' ? 'closed' : 'open',
  merged: p.merged_at !== null,
  headSha: p.head.sha,
});

/** The newest pull request from `branch` (this repository's), open or closed. Calls: 1. */
export async function findPullByHead(
  octokit: GitHubClient,
  repo: RepoRef,
  branch: string,
): Promise<PullFound | undefined> {
  const { data } = await octokit.request('GET /repos/{owner}/{repo}/pulls', {
    ...repo,
    head: `${repo.owner}:${branch}`,
    state: 'all',
    per_page: 10,
  });
  const open = data.find((p) => p.state === 'open') ?? data[0];
  return open === undefined ? undefined : found(open);
}

export interface NewPull {
  title: string;
  body: string;
  head: string;
  base: string;
  draft: boolean;
}

/**
 * Opens the pull request, or finds the one another replica opened a moment before (GitHub answers
 * 422 "A pull request already exists"). Calls: 1, or 2 after that race.
 */
export async function openPull(
  octokit: GitHubClient,
  repo: RepoRef,
  pull: NewPull,
): Promise<{ pull: PullFound; created: boolean }> {
  try {
    const { data } = await octokit.request('POST /repos/{owner}/{repo}/pulls', { ...repo, ...pull });
    return { pull: found(data), created: true };
  } catch (error) {
    if (httpStatus(error) !== 422 || !/already exists/i.test(httpMessage(error))) throw error;
    const existing = await findPullByHead(octokit, repo, pull.head);
    if (existing === undefined) throw error;
    return { pull: existing, created: false };
  }
}

/** Asks for reviews; nothing to ask costs nothing. Calls: 0 or 1. */
export async function requestReviewers(
  octokit: GitHubClient,
  repo: RepoRef,
  number: number,
  reviewers: readonly string[],
  teamReviewers: readonly string[],
): Promise<void> {
  if (reviewers.length === 0 && teamReviewers.length === 0) return;
  await octokit.request('POST /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers', {
    ...repo,
    pull_number: number,
    reviewers: [...reviewers],
    team_reviewers: [...teamReviewers],
  });
}

/** Adds labels to the pull request (GitHub creates a label it does not know). Calls: 0 or 1. */
export async function labelPull(
  octokit: GitHubClient,
  repo: RepoRef,
  number: number,
  labels: readonly string[],
): Promise<void> {
  if (labels.length === 0) return;
  await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/labels', {
    ...repo,
    issue_number: number,
    labels: [...labels],
  });
}

export const ENABLE_AUTO_MERGE = `mutation($id: ID!, $mergeMethod: PullRequestMergeMethod!) {
  enablePullRequestAutoMerge(input: { pullRequestId: $id, mergeMethod: $mergeMethod }) { pullRequest { number } }
}`;

/**
 * Turns on GitHub's auto-merge (the only way Molecular merges): GitHub merges once branch
 * protection and required reviews allow, never around them. Calls: 1 (GraphQL).
 */
export async function enableAutoMerge(
  octokit: GitHubClient,
  pull: Pick<PullFound, 'nodeId'>,
  method: 'squash' | 'merge' | 'rebase',
): Promise<void> {
  await octokit.graphql(ENABLE_AUTO_MERGE, { id: pull.nodeId, mergeMethod: method.toUpperCase() });
}
