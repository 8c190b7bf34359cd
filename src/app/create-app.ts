/**
 * The Probot app: thin. Each webhook becomes a GitHubContext (octokit, repository, config,
 * identity, clock) and goes to the face-neutral handler of src/handlers; the App adds only what
 * is Probot's — `context.config`, its identity, its logger — and a patrol timer.
 */
import type { ApplicationFunction, Context, Probot } from 'probot';
import { repoSlug } from '../github/client.js';
import { conditionalReads, ReadCache } from '../github/conditional-reads.js';
import { oneRuleOctokit } from '../github/octokit.js';
import { RateBudget, trackBudget } from '../github/rate-budget.js';
import { reportConfigProblem } from '../shell/github/config-problem.js';
import type { GitHubContext, GitHubLog } from '../shell/github/github-context.js';
import type { HandlerResult } from '../webhooks/handler-result.js';
import { mayConcernMolecular } from '../webhooks/may-concern.js';
import { INSTALLATION_HANDLERS, REPO_HANDLERS } from '../webhooks/route-event.js';
import { identityOf, slugResolver } from './app-identity.js';
import { AppLeases } from './app-leases.js';
import { DEFAULT_CONFIG_TTL_MS, type MolecularAppOptions } from './app-options.js';
import { explainingOn } from './explain-failure.js';
import { leasesFor, lockFor } from './lock-mode.js';
import { startPatrolTimer } from './patrol-timer.js';
import { pourSnapshot } from './pour-snapshot.js';
import { RepoConfigs } from './repo-config.js';
import { SeenRepos } from './seen-repos.js';

export function createMolecularApp(options: MolecularAppOptions = {}): ApplicationFunction {
  return (app: Probot) => {
    const now = options.now ?? (() => new Date());
    const slugOf = slugResolver(app, options.slug);
    const configs = new RepoConfigs(options.configTtlMs ?? DEFAULT_CONFIG_TTL_MS, now);
    const seen = new SeenRepos();
    // Leases by git push, one keeper per repository (app-leases.ts): no API request per lease.
    const leases = new AppLeases({
      ...options.leases,
      ...(options.gitBaseUrl !== undefined ? { gitBaseUrl: options.gitBaseUrl } : {}),
      now,
      warn: (message) => app.log.warn(message),
    });
    // Per installation: its 5,000 an hour are shared by every delivery and the patrol timer, and
    // the reads one delivery kept let the next ask conditionally (a 304 is not counted).
    const installations = new Map<number, { budget: RateBudget; reads: ReadCache }>();
    const installationOf = (installation: number | undefined) => {
      if (installation === undefined) return { budget: new RateBudget(), reads: new ReadCache() };
      const known = installations.get(installation);
      if (known) return known;
      const fresh = { budget: new RateBudget(), reads: new ReadCache() };
      installations.set(installation, fresh);
      return fresh;
    };
    const on = explainingOn(app);

    const base = async (context: Context) => {
      const installation = (context.payload as { installation?: { id?: number } }).installation?.id;
      const octokit = await oneRuleOctokit(context.octokit, installation);
      const kept = installationOf(installation);
      conditionalReads(octokit, kept.reads);
      const budget = trackBudget(octokit, kept.budget);
      // context.config reads through it too.
      context.octokit = octokit;
      const slug = await slugOf();
      return {
        octokit,
        payload: context.payload,
        deliveryId: context.id,
        log: logOf(context),
        now,
        slug,
        budget,
      };
    };

    for (const [name, handler] of Object.entries(REPO_HANDLERS)) {
      on(name as keyof typeof REPO_HANDLERS, async (context: Context) => {
        if (!mayConcernMolecular(context.name, context.payload)) {
          context.log.debug(`${context.name}: nothing for Molecular`);
          return;
        }
        const repo = context.repo();
        const payload = context.payload as {
          installation?: { id?: number };
          repository?: { default_branch?: string };
        };
        seen.add(repo, payload.installation?.id);
        const { slug, budget, ...rest } = await base(context);
        const config = await configs.forContext(context, repo);
        if (!config.ok) {
          await reportConfigProblem(
            { ...rest, identity: identityOf(slug) },
            repo,
            context.name,
            config.error,
          );
          return;
        }
        const identity = identityOf(slug, config.value.trusted_writers);
        const ctx: GitHubContext = {
          ...rest,
          repo,
          config: config.value,
          identity,
          ...(payload.repository?.default_branch ? { defaultBranch: payload.repository.default_branch } : {}),
          ...(options.stateKey ? { stateKey: options.stateKey } : {}),
          lock: lockFor(config.value),
          ...(await leasesFor(leases, rest.octokit, repo, config.value, identity)),
        };
        Object.assign(ctx, await pourSnapshot(ctx));
        logResult(context, repoSlug(repo), await handler(ctx));
        if (budget.low())
          context.log.warn(
            `${repoSlug(repo)}: the rate budget is low (${budget.describe()}): patrol waits until it resets`,
          );
      });
    }

    for (const [name, handler] of Object.entries(INSTALLATION_HANDLERS)) {
      on(name as keyof typeof INSTALLATION_HANDLERS, async (context: Context) => {
        const { slug, budget: _budget, ...rest } = await base(context);
        const result = await handler({ ...rest, identity: identityOf(slug) });
        logResult(context, 'installation', result);
      });
    }

    if ((options.patrolIntervalMs ?? 0) > 0) {
      startPatrolTimer({
        app,
        seen,
        configs,
        slugOf,
        now,
        intervalMs: options.patrolIntervalMs as number,
        installationOf,
        stateKey: options.stateKey,
        leases,
      });
    }
  };
}

function logOf(context: Context): GitHubLog {
  const log = context.log;
  return {
    debug: (m) => log.debug(m),
    info: (m) => log.info(m),
    warn: (m) => log.warn(m),
    error: (m) => log.error(m),
  };
}

function logResult(context: Context, where: string, result: HandlerResult): void {
  const action = (context.payload as { action?: string }).action;
  const line = `${context.name}${action ? `.${action}` : ''} ${where}: ${result.status}: ${result.detail}`;
  if (result.status === 'ignored') context.log.debug(line);
  else context.log.info(line);
}
