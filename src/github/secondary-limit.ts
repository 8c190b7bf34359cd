/**
 * GitHub's secondary rate limits, one rule for the App and the Action. A 403 or 429 saying
 * "secondary rate limit", or carrying `retry-after`, is waited out (`retry-after` seconds, 60 when
 * GitHub names none, as its docs ask) and sent again, at most SECONDARY_LIMIT_RETRIES times per
 * request. A refused request changed nothing on GitHub, so sending it again is safe.
 *
 * A wait longer than LONGEST_WAIT_SECONDS is not sat through: the request fails at once with
 * GitHub's answer. Retrying sooner than GitHub asked is only refused again (and GitHub may block an
 * integration that keeps knocking), and neither face can hold a webhook or a job open for minutes.
 *
 * A `retry-after` is honoured whatever the limit; a primary limit that names only its reset time
 * (`x-ratelimit-reset`, often most of an hour away) is not waited for: the request fails with
 * GitHub's answer. The Action's @octokit/plugin-retry is told to leave 429 to this rule, so a limit
 * is retried by one rule, not two.
 *
 * `secondaryLimits` is an Octokit plugin: the Action composes it into its client
 * (octokit.ts); the App applies it to each Octokit Probot hands over, since `probot run`
 * builds those itself (with throttling whose secondary-limit callback only logs, and plugin-retry).
 * Either way it is installed once per client.
 */
import { httpMessage, httpStatus } from './client.js';

export const SECONDARY_LIMIT_RETRIES = 3;
export const LONGEST_WAIT_SECONDS = 120;
/** plugin-retry's own list plus 429, which this rule answers (see above). */
export const RETRY_DO_NOT_RETRY = [400, 401, 403, 404, 410, 422, 429, 451];
/** What GitHub's docs ask for when a secondary limit names no `retry-after`. */
const DEFAULT_WAIT_SECONDS = 60;

export interface SecondaryLimitOptions {
  /** Replaced in tests; the default waits on a timer. */
  sleep?: (ms: number) => Promise<void>;
}

/** The slice of an Octokit the plugin uses: its request, its error hook and its logger. */
export interface HookableOctokit {
  request: (options: never) => Promise<unknown>;
  hook: {
    error: (
      name: 'request',
      hook: (error: unknown, options: { method?: string; url?: string; request?: object }) => unknown,
    ) => void;
  };
  log?: { warn: (message: string) => void };
}

const INSTALLED = Symbol.for('molecular.secondary-limit');
const ATTEMPT = 'molecularSecondaryLimitRetries';

const sleepOnTimer = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The Octokit plugin (`Octokit.plugin(secondaryLimits)`, or `getOctokit(token, options,
 * secondaryLimits)`); its options come from the constructor's `secondaryLimit`.
 */
export function secondaryLimits(
  octokit: HookableOctokit,
  options: { secondaryLimit?: SecondaryLimitOptions; [option: string]: unknown } = {},
): Record<string, never> {
  const marked = octokit as unknown as Record<symbol, boolean>;
  if (marked[INSTALLED]) return {};
  marked[INSTALLED] = true;
  const sleep = options.secondaryLimit?.sleep ?? sleepOnTimer;
  octokit.hook.error('request', async (error, requestOptions) => {
    const wait = secondaryLimitWait(error);
    const request = (requestOptions.request ?? {}) as Record<string, unknown>;
    const attempt = Number(request[ATTEMPT] ?? 0);
    if (wait === undefined || wait > LONGEST_WAIT_SECONDS || attempt >= SECONDARY_LIMIT_RETRIES) throw error;
    octokit.log?.warn(
      `secondary rate limit on ${requestOptions.method} ${requestOptions.url}: retrying in ${wait} s (${attempt + 1} of ${SECONDARY_LIMIT_RETRIES})`,
    );
    await sleep(wait * 1000);
    return octokit.request({ ...requestOptions, request: { ...request, [ATTEMPT]: attempt + 1 } } as never);
  });
  return {};
}

/** Seconds GitHub asks to wait when `error` is a rate limit this rule waits out; undefined for anything else. */
export function secondaryLimitWait(error: unknown): number | undefined {
  const status = httpStatus(error);
  if (status !== 403 && status !== 429) return undefined;
  const headers = ((error as { response?: { headers?: Record<string, unknown> } }).response?.headers ??
    {}) as Record<string, unknown>;
  const header = headers['retry-after'];
  const secondary = /secondary rate limit/i.test(httpMessage(error));
  if (header === undefined && !secondary) return undefined;
  const seconds = Number(header ?? DEFAULT_WAIT_SECONDS);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : DEFAULT_WAIT_SECONDS;
}
