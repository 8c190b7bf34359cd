/**
 * The App's patrol: every interval, one round of the shared patrol runner over each
 * repository the App has heard from, with that installation's token. Rounds never overlap; the
 * timer does not keep the process alive, and one repository failing does not stop the others.
 */
import type { Probot } from 'probot';
import { describeApiFailure } from '../github/api-failure.js';
import { repoSlug } from '../github/client.js';
import { conditionalReads, type ReadCache } from '../github/conditional-reads.js';
import { oneRuleOctokit } from '../github/octokit.js';
import { type RateBudget, trackBudget } from '../github/rate-budget.js';
import type { GitHubContext } from '../shell/github/github-context.js';
import { runPatrol } from '../shell/github/github-patrol.js';
import { identityOf } from './app-identity.js';
import type { AppLeases } from './app-leases.js';
import { leasesFor, lockFor } from './lock-mode.js';
import type { RepoConfigs } from './repo-config.js';
import type { SeenRepos } from './seen-repos.js';

export interface PatrolTimerOptions {
  app: Probot;
  seen: SeenRepos;
  configs: RepoConfigs;
  slugOf: () => Promise<string>;
  now: () => Date;
  intervalMs: number;
  stateKey?: string | undefined;
  /** The installation's rate budget and kept reads, shared with its webhooks (a low budget defers the round). */
  installationOf?: (installationId: number) => { budget: RateBudget; reads: ReadCache };
  /** The App's git lease keepers, shared with its webhooks; absent: the REST keeper. */
  leases?: AppLeases;
}

/** Starts the timer; the returned function stops it. */
export function startPatrolTimer(options: PatrolTimerOptions): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    patrolAll(options)
      .catch((error: unknown) => options.app.log.error(`patrol: ${(error as Error).message}`))
      .finally(() => {
        running = false;
      });
  }, options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

export async function patrolAll(options: PatrolTimerOptions): Promise<void> {
  const { app } = options;
  const slug = await options.slugOf();
  for (const { repo, installationId } of options.seen.list()) {
    const where = repoSlug(repo);
    try {
      const octokit = await oneRuleOctokit(await app.auth(installationId), installationId);
      const kept = installationId === undefined ? undefined : options.installationOf?.(installationId);
      conditionalReads(octokit, kept?.reads);
      trackBudget(octokit, kept?.budget);
      const config = await options.configs.forOctokit(octokit, repo);
      if (!config.ok) {
        app.log.warn(`patrol ${where}: ${config.error.message}`);
        continue;
      }
      const log = app.log.child({ name: 'molecular-patrol', repo: where });
      const identity = identityOf(slug, config.value.trusted_writers);
      const ctx: GitHubContext = {
        octokit,
        repo,
        payload: {},
        deliveryId: `patrol ${options.now().toISOString()}`,
        log: {
          debug: (m) => log.debug(m),
          info: (m) => log.info(m),
          warn: (m) => log.warn(m),
          error: (m) => log.error(m),
        },
        identity,
        now: options.now,
        config: config.value,
        ...(options.stateKey ? { stateKey: options.stateKey } : {}),
        lock: lockFor(config.value),
        ...(options.leases ? await leasesFor(options.leases, octokit, repo, config.value, identity) : {}),
      };
      const report = await runPatrol(ctx);
      if (report.deferred !== undefined) {
        log.warn(`patrol deferred: ${report.deferred}; the next round patrols`);
        continue;
      }
      if (report.done.length > 0 || report.problems.length > 0) {
        log.info(
          `patrol: ${report.surveyed} molecules; done: ${report.done.join(', ') || 'nothing'}; problems: ${report.problems.join('; ') || 'none'}`,
        );
      }
    } catch (error) {
      app.log.warn(`patrol ${where}: ${describeApiFailure(error, 'app') ?? (error as Error).message}`);
    }
  }
}
