/**
 * The one Octokit shape this adapter needs. Probot's ProbotOctokit, @actions/github's getOctokit()
 * and @octokit/rest's Octokit share @octokit/core 7 and the paginate plugin, so a structural type
 * of the three members used accepts each of them (test/unit/github-client-types.test.ts checks it).
 */
import type { Octokit } from '@octokit/rest';

export interface GitHubClient {
  request: Octokit['request'];
  graphql: Octokit['graphql'];
  paginate: Octokit['paginate'];
}

/** A repository by name, as every REST route takes it. */
export interface RepoRef {
  owner: string;
  repo: string;
}

/** `owner/repo`, the form search queries and molecule subjects use. */
export function repoSlug(repo: RepoRef): string {
  return `${repo.owner}/${repo.repo}`;
}

/** The HTTP status of an Octokit RequestError, or undefined for anything else (network, bug). */
export function httpStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  const status = (error as { status: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}

/** The message GitHub sent with an error response, for sentences that say what went wrong. */
export function httpMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
