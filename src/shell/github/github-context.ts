/**
 * What an event handler needs, whichever face received the event: the App builds it from a
 * Probot context, the Action's `event` mode from `GITHUB_EVENT_PATH` and its token. Handlers
 * never reach for Probot or @actions/* themselves, so both faces share every rule below them.
 */
import type { BuiltinLookup, FormulaSource, MolError } from '../../engine/index.js';
import type { GitHubClient, RepoRef } from '../../github/client.js';
import type { Config } from '../../github/config.js';
import type { PermissionCache } from '../../github/permission.js';
import type { RepoFile } from '../../github/repo-file.js';
import type { CommentView } from '../../github/store/comment-trust.js';
import type { LeaseKeeper } from '../../github/store/lease.js';

/** The four levels both faces have (pino's methods and @actions/core's functions fit). */
export interface GitHubLog {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface Identity {
  /** The login this face writes as: `<slug>[bot]` (App) or `github-actions[bot]` (Action). */
  login: string;
  /** Logins whose state comments are believed. */
  trusted: string[];
  /**
   * Logins that are Molecular itself, whose formula labels need no permission look-up: the App's
   * bot, and in the Action the App of its `app-slug` input — never github-actions[bot], which
   * every workflow of the repository writes as, whoever started it.
   */
  self?: string[];
}

/** An event that concerns no single repository (installation). */
export interface BaseContext<P = unknown> {
  octokit: GitHubClient;
  payload: P;
  /** `X-GitHub-Delivery`, or the Action's run id and attempt: an idempotency key. */
  deliveryId: string;
  log: GitHubLog;
  identity: Identity;
  now: () => Date;
}

export interface GitHubContext<P = unknown> extends BaseContext<P> {
  repo: RepoRef;
  config: Config;
  /** The repository's default branch when the face knows it (webhook payloads carry it). */
  defaultBranch?: string;
  /** HMAC key for state seals; the same everywhere state is read and written. */
  stateKey?: string;
  /** Lines a delivered pull request's body, state and log carry (the Action's "CI will not run"). */
  deliveryNotes?: readonly string[];
  /** `auto` in the config resolved by the face: the App takes `none`, the Action `ref`. */
  lock?: 'none' | 'ref';
  /** Who takes the lease under `lock: ref` (default: the REST keeper); the Action's jobs push with git. */
  leases?: LeaseKeeper;
  /** Built-in formulas poured when the repository has none of that name (default: the package's). */
  builtin?: BuiltinLookup;
  /** Where formulas come from (default: the repository on GitHub); a step job reads its checkout first. */
  formulas?: FormulaSource;
  /** Formula files of the default branch the face read with its config (src/github/job-snapshot.ts), by path. */
  formulaFiles?: ReadonlyMap<string, RepoFile>;
  /** Collaborator permissions (default: one cache per process). */
  permissions?: PermissionCache;
  /**
   * Each comment that looks like state but is not believed (forged, edited, unreadable), told
   * beside the log's warning: the Action fails a job whose state an app it does not trust wrote.
   */
  onRejectedState?: (comment: CommentView, error: MolError) => void;
  /** An issue's comments the face read with its config (src/github/job-snapshot.ts), handed to the store once. */
  alreadyListed?: (issue: number) => CommentView[] | undefined;
}
