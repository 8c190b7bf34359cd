/**
 * The App shares molecules with other processes — its own replicas, and the Action's step and
 * event jobs, which write the same state comment — so `lock: auto` takes the git-ref lease
 * like every other writer, by git push where the host has git (app-leases.ts). `lock: none` is
 * there for a single App replica whose repositories run no Molecular Action: no lease at all,
 * and a lost update if that promise is ever broken.
 */
import type { GitHubClient, RepoRef } from '../github/client.js';
import type { Config } from '../github/config.js';
import type { GitHubContext, Identity } from '../shell/github/github-context.js';
import { leaseHolder } from '../shell/github/molecule-store.js';
import type { AppLeases } from './app-leases.js';

export function lockFor(config: Pick<Config, 'lock'>): 'none' | 'ref' {
  return config.lock === 'none' ? 'none' : 'ref';
}

/** Who takes the lease: the repository's git keeper; none given (the REST keeper) without git or a lease. */
export async function leasesFor(
  leases: AppLeases,
  octokit: GitHubClient,
  repo: RepoRef,
  config: Pick<Config, 'lock' | 'lock_ttl'>,
  identity: Identity,
): Promise<Pick<GitHubContext, 'leases'>> {
  if (lockFor(config) === 'none') return {};
  const keeper = await leases.keeperFor(octokit, repo, {
    lockTtl: config.lock_ttl,
    holder: leaseHolder(identity.login),
  });
  return keeper ? { leases: keeper } : {};
}
