/** Pull requests as Molecular reads them: one GET, with the facts its rules need. */
import type { GitHubClient, RepoRef } from './client.js';

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
