/**
 * The leases a face takes: by git push (git-lease.ts), which costs no API request (none of the
 * workflow token's 1,000 an hour, none of an installation's 5,000), and over the REST API
 * (ref-lock.ts) only when git cannot reach the repository (a server that does not speak git's
 * smart HTTP, refuses the token or the push). Both keepers move the same lock ref, so a
 * process that falls back still excludes every other writer. The fall-back is said once; a lease
 * is always given back by the keeper that took it.
 *
 * An Action job (`actionLeaseKeeper`) falls back for the rest of the job. The App keeps one
 * `GitFirstLeases` per repository for as long as it runs (src/app/app-leases.ts): its token is
 * asked for each push (installation tokens rotate), each delivery's client carries the REST
 * fall-back, and git is tried again `retryGitAfterMs` after it failed.
 */
import { parseDuration, type Result } from '../../engine/index.js';
import type { GitHubClient, RepoRef } from '../../github/client.js';
import { DEFAULT_LOCK_TTL_MS, DEFAULT_LOCK_WAIT_MS } from '../../github/store/comment-store.js';
import type { LeaseKeeper, RefLease } from '../../github/store/lease.js';
import { refLockKeeper } from '../../github/store/ref-lock.js';
import { createGitLeaseKeeper } from './git-lease.js';

export interface GitFirstOptions {
  repo: RepoRef;
  /** Where git serves repositories: this one lives at `<gitBaseUrl>/<owner>/<repo>.git`. */
  gitBaseUrl: string;
  /** The token for one request to git, asked each time. */
  token: () => Promise<string>;
  /** The longest one request to git may take (git-lease.ts's default: 30 s). */
  requestTimeoutMs?: number;
  /** One process: a lease this holder finds still held after a failed release is its own. */
  holder: string;
  /** The config's `lock_ttl`. */
  lockTtl: string;
  now: () => Date;
  warn: (message: string) => void;
  sleep?: (ms: number) => Promise<void>;
  /** After git failed, the REST keeper for this long, then git again; default: for good. */
  retryGitAfterMs?: number;
}

export interface GitFirstLeases {
  /** The lease keeper whose fall-back calls go through `octokit`. */
  keeper(octokit: GitHubClient): LeaseKeeper;
  /** Closes the git keeper's connections once no request runs on them. */
  dispose(): Promise<void>;
}

export function gitFirstLeases(options: GitFirstOptions): GitFirstLeases {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const common = {
    holder: options.holder,
    ttlMs: parseDuration(options.lockTtl) ?? DEFAULT_LOCK_TTL_MS,
    waitMs: DEFAULT_LOCK_WAIT_MS,
    now: options.now,
    sleep,
  };
  const base = options.gitBaseUrl.replace(/\/+$/, '');
  const url = `${base}/${options.repo.owner}/${options.repo.repo}.git`;
  const byGit = createGitLeaseKeeper({
    ...common,
    url,
    token: options.token,
    ...(options.requestTimeoutMs !== undefined ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
  });
  const takenByApi = new WeakSet<RefLease>();
  /** When git last failed; undefined while it works. */
  let gitFailedAt: number | undefined;
  const byGitNow = () => {
    if (gitFailedAt === undefined) return true;
    const retry = options.retryGitAfterMs;
    return retry !== undefined && options.now().getTime() - gitFailedAt >= retry;
  };

  const keeper = (octokit: GitHubClient): LeaseKeeper => {
    const byApi = refLockKeeper(octokit, options.repo, common);
    // Asked of a lease this keeper gave: false from its first lease over the API on, even when
    // another delivery's keeper finds git working again meanwhile (that lease records nothing).
    let tookByApi = false;
    return {
      get recordsRev() {
        return !tookByApi;
      },
      async acquire(molId: string): Promise<Result<RefLease>> {
        if (byGitNow()) {
          const lease = await byGit.acquire(molId);
          if (lease.ok || lease.error.code !== 'lock-failed') {
            gitFailedAt = undefined;
            return lease;
          }
          const again = gitFailedAt !== undefined;
          gitFailedAt = options.now().getTime();
          if (!again) {
            const until =
              options.retryGitAfterMs === undefined
                ? 'from now on'
                : `for ${Math.round(options.retryGitAfterMs / 60_000)} min at a time`;
            options.warn(
              `the molecule lease is taken over the API ${until} (3 requests a write): git could not reach ${url}: ${lease.error.message}`,
            );
          }
        }
        tookByApi = true;
        const lease = await byApi.acquire(molId);
        if (lease.ok) takenByApi.add(lease.value);
        return lease;
      },
      release(lease: RefLease, rev: number | undefined): Promise<void> {
        return takenByApi.has(lease) ? byApi.release(lease, rev) : byGit.release(lease, rev);
      },
    };
  };

  return { keeper, dispose: () => byGit.dispose() };
}

export interface ActionLeaseOptions {
  octokit: GitHubClient;
  repo: RepoRef;
  /** GITHUB_SERVER_URL: the repository's git lives at `<serverUrl>/<owner>/<repo>.git`. */
  serverUrl: string;
  token: string;
  holder: string;
  lockTtl: string;
  now: () => Date;
  warn: (message: string) => void;
  sleep?: (ms: number) => Promise<void>;
}

/** A job's keeper: the job's one token, and the REST keeper for the rest of the job once git failed. */
export function actionLeaseKeeper(options: ActionLeaseOptions): LeaseKeeper {
  const { octokit, serverUrl, token, ...rest } = options;
  return gitFirstLeases({
    ...rest,
    gitBaseUrl: serverUrl,
    token: async () => token,
  }).keeper(octokit);
}
