/** A new comment on an issue or pull request (they share the issue comment API). */
import type { GitHubClient, RepoRef } from './client.js';

export interface PostedComment {
  id: number;
  url: string;
}

/** GitHub refuses comment bodies over 65,536 characters; a reply that long is cut, not lost. */
export const MAX_COMMENT_CHARS = 65_536;

export async function reply(
  octokit: GitHubClient,
  repo: RepoRef,
  issue: number,
  body: string,
): Promise<PostedComment> {
  const { data } = await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
    ...repo,
    issue_number: issue,
    body: fitComment(body),
  });
  return { id: Number(data.id), url: data.html_url };
}

export function fitComment(body: string): string {
  if (body.length <= MAX_COMMENT_CHARS) return body;
  const note = '\n\n… (cut: GitHub allows 65,536 characters in a comment)';
  return body.slice(0, MAX_COMMENT_CHARS - note.length) + note;
}
