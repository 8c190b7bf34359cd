/**
 * The branches a distributed molecule's steps pushed (`molecular/<mol-id>/<step>`), on GitHub:
 * burn and squash delete them all, found by prefix with the git refs API (so a branch pushed by a
 * job that crashed before reporting goes too); rollback moves a step's branch back to its
 * checkpoint. Nothing outside the molecule's prefix is ever touched.
 */
import { moleculeBranchPrefix, stepBranch } from '../engine/index.js';
import { type GitHubClient, httpStatus, type RepoRef } from './client.js';

/** Deletes every `molecular/<molId>/*` branch; returns the names deleted. Calls: 1 + 1 per branch. */
export async function deleteMoleculeBranches(
  octokit: GitHubClient,
  repo: RepoRef,
  molId: string,
): Promise<string[]> {
  const prefix = `heads/${moleculeBranchPrefix(molId)}`;
  const { data } = await octokit.request('GET /repos/{owner}/{repo}/git/matching-refs/{ref}', {
    ...repo,
    ref: prefix,
  });
  const deleted: string[] = [];
  for (const { ref } of data) {
    const short = ref.replace(/^refs\//, '');
    if (!short.startsWith(prefix)) continue;
    try {
      await octokit.request('DELETE /repos/{owner}/{repo}/git/refs/{ref}', { ...repo, ref: short });
      deleted.push(short.slice('heads/'.length));
    } catch (error) {
      // Already gone (another burn, a person): what was wanted.
      if (httpStatus(error) !== 404 && httpStatus(error) !== 422) throw error;
    }
  }
  return deleted;
}

/** Moves a step's branch to `commit` (a rollback); false when the branch does not exist. One call. */
export async function resetStepBranch(
  octokit: GitHubClient,
  repo: RepoRef,
  molId: string,
  step: string,
  commit: string,
): Promise<boolean> {
  try {
    await octokit.request('PATCH /repos/{owner}/{repo}/git/refs/{ref}', {
      ...repo,
      ref: `heads/${stepBranch(molId, step)}`,
      sha: commit,
      force: true,
    });
    return true;
  } catch (error) {
    if (httpStatus(error) === 404 || httpStatus(error) === 422) return false;
    throw error;
  }
}
