import { type GitHubClient, httpStatus, type RepoRef } from './client.js';

/**
 * Whether an Actions run may still be running (1 call). Only a run GitHub says completed, or does
 * not know, is gone: an error that proves nothing counts as alive, so nothing is re-dispatched on
 * a guess.
 */
export async function runMayBeAlive(octokit: GitHubClient, repo: RepoRef, runId: number): Promise<boolean> {
  try {
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/actions/runs/{run_id}', {
      ...repo,
      run_id: runId,
    });
    return data.status !== 'completed';
  } catch (error) {
    return httpStatus(error) !== 404;
  }
}
