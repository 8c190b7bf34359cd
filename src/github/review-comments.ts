/** A pull request review's inline comments, as `path:line` and text. */
import type { GitHubClient, RepoRef } from './client.js';

export interface ReviewComment {
  path: string;
  line?: number;
  body: string;
}

/** Calls: 1 (up to 100 comments, as one review holds). */
export async function reviewComments(
  octokit: GitHubClient,
  repo: RepoRef,
  pull: number,
  review: number,
): Promise<ReviewComment[]> {
  const { data } = await octokit.request(
    'GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}/comments',
    { ...repo, pull_number: pull, review_id: review, per_page: 100 },
  );
  return data.map((c) => ({
    path: c.path,
    ...(typeof c.line === 'number'
      ? { line: c.line }
      : typeof c.original_line === 'number'
        ? { line: c.original_line }
        : {}),
    body: c.body,
  }));
}
