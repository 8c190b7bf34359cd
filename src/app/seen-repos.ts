/**
 * The repositories this process has had webhooks from, with their installation: what the patrol
 * timer walks. Listing every installation's repositories would cost calls per round for
 * repositories that never use Molecular; a repository with a live molecule has sent events.
 */
import type { RepoRef } from '../github/client.js';

export interface SeenRepo {
  repo: RepoRef;
  installationId?: number;
}

export class SeenRepos {
  private readonly repos = new Map<string, SeenRepo>();

  constructor(private readonly max = 10_000) {}

  add(repo: RepoRef, installationId: number | undefined): void {
    const key = `${repo.owner}/${repo.repo}`.toLowerCase();
    if (!this.repos.has(key) && this.repos.size >= this.max) return;
    this.repos.set(key, {
      repo: { owner: repo.owner, repo: repo.repo },
      ...(installationId ? { installationId } : {}),
    });
  }

  list(): SeenRepo[] {
    return [...this.repos.values()];
  }
}
