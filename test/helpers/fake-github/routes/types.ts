import type { Faults } from '../faults.js';
import type { Links } from '../shapes/links.js';
import type { Actor, FakeState, RepositoryDispatchRecord, WorkflowDispatchRecord } from '../state.js';

export interface RouteResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Events the server raises while handling requests, for tests to react to. */
export interface HandlerEvents {
  workflow_dispatch: WorkflowDispatchRecord;
  repository_dispatch: RepositoryDispatchRecord;
}

export interface RouteContext {
  state: FakeState;
  links: Links;
  /** Decoded path parameters. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The request body, already validated against the operation's schema. */
  body: unknown;
  /** Who the token belongs to (see `gh.tokens`). */
  actor: Actor;
  /** The URL as the client sent it, for pagination `link` headers. */
  url: URL;
  faults: Faults;
  /** `x-github-api-version` as sent (GitHub's default is 2022-11-28). */
  apiVersion: string;
  tokens: Map<string, Actor>;
  emit<K extends keyof HandlerEvents>(event: K, payload: HandlerEvents[K]): void;
}

export type Handler = (ctx: RouteContext) => RouteResult | Promise<RouteResult>;

/** operationId -> handler; every operation of the subset has one. */
export type HandlerTable = Record<string, Handler>;
