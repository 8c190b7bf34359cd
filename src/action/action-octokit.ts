/**
 * The Octokit of a job: @actions/github's (it honours GITHUB_API_URL, read when the module is
 * first imported, and the runner's proxy settings) with @octokit/plugin-retry, so a 5xx is
 * retried with backoff rather than failing the step. plugin-retry never retries a 403, and a 403
 * with `retry-after` is how GitHub answers a secondary rate limit (wait it out), so a
 * hook waits what GitHub asks and sends the request again, a few times at most. A refused request
 * changed nothing on GitHub, so sending it again is safe. (@octokit/plugin-throttling does this
 * too, but also spaces every write a second apart: ten seconds more per step job.)
 */
import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { type GitHubClient, httpMessage, httpStatus } from '../github/client.js';

/** Limits waited out per request, and the longest `retry-after` a job sits through. */
const LIMIT_RETRIES = 3;
const MAX_WAIT_SECONDS = 120;
const ATTEMPT = 'molecularLimitRetries';

export function createActionOctokit(
  token: string,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): GitHubClient {
  const octokit = getOctokit(token, {}, retry);
  octokit.hook.error('request', async (error, options) => {
    const wait = secondaryLimitWait(error);
    const request = (options.request ?? {}) as Record<string, unknown>;
    const attempt = Number(request[ATTEMPT] ?? 0);
    if (wait === undefined || wait > MAX_WAIT_SECONDS || attempt >= LIMIT_RETRIES) throw error;
    await sleep(wait * 1000);
    return octokit.request({ ...options, request: { ...request, [ATTEMPT]: attempt + 1 } } as never);
  });
  return octokit;
}

/** Seconds GitHub asks to wait when `error` is a secondary rate limit (a 403); undefined otherwise. */
export function secondaryLimitWait(error: unknown): number | undefined {
  if (httpStatus(error) !== 403) return undefined;
  const headers = ((error as { response?: { headers?: Record<string, unknown> } }).response?.headers ??
    {}) as Record<string, unknown>;
  const secondary = /secondary rate limit/i.test(httpMessage(error));
  if (!secondary && headers['retry-after'] === undefined) return undefined;
  const seconds = Number(headers['retry-after'] ?? 60);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : 60;
}
