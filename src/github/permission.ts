/**
 * Who may run a command: the collaborator permission endpoint's `role_name`, not
 * `author_association`, which says how someone relates to the repository, not what they may do
 * (it stands in for `read` only, for commands that change nothing: command-permissions.ts).
 * Cached per (repository, user) for a short while: a burst of commands costs one look-up.
 */
import { PERMISSIONS, type Permission, type PermissionLevel } from '../engine/index.js';
import { type GitHubClient, httpStatus, type RepoRef, repoSlug } from './client.js';

export type { PermissionLevel };

export interface PermissionCacheOptions {
  ttlMs?: number;
  now?: () => number;
}

export const DEFAULT_PERMISSION_TTL_MS = 60_000;

export class PermissionCache {
  private readonly entries = new Map<string, { level: PermissionLevel; expiresAt: number }>();
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: PermissionCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? DEFAULT_PERMISSION_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  get(repo: RepoRef, username: string): PermissionLevel | undefined {
    const key = cacheKey(repo, username);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.level;
  }

  set(repo: RepoRef, username: string, level: PermissionLevel): void {
    this.entries.set(cacheKey(repo, username), { level, expiresAt: this.now() + this.ttlMs });
  }
}

// Logins are case-insensitive on GitHub; repository names too.
const cacheKey = (repo: RepoRef, username: string) => `${repoSlug(repo)}\u0000${username}`.toLowerCase();

const processCache = new PermissionCache();

/**
 * The user's permission on the repository. A custom role's `role_name` is its own name, so the
 * base `permission` (admin/write/read) stands in for it. 404 (not a collaborator, no such user) is `none`.
 */
export async function getPermission(
  octokit: GitHubClient,
  repo: RepoRef,
  username: string,
  cache: PermissionCache = processCache,
): Promise<PermissionLevel> {
  const cached = cache.get(repo, username);
  if (cached) return cached;
  let level: PermissionLevel;
  try {
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/collaborators/{username}/permission', {
      ...repo,
      username,
    });
    level = toLevel(data.role_name) ?? toLevel(data.permission) ?? 'none';
  } catch (error) {
    if (httpStatus(error) !== 404) throw error;
    level = 'none';
  }
  cache.set(repo, username, level);
  return level;
}

function toLevel(name: string | undefined | null): Permission | undefined {
  return (PERMISSIONS as readonly string[]).includes(name ?? '') ? (name as Permission) : undefined;
}
