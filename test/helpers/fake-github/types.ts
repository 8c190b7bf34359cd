import type { FaultMatcher, FaultResponse, Faults } from './faults.js';
import type { GitRequest } from './git-http.js';
import type { HandlerEvents } from './routes/types.js';
import type { Actor, FakeState } from './state.js';

export interface FakeGitHubOptions {
  owner: string;
  repo: string;
  defaultBranch?: string;
  /** The GitHub App's slug; its installation tokens act as `<slug>[bot]`. */
  appSlug?: string;
  /** Where `gh.url` points; both prefixes are always served (Probot's GHE_HOST mode adds `/api/v3`). */
  pathPrefix?: '' | '/api/v3';
  /** PRNG seed for the probabilistic faults. */
  seed?: number;
  faults?: Faults;
  /** Timestamps come from here (default: the wall clock, forced strictly increasing). */
  clock?: () => Date;
}

export interface RequestLogEntry {
  method: string;
  /** Path without the `/api/v3` prefix and without the query string. */
  path: string;
  query: string;
  /** `graphql` for POST /graphql; null when no operation matched. */
  operationId: string | null;
  /** The GraphQL operation's name (`MolecularComment`), for POST /graphql. */
  graphqlOperation?: string;
  status: number;
  /** The parsed JSON body (undefined when there was none). */
  body: unknown;
  token: string | null;
  /** Who the server took the caller to be. */
  login: string | null;
}

export interface Violation {
  method: string;
  path: string;
  operationId: string | null;
  problems: string[];
}

export interface ResponseViolation {
  method: string;
  path: string;
  operationId: string;
  status: number;
  problems: string[];
}

export interface FakeGitHubEvents extends HandlerEvents {
  request: RequestLogEntry;
}

export interface FakeGitHub {
  /** API base URL for Octokit's `baseUrl` (origin + pathPrefix). */
  readonly url: string;
  /** `http://127.0.0.1:PORT`, for GHE_HOST-style configuration. */
  readonly origin: string;
  readonly state: FakeState;
  readonly requests: RequestLogEntry[];
  /** Requests GitHub would refuse for their shape (see openapi.ts); tests expect none. */
  readonly violations: Violation[];
  /** Responses of the fake itself that do not match the spec: a bug in the fake, not in the caller. */
  readonly responseViolations: ResponseViolation[];
  /** Errors thrown by `on(...)` listeners; they never fail the request. */
  readonly listenerErrors: unknown[];
  /** token -> identity (with `permissions` to refuse what they leave out); unknown tokens act as `<appSlug>[bot]`. */
  readonly tokens: Map<string, Actor>;
  /** Tokens GitHub no longer accepts (revoked, expired, mistyped): every request with one is a 401. */
  readonly badTokens: Set<string>;
  /** Mutable fault configuration, read on every request. */
  readonly faults: Faults;
  /**
   * The primary rate limit the `x-ratelimit-*` headers report, mutable: each answered request
   * takes one from `remaining` (a test sets it low to see the code notice). `reset` is epoch seconds.
   */
  readonly rateLimit: { limit: number; remaining: number; reset: number };
  failNext(matcher: FaultMatcher, response: FaultResponse): void;
  /** Git requests at `<origin>/<owner>/<repo>.git` (git-http.ts): not API requests, not counted. */
  readonly gitRequests: GitRequest[];
  /** Serves `remote` (a bare repository) over git's smart HTTP at `<origin>/<owner>/<repo>.git`. */
  serveGit(remote: string): void;
  /** Returns an unsubscribe function. */
  on<K extends keyof FakeGitHubEvents>(
    event: K,
    listener: (payload: FakeGitHubEvents[K]) => unknown,
  ): () => void;
  close(): Promise<void>;
}
