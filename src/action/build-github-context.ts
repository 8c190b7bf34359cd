/**
 * The Action as a face of the shared handlers: a GitHubContext built from the job's token,
 * repository, config and event. It writes as `github-actions[bot]` (the workflow token's
 * identity), believes state from it and from the App of the `app-slug` input (or from the
 * config's `trusted_writers`), takes the git-ref lease lock unless the config says `lock: none`
 * (several jobs of one molecule run at once), and keys idempotency on the run id, which a re-run
 * keeps.
 */

import type { GitHubClient, RepoRef } from '../github/client.js';
import type { Config } from '../github/config.js';
import { defaultTrustedWriters } from '../github/store/comment-trust.js';
import type { LeaseKeeper } from '../github/store/lease.js';
import type { GitHubContext, GitHubLog } from '../shell/github/github-context.js';
import type { ActionIO } from './action-io.js';
import { printData } from './print-data.js';

export const ACTIONS_LOGIN = 'github-actions[bot]';

export interface ActionHandlerOptions {
  octokit: GitHubClient;
  repo: RepoRef;
  config: Config;
  io: ActionIO;
  payload: unknown;
  /** GITHUB_RUN_ID, or a local name when run by hand. */
  runId: string;
  defaultBranch: string;
  now: () => Date;
  stateKey?: string;
  /** The Molecular App's slug (the `app-slug` input): `<slug>[bot]` is a trusted writer too. */
  appSlug?: string;
  onRejectedState?: GitHubContext['onRejectedState'];
  /** The `github-token` input is the workflow's own token. */
  workflowToken?: boolean;
  /** Who takes the lease under `lock: ref` (action-leases.ts); default the REST keeper. */
  leases?: LeaseKeeper;
}

/** Where the user looks (the PR body, the state comment, the job's log and summary), and the fix. */
export const WORKFLOW_TOKEN_CI_NOTE =
  "⚠️ CI will not run on this pull request: Molecular opened and pushed it with the workflow's `GITHUB_TOKEN`, and GitHub starts no workflow for that token's pushes and pull requests. Give the Molecular Action a token that does, in its `github-token` input: a GitHub App token (`actions/create-github-app-token`) or a fine-grained personal access token.";

/** Whose state comments the job believes: the config's list, else the workflow's and the App's. */
export function actionTrustedWriters(config: Config, appSlug?: string): string[] {
  return config.trusted_writers ?? defaultTrustedWriters(appSlug);
}

export function actionHandlerContext(options: ActionHandlerOptions): GitHubContext {
  const { config } = options;
  return {
    octokit: options.octokit,
    repo: options.repo,
    payload: options.payload,
    deliveryId: `run ${options.runId}`,
    log: logOf(options.io),
    identity: {
      login: ACTIONS_LOGIN,
      trusted: actionTrustedWriters(config, options.appSlug),
      self: options.appSlug ? [`${options.appSlug}[bot]`] : [],
    },
    now: options.now,
    config,
    defaultBranch: options.defaultBranch,
    lock: config.lock === 'none' ? 'none' : 'ref',
    ...(options.leases && config.lock !== 'none' ? { leases: options.leases } : {}),
    ...(options.stateKey ? { stateKey: options.stateKey } : {}),
    ...(options.onRejectedState ? { onRejectedState: options.onRejectedState } : {}),
    ...(options.workflowToken ? { deliveryNotes: [WORKFLOW_TOKEN_CI_NOTE] } : {}),
  };
}

function logOf(io: ActionIO): GitHubLog {
  return {
    debug: (m) => io.debug(m),
    info: (m) => printData(io, m),
    warn: (m) => io.warning(m),
    error: (m) => io.error(m),
  };
}
