/**
 * The result branch of a delivered molecule, built on GitHub with GitHub's own git: a branch is
 * created at a commit, and others are merged into it (`POST /merges`, a real merge commit; a
 * fast-forward is never forced). A conflict is named by its paths: those both sides changed since
 * the molecule's base, read from the three trees.
 */
import { type GitHubClient, httpStatus, type RepoRef } from './client.js';

/** The commit `branch` points at, or undefined when there is no such branch. Calls: 1. */
export async function branchHead(
  octokit: GitHubClient,
  repo: RepoRef,
  branch: string,
): Promise<string | undefined> {
  try {
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/git/ref/{ref}', {
      ...repo,
      ref: `heads/${branch}`,
    });
    return data.object.sha;
  } catch (error) {
    if (httpStatus(error) === 404) return undefined;
    throw error;
  }
}

/** Creates `branch` at `sha`; false when it exists already (another replica made it). Calls: 1. */
export async function createBranch(
  octokit: GitHubClient,
  repo: RepoRef,
  branch: string,
  sha: string,
): Promise<boolean> {
  try {
    await octokit.request('POST /repos/{owner}/{repo}/git/refs', {
      ...repo,
      ref: `refs/heads/${branch}`,
      sha,
    });
    return true;
  } catch (error) {
    if (httpStatus(error) === 422) return false;
    throw error;
  }
}

export type MergeOutcome = 'merged' | 'up-to-date' | 'conflict';

/** Merges `head` into `base` with a merge commit. Calls: 1. */
export async function mergeBranch(
  octokit: GitHubClient,
  repo: RepoRef,
  base: string,
  head: string,
  message: string,
): Promise<MergeOutcome> {
  try {
    const { status } = await octokit.request('POST /repos/{owner}/{repo}/merges', {
      ...repo,
      base,
      head,
      commit_message: message,
    });
    // Octokit's types know only 201; GitHub answers 204 when `head` is merged already.
    return (status as number) === 204 ? 'up-to-date' : 'merged';
  } catch (error) {
    if (httpStatus(error) === 409) return 'conflict';
    throw error;
  }
}

/** Path → blob sha of every file at `ref` (a branch or commit). Calls: 1. */
export async function treeFiles(
  octokit: GitHubClient,
  repo: RepoRef,
  ref: string,
): Promise<Map<string, string>> {
  const { data } = await octokit.request('GET /repos/{owner}/{repo}/git/trees/{tree_sha}', {
    ...repo,
    tree_sha: ref,
    recursive: 'true',
  });
  return new Map(data.tree.filter((e) => e.type === 'blob').map((e) => [e.path ?? '', e.sha ?? '']));
}

/** The paths `ours` and `theirs` both changed, differently, since `origin`. Calls: 3 (a 404 counts as one). */
export async function conflictingPaths(
  octokit: GitHubClient,
  repo: RepoRef,
  origin: string,
  ours: string,
  theirs: string,
): Promise<string[]> {
  // An origin GitHub no longer has (a force-pushed head): every path the two sides hold differently.
  const o = await treeFiles(octokit, repo, origin).catch((error: unknown) => {
    if (httpStatus(error) === 404 || httpStatus(error) === 422) return new Map<string, string>();
    throw error;
  });
  const [a, b] = await Promise.all([ours, theirs].map((ref) => treeFiles(octokit, repo, ref)));
  const paths = new Set([...(a as Map<string, string>).keys(), ...(b as Map<string, string>).keys()]);
  const both: string[] = [];
  for (const path of paths) {
    const was = o?.get(path);
    const left = a?.get(path);
    const right = b?.get(path);
    if (left !== right && left !== was && right !== was) both.push(path);
  }
  return both.sort();
}

/**
 * Moves `branch` to `sha` only as a fast-forward (never forced: a person's commits on it are never
 * overwritten); false when GitHub refuses because the branch moved. Calls: 1.
 */
export async function fastForward(
  octokit: GitHubClient,
  repo: RepoRef,
  branch: string,
  sha: string,
): Promise<boolean> {
  try {
    await octokit.request('PATCH /repos/{owner}/{repo}/git/refs/{ref}', {
      ...repo,
      ref: `heads/${branch}`,
      sha,
      force: false,
    });
    return true;
  } catch (error) {
    if (httpStatus(error) === 422) return false;
    throw error;
  }
}
