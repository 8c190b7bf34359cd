/**
 * GitHub's secondary rate limits (403 or 429 with `retry-after`, "You have exceeded a secondary
 * rate limit") must be waited out and retried. Probot builds its Octokit with
 * throttle callbacks whose `onSecondaryRateLimit` only logs, so under `probot run` such an answer
 * would fail the webhook and lose the event. This hook, added to each webhook's client, waits
 * what GitHub asks (bounded) and sends the request again, a few times at most. A refused request
 * changed nothing on GitHub, so sending it again is safe.
 */
import type { ProbotOctokit } from 'probot';
import { httpMessage, httpStatus } from '../github/client.js';

export interface SecondaryLimitOptions {
  maxRetries?: number;
  /** The longest wait honoured; a longer `retry-after` is cut to this. */
  maxWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const HOOKED = Symbol.for('molecular.secondary-limits');
const RETRIES = 'molecularSecondaryRetries';

export function honourSecondaryLimits(octokit: ProbotOctokit, options: SecondaryLimitOptions = {}): void {
  const marked = octokit as unknown as Record<symbol, boolean>;
  if (marked[HOOKED]) return;
  marked[HOOKED] = true;
  const maxRetries = options.maxRetries ?? 3;
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  octokit.hook.error('request', async (error, requestOptions) => {
    const retryAfter = retryAfterOf(error);
    const attempt = Number((requestOptions.request as Record<string, unknown> | undefined)?.[RETRIES] ?? 0);
    if (retryAfter === undefined || attempt >= maxRetries) throw error;
    octokit.log.warn(
      `secondary rate limit on ${requestOptions.method} ${requestOptions.url}: retrying in ${retryAfter} s (${attempt + 1} of ${maxRetries})`,
    );
    await sleep(Math.min(maxWaitMs, retryAfter * 1000));
    return octokit.request({
      ...requestOptions,
      request: { ...requestOptions.request, [RETRIES]: attempt + 1 },
    } as never);
  });
}

/** Seconds to wait when the error is a secondary rate limit; undefined for anything else. */
export function retryAfterOf(error: unknown): number | undefined {
  const status = httpStatus(error);
  if (status !== 403 && status !== 429) return undefined;
  const headers = ((error as { response?: { headers?: Record<string, unknown> } }).response?.headers ??
    {}) as Record<string, unknown>;
  const header = headers['retry-after'];
  const secondary = /secondary rate limit/i.test(httpMessage(error));
  // A primary limit (x-ratelimit-remaining 0) is Probot's throttler's to wait out; it retries it itself.
  if (!secondary && String(headers['x-ratelimit-remaining'] ?? '') === '0') return undefined;
  if (header === undefined && !secondary) return undefined;
  const seconds = Number(header ?? 60);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : 60;
}
