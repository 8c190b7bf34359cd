/**
 * The one Octokit setup, for both faces: plugin-retry (a 5xx is retried with backoff rather than
 * failing the step; 403/429 are left to the next rule) and the secondary-limit rule
 * (secondary-limit.ts), composed once.
 *
 * The Action builds its client here from @actions/github's (it honours GITHUB_API_URL, read when
 * the module is first imported, and the runner's proxy settings). @octokit/plugin-throttling
 * would wait limits out too, but it also spaces every write a second apart: ten seconds more per
 * step job. The App is handed its clients by `probot run` (with Probot's own throttling and
 * retry already in them) and fits each one with `fitProbotOctokit`.
 */
import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import type { GitHubClient } from './client.js';
import {
  type HookableOctokit,
  RETRY_DO_NOT_RETRY,
  type SecondaryLimitOptions,
  secondaryLimits,
} from './secondary-limit.js';

export function createActionOctokit(token: string, secondaryLimit: SecondaryLimitOptions = {}): GitHubClient {
  return getOctokit(
    token,
    { secondaryLimit, retry: { doNotRetry: RETRY_DO_NOT_RETRY } },
    retry,
    secondaryLimits,
  );
}

/** The App's side: Probot builds its Octokits, this adds the rule Molecular needs on top (once per client). */
export function fitProbotOctokit<T extends HookableOctokit>(octokit: T): T {
  secondaryLimits(octokit);
  return octokit;
}
