/**
 * The Octokit of a job: @actions/github's (it honours GITHUB_API_URL, read when the module is
 * first imported, and the runner's proxy settings) with @octokit/plugin-retry, so a 5xx is
 * retried with backoff rather than failing the step, and the one secondary-limit rule every face
 * shares (src/github/secondary-limit.ts). @octokit/plugin-throttling would wait limits out too,
 * but it also spaces every write a second apart: ten seconds more per step job.
 */
import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import type { GitHubClient } from '../github/client.js';
import { conditionalReads } from '../github/conditional-reads.js';
import { trackBudget } from '../github/rate-budget.js';
import {
  RETRY_DO_NOT_RETRY,
  type SecondaryLimitOptions,
  secondaryLimits,
} from '../github/secondary-limit.js';

export function createActionOctokit(token: string, secondaryLimit: SecondaryLimitOptions = {}): GitHubClient {
  const octokit = getOctokit(
    token,
    { secondaryLimit, retry: { doNotRetry: RETRY_DO_NOT_RETRY } },
    retry,
    secondaryLimits,
  );
  // A GET the job repeats costs a 304 (src/github/conditional-reads.ts); the job's requests and
  // GitHub's rate-limit headers are counted (src/github/rate-budget.ts).
  conditionalReads(octokit);
  trackBudget(octokit);
  return octokit;
}
