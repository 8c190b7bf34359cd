/**
 * The Octokit of a job: @actions/github's (it honours GITHUB_API_URL, read when the module is
 * first imported, and the runner's proxy settings) with @octokit/plugin-retry, so a 5xx or a
 * secondary rate limit is retried with GitHub's `retry-after` rather than failing the step.
 */
import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import type { GitHubClient } from '../github/client.js';

export function createActionOctokit(token: string): GitHubClient {
  return getOctokit(token, {}, retry);
}
