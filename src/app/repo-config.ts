/**
 * `.github/molecular.yml` through Probot's `context.config` (default branch only; an org-wide
 * `.github` repository and `_extends` work as in every Probot app), checked by the adapter's
 * schema. Kept per repository for a short while: without it every webhook would cost one or
 * two extra calls before doing anything.
 */
import type { Context, ProbotOctokit } from 'probot';
import type { Result } from '../engine/index.js';
import { httpStatus, type RepoRef } from '../github/client.js';
import { CONFIG_PATH, type Config, validateConfig } from '../github/config.js';
import { BoundedCache } from '../shell/bounded-cache.js';

const CONFIG_FILE = 'molecular.yml';

export class RepoConfigs {
  private readonly cache = new BoundedCache<string, { config: Result<Config>; until: number }>(1_000);

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => Date,
  ) {}

  /** From a webhook's context. */
  forContext(context: Context, repo: RepoRef): Promise<Result<Config>> {
    return this.cached(repo, () => context.config(CONFIG_FILE));
  }

  /** From an installation client (the patrol timer has no webhook context). */
  forOctokit(octokit: ProbotOctokit, repo: RepoRef): Promise<Result<Config>> {
    return this.cached(repo, async () => {
      const { config, files } = await octokit.config.get({ ...repo, path: CONFIG_PATH });
      return files.some((f) => f.config !== null) ? config : null;
    });
  }

  private async cached(repo: RepoRef, read: () => Promise<unknown>): Promise<Result<Config>> {
    const key = `${repo.owner}/${repo.repo}`.toLowerCase();
    const at = this.now().getTime();
    const hit = this.cache.get(key);
    if (hit && hit.until > at) return hit.config;
    let config: Result<Config>;
    try {
      config = validateConfig(await read());
    } catch (error) {
      // The config plugin throws on YAML it cannot parse: a config problem. GitHub failing is not.
      if (httpStatus(error) !== undefined) throw error;
      config = {
        ok: false,
        error: { code: 'config-invalid', message: (error as Error).message, file: CONFIG_PATH },
      };
    }
    if (this.ttlMs > 0) this.cache.set(key, { config, until: at + this.ttlMs });
    return config;
  }
}
