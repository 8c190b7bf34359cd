/**
 * The leases an Action job takes: by git push (git-lease.ts), which costs none of the workflow
 * token's 1,000 API requests an hour, and over the REST API (ref-lock.ts) only when git cannot
 * reach the repository (no git on a self-hosted runner, a server that refuses the push). Both
 * keepers move the same lock ref, so a job that falls back still excludes every other writer.
 * The fall-back is said once in the job's log and holds for the rest of the job; a lease is
 * always given back by the keeper that took it.
 */
import { join } from 'node:path';
import { parseDuration, type Result } from '../../engine/index.js';
import type { GitHubClient, RepoRef } from '../../github/client.js';
import { DEFAULT_LOCK_TTL_MS, DEFAULT_LOCK_WAIT_MS } from '../../github/store/comment-store.js';
import type { LeaseKeeper, RefLease } from '../../github/store/lease.js';
import { refLockKeeper } from '../../github/store/ref-lock.js';
import { remoteAuthEnv } from '../../runner/remote-auth.js';
import { createGitLeaseKeeper } from './git-lease.js';

export interface ActionLeaseOptions {
  octokit: GitHubClient;
  repo: RepoRef;
  /** GITHUB_SERVER_URL: the repository's git lives at `<serverUrl>/<owner>/<repo>.git`. */
  serverUrl: string;
  token: string;
  /** RUNNER_TEMP: the private repository the lock commits are made in goes below it. */
  runnerTemp: string;
  /** One process: a lease this holder finds still held after a failed release is its own. */
  holder: string;
  /** The config's `lock_ttl`. */
  lockTtl: string;
  now: () => Date;
  warn: (message: string) => void;
  sleep?: (ms: number) => Promise<void>;
}

export function actionLeaseKeeper(options: ActionLeaseOptions): LeaseKeeper {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const common = {
    holder: options.holder,
    ttlMs: parseDuration(options.lockTtl) ?? DEFAULT_LOCK_TTL_MS,
    waitMs: DEFAULT_LOCK_WAIT_MS,
    now: options.now,
    sleep,
  };
  const url = `${options.serverUrl.replace(/\/+$/, '')}/${options.repo.owner}/${options.repo.repo}.git`;
  const byGit = createGitLeaseKeeper({
    ...common,
    url,
    env: remoteAuthEnv(options.serverUrl, options.token),
    dir: join(options.runnerTemp, 'molecular-leases'),
  });
  const byApi = refLockKeeper(options.octokit, options.repo, common);
  const takenByApi = new WeakSet<RefLease>();
  let gitFailed = false;

  return {
    get recordsRev() {
      return !gitFailed;
    },
    async acquire(molId: string): Promise<Result<RefLease>> {
      if (!gitFailed) {
        const lease = await byGit.acquire(molId);
        if (lease.ok || lease.error.code !== 'lock-failed') return lease;
        gitFailed = true;
        options.warn(
          `the molecule lease is taken over the API from now on (3 requests a write): git could not reach ${url}: ${lease.error.message}`,
        );
      }
      const lease = await byApi.acquire(molId);
      if (lease.ok) takenByApi.add(lease.value);
      return lease;
    },
    release(lease: RefLease, rev: number | undefined): Promise<void> {
      return takenByApi.has(lease) ? byApi.release(lease, rev) : byGit.release(lease, rev);
    },
  };
}
