/**
 * The one Octokit setup, for both faces: plugin-retry (a 5xx is retried with backoff rather than
 * failing the step; 403/429 are left to the next rule) and the secondary-limit rule
 * (secondary-limit.ts), composed once.
 *
 * The Action builds its client here from @actions/github's (it honours GITHUB_API_URL, read when
 * the module is first imported, and the runner's proxy settings). @octokit/plugin-throttling
 * would wait limits out too, but it also spaces every write a second apart: ten seconds more per
 * step job. The App is handed its clients by `probot run` (with Probot's own throttling and
 * retry already in them) and rebuilds each one with `oneRuleOctokit`: `probot run` builds every client with @octokit/plugin-throttling and @octokit/plugin-retry under
 * Probot's callbacks, and those wait too: plugin-retry sends a 429 again three times (1, 4, 9 s,
 * whatever `retry-after` says) before src/github/secondary-limit.ts sees it and waits once more, up
 * to 16 sends; the throttler sits out a primary limit until its reset, twice (up to two hours); and
 * it spaces every write a second apart. So the App rebuilds the client Probot handed over from the
 * same options and token (no request), throttling off and 429 left to the secondary-limit rule.
 */
import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import type { GitHubClient } from './client.js';
import { conditionalReads } from './conditional-reads.js';
import { trackBudget } from './rate-budget.js';
import { RETRY_DO_NOT_RETRY, type SecondaryLimitOptions, secondaryLimits } from './secondary-limit.js';

export function createActionOctokit(token: string, secondaryLimit: SecondaryLimitOptions = {}): GitHubClient {
  const octokit = getOctokit(
    token,
    { secondaryLimit, retry: { doNotRetry: RETRY_DO_NOT_RETRY } },
    retry,
    secondaryLimits,
  );
  // A GET the job repeats costs a 304 (conditional-reads.ts); the job's requests and GitHub's
  // rate-limit headers are counted (rate-budget.ts).
  conditionalReads(octokit);
  trackBudget(octokit);
  return octokit;
}

/** The slice of a Probot Octokit this needs: its auth, which hands over its own options. */
interface ProbotAuthed {
  auth: (options: Record<string, unknown>) => Promise<unknown>;
}

interface FactoryArgs {
  octokit: { constructor: new (options: Record<string, unknown>) => unknown };
  octokitOptions: Record<string, unknown>;
}

const REBUILT = Symbol.for('molecular.one-rule');

/**
 * `octokit` (context.octokit, or app.auth(id)) rebuilt with one rate-limit rule. A client that
 * cannot be rebuilt (not token-authenticated) gets the rule on top of what it has.
 */
export async function oneRuleOctokit<T extends object>(
  octokit: T,
  installationId: number | undefined,
): Promise<T> {
  if ((octokit as Record<symbol, unknown>)[REBUILT] || installationId === undefined) {
    secondaryLimits(octokit as never);
    return octokit;
  }
  const rebuilt = (await (octokit as unknown as ProbotAuthed).auth({
    type: 'installation',
    installationId,
    factory: ({ octokit: base, octokitOptions }: FactoryArgs) =>
      new base.constructor({
        ...octokitOptions,
        throttle: { enabled: false },
        retry: { ...(octokitOptions.retry as object | undefined), doNotRetry: RETRY_DO_NOT_RETRY },
        // As Probot's own getAuthenticatedOctokit: the installation on top of the app's or token's auth.
        auth: { ...(octokitOptions.auth as object | undefined), installationId },
      }),
  })) as T;
  if (typeof (rebuilt as { request?: unknown }).request !== 'function') {
    // Not token-authenticated: auth answered with a token, not a client.
    secondaryLimits(octokit as never);
    return octokit;
  }
  (rebuilt as Record<symbol, unknown>)[REBUILT] = true;
  secondaryLimits(rebuilt as never);
  return rebuilt;
}
