/** Acknowledging a command: 👀 when it is read, then 🚀 or 😕. */
import type { GitHubClient, RepoRef } from './client.js';

export const REACTIONS = ['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes'] as const;
export type Reaction = (typeof REACTIONS)[number];

/**
 * Reacting twice with the same content is harmless: GitHub answers 200 with the existing
 * reaction, 201 for a new one. Returns whether it was new: a 👀 already there means this
 * comment was seen before (a redelivered webhook).
 */
export async function react(
  octokit: GitHubClient,
  repo: RepoRef,
  commentId: number,
  content: Reaction,
): Promise<boolean> {
  const { status } = await octokit.request(
    'POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions',
    {
      ...repo,
      comment_id: commentId,
      content,
    },
  );
  return status === 201;
}
