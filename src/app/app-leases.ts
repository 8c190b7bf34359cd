/**
 * The App's molecule leases by git push (src/shell/github/action-leases.ts): no API request per
 * lease, where the REST keeper spends 3 a write (2 and a read-back). The keeper speaks git's smart
 * HTTP itself, so the App's host needs no git. The App runs for weeks and serves many
 * repositories, so each repository's keeper (its kept-alive connections and the records it
 * remembers) is kept for the `maxRepos` repositories used last; one pushed out is put away. A
 * repository git cannot reach falls back alone, said once, and tries git again after
 * `retryGitAfterMs`.
 */
import type { GitHubClient, RepoRef } from '../github/client.js';
import { clientToken } from '../github/installation-token.js';
import type { LeaseKeeper } from '../github/store/lease.js';
import { BoundedCache } from '../shell/bounded-cache.js';
import { type GitFirstLeases, gitFirstLeases } from '../shell/github/action-leases.js';
import { gitBaseUrlOf } from './git-base-url.js';

export interface AppLeaseOptions {
  /** Where git serves repositories (`https://github.com`); default: from the API's base URL; false: no git. */
  gitBaseUrl?: string | false;
  /** Repositories whose keeper is kept (default 200); the one used longest ago goes first. */
  maxRepos?: number;
  /** After git failed for a repository, its leases go over the API this long (default 10 min). */
  retryGitAfterMs?: number;
  now: () => Date;
  warn: (message: string) => void;
}

interface RepoLeases {
  leases: GitFirstLeases;
  /** The client of the delivery that asked last: its installation token is the one to push with. */
  client: GitHubClient;
  /** What the keeper was made for: a config that changed its `lock_ttl` gets a new one. */
  lockTtl: string;
  holder: string;
}

export class AppLeases {
  private readonly repos: BoundedCache<string, RepoLeases>;
  private readonly putAway = new Set<Promise<void>>();

  constructor(private readonly options: AppLeaseOptions) {
    this.repos = new BoundedCache(options.maxRepos ?? 200, (_key, entry) => this.dispose(entry));
  }

  /** The keeper for a delivery's writes to `repo`; undefined: the REST keeper (no usable git). */
  async keeperFor(
    octokit: GitHubClient,
    repo: RepoRef,
    lock: { lockTtl: string; holder: string },
  ): Promise<LeaseKeeper | undefined> {
    if (this.options.gitBaseUrl === false) return undefined;
    const base = this.options.gitBaseUrl ?? gitBaseUrlOf(apiBaseUrl(octokit));
    const key = `${base}/${repo.owner}/${repo.repo}`.toLowerCase();
    let entry = this.repos.get(key);
    if (entry && (entry.lockTtl !== lock.lockTtl || entry.holder !== lock.holder)) {
      this.repos.delete(key);
      this.dispose(entry);
      entry = undefined;
    }
    if (!entry) {
      const made: RepoLeases = {
        client: octokit,
        lockTtl: lock.lockTtl,
        holder: lock.holder,
        leases: gitFirstLeases({
          repo,
          gitBaseUrl: base,
          token: () => clientToken(made.client),
          holder: lock.holder,
          lockTtl: lock.lockTtl,
          now: this.options.now,
          warn: this.options.warn,
          retryGitAfterMs: this.options.retryGitAfterMs ?? 600_000,
        }),
      };
      entry = made;
      this.repos.set(key, entry);
    }
    entry.client = octokit;
    return entry.leases.keeper(octokit);
  }

  /** Repositories with a keeper now (at most `maxRepos`). */
  get size(): number {
    return this.repos.size;
  }

  /** Puts every keeper away (their connections closed once their requests are answered). */
  async close(): Promise<void> {
    for (const entry of this.repos.values()) this.dispose(entry);
    this.repos.clear();
    await Promise.all([...this.putAway]);
  }

  private dispose(entry: RepoLeases): void {
    const done = entry.leases.dispose().finally(() => {
      this.putAway.delete(done);
    });
    this.putAway.add(done);
  }
}

/** The API base URL a client was made with (Probot's `baseUrl`, GHE_HOST's `/api/v3`). */
function apiBaseUrl(octokit: GitHubClient): string {
  return octokit.request.endpoint.DEFAULTS.baseUrl;
}
