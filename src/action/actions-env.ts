/**
 * What the runner tells a JavaScript action through its environment: which repository, which run,
 * where the checkout is, and the event that started the workflow (a JSON file). Read once, so the
 * modes take plain values and tests pass their own.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { err, ok, type Result } from '../engine/index.js';
import type { RepoRef } from '../github/client.js';

export interface ActionsEnv {
  repo: RepoRef;
  /** GITHUB_RUN_ID: the lease holder of the steps this job runs. */
  runId?: string;
  /** GITHUB_WORKSPACE: the checkout. */
  workspace: string;
  /** RUNNER_TEMP: scratch space that the next job never sees. */
  runnerTemp: string;
  eventName?: string;
  eventPath?: string;
  /** For links in summaries and check runs: `https://github.com`. */
  serverUrl: string;
}

export function readActionsEnv(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): Result<ActionsEnv> {
  const slug = env.GITHUB_REPOSITORY ?? '';
  const [owner, repo, extra] = slug.split('/');
  if (!owner || !repo || extra !== undefined) {
    return err(
      'env-invalid',
      `GITHUB_REPOSITORY is "${slug}", not "owner/repo": Molecular runs as a step of a GitHub Actions workflow`,
    );
  }
  return ok({
    repo: { owner, repo },
    ...(env.GITHUB_RUN_ID ? { runId: env.GITHUB_RUN_ID } : {}),
    workspace: env.GITHUB_WORKSPACE || cwd,
    runnerTemp: env.RUNNER_TEMP || tmpdir(),
    ...(env.GITHUB_EVENT_NAME ? { eventName: env.GITHUB_EVENT_NAME } : {}),
    ...(env.GITHUB_EVENT_PATH ? { eventPath: env.GITHUB_EVENT_PATH } : {}),
    serverUrl: env.GITHUB_SERVER_URL || 'https://github.com',
  });
}

/** The event payload; `{}` when the run has none (a local try-out). */
export function readEventPayload(path: string | undefined): Result<Record<string, unknown>> {
  if (path === undefined) return ok({});
  try {
    const data = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      return err('event-invalid', `the event payload ${path} is not a JSON object`);
    }
    return ok(data as Record<string, unknown>);
  } catch (error) {
    return err('event-invalid', `cannot read the event payload ${path}: ${(error as Error).message}`);
  }
}
