import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describeErrors, validatorFor } from './ajv.js';
import { tokenOf } from './auth.js';
import { errorResult } from './errors.js';
import { FaultInjector } from './faults.js';
import { type GitRequest, serveGit } from './git-http.js';
import { answerGraphql, type GraphqlRequest } from './graphql.js';
import { parseJsonBody, readBody, send } from './http.js';
import { matchRoute, type Route, requestProblems, responseSchema } from './openapi.js';
import { permissionRefusal } from './permissions.js';
import { handlers } from './routes/index.js';
import type { RouteResult } from './routes/types.js';
import type { Links } from './shapes/links.js';
import { type Actor, actorFor, FakeState } from './state.js';
import type {
  FakeGitHub,
  FakeGitHubEvents,
  FakeGitHubOptions,
  RequestLogEntry,
  ResponseViolation,
  Violation,
} from './types.js';

const GHE_PREFIX = '/api/v3';
const GRAPHQL_PATHS = new Set(['/graphql', '/api/graphql']);

function graphqlOperationOf(body: unknown): string {
  const query = (body as { query?: unknown } | undefined)?.query;
  return (typeof query === 'string' && /\bquery\s+(\w+)/.exec(query)?.[1]) || 'anonymous';
}
/** What GitHub assumes when a client sends no `x-github-api-version`. */
const DEFAULT_API_VERSION = '2022-11-28';
const READ_METHODS = new Set(['GET', 'HEAD']);

type Listener = (payload: never) => unknown;

/** Starts the fake on 127.0.0.1 with an OS-chosen port. */
export async function startFakeGitHub(options: FakeGitHubOptions): Promise<FakeGitHub> {
  const state = new FakeState({
    owner: options.owner,
    repo: options.repo,
    defaultBranch: options.defaultBranch ?? 'main',
    appSlug: options.appSlug ?? 'molecular',
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const injector = new FaultInjector(options.seed ?? 1, { ...options.faults });
  const tokens = new Map<string, Actor>();
  const badTokens = new Set<string>();
  const requests: RequestLogEntry[] = [];
  const violations: Violation[] = [];
  const responseViolations: ResponseViolation[] = [];
  const listenerErrors: unknown[] = [];
  const listeners = new Map<string, Set<Listener>>();
  const links: Links = { state, api: '', web: '' };
  // GitHub's primary limit as its headers tell it: one less per answered request.
  const rateLimit = { limit: 5000, remaining: 5000, reset: Math.floor(Date.now() / 1000) + 3600 };

  function emit<K extends keyof FakeGitHubEvents>(event: K, payload: FakeGitHubEvents[K]): void {
    for (const listener of listeners.get(event) ?? []) {
      try {
        const result = (listener as (p: FakeGitHubEvents[K]) => unknown)(payload);
        if (result instanceof Promise) result.catch((error: unknown) => listenerErrors.push(error));
      } catch (error) {
        listenerErrors.push(error);
      }
    }
  }

  function checkResponse(route: Route, method: string, path: string, result: RouteResult): void {
    const schema = result.status < 300 ? responseSchema(route, result.status) : undefined;
    if (!schema) return;
    const validate = validatorFor(schema);
    if (validate(result.body)) return;
    responseViolations.push({
      method,
      path,
      operationId: route.operation.operationId,
      status: result.status,
      problems: describeErrors(validate.errors, 'response'),
    });
  }

  let gitRemote: string | undefined;
  const gitRequests: GitRequest[] = [];
  const gitServing = new Set<Promise<void>>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const served = serveGit(req, res, {
      owner: state.owner,
      repo: state.repo,
      remote: () => gitRemote,
      loginOf: (request) => {
        const header = request.headers.authorization;
        if (!header) return null;
        const basic = /^basic\s+(\S+)$/i.exec(header.trim())?.[1];
        const token = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':')[1] : undefined;
        if (!token || badTokens.has(token)) return undefined;
        return (tokens.get(token) ?? actorFor(`${state.appSlug}[bot]`)).login;
      },
      log: gitRequests,
      serving: gitServing,
    });
    if (served) return;
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', links.web);
    const rawPath = url.pathname;
    const path =
      rawPath === GHE_PREFIX || rawPath.startsWith(`${GHE_PREFIX}/`)
        ? rawPath.slice(GHE_PREFIX.length) || '/'
        : rawPath;
    const token = tokenOf(req.headers);
    const actor = token === null ? null : (tokens.get(token) ?? actorFor(`${state.appSlug}[bot]`));
    const text = await readBody(req);
    const parsed = READ_METHODS.has(method) ? { ok: true as const, value: undefined } : parseJsonBody(text);
    const isGraphql = method === 'POST' && GRAPHQL_PATHS.has(rawPath);
    const matched = isGraphql ? undefined : matchRoute(method, path);
    const operationId = isGraphql ? 'graphql' : (matched?.route.operation.operationId ?? null);
    const body = parsed.ok ? parsed.value : text;

    const reply = (answer: RouteResult): void => {
      // A REST read answers with an ETag; asked again with it (If-None-Match) and unchanged, it is a
      // 304 without a body, which GitHub does not count against the rate limit.
      let result = answer;
      if (method === 'GET' && answer.status === 200 && answer.body !== undefined) {
        const etag = `"${createHash('sha1').update(JSON.stringify(answer.body)).digest('hex')}"`;
        const unchanged = req.headers['if-none-match'] === etag;
        result = unchanged
          ? { status: 304, body: undefined, headers: { ...answer.headers, etag } }
          : { ...answer, headers: { ...answer.headers, etag } };
      }
      if (result.status !== 304) rateLimit.remaining = Math.max(0, rateLimit.remaining - 1);
      const rateHeaders = {
        'x-ratelimit-limit': String(rateLimit.limit),
        'x-ratelimit-remaining': String(rateLimit.remaining),
        'x-ratelimit-reset': String(rateLimit.reset),
        'x-ratelimit-used': String(rateLimit.limit - rateLimit.remaining),
      };
      send(res, result.status, result.body, { ...rateHeaders, ...result.headers });
      const entry: RequestLogEntry = {
        method,
        path,
        query: url.search,
        operationId,
        ...(isGraphql ? { graphqlOperation: graphqlOperationOf(body) } : {}),
        status: result.status,
        body,
        token,
        login: actor?.login ?? null,
      };
      requests.push(entry);
      emit('request', entry);
    };
    const violation = (problems: string[]): void => {
      violations.push({ method, path, operationId, problems });
    };

    if (injector.config.latencyMs) await sleep(injector.config.latencyMs);

    if (!parsed.ok) {
      violation([`body is not JSON: ${parsed.error}`]);
      return reply(errorResult(400, 'Problems parsing JSON'));
    }
    if (!isGraphql && !matched) {
      violation([`no operation ${method} ${path} in the OpenAPI subset`]);
      return reply(errorResult(404, 'Not Found'));
    }
    if (matched) {
      const problems = requestProblems(matched.route, {
        params: matched.params,
        query: url.searchParams,
        body,
      });
      if (problems.length > 0) {
        violation(problems);
        return reply(errorResult(422, `Invalid request.\n\n${problems.join('\n')}`));
      }
      const { owner, repo } = matched.params;
      const sameRepo =
        (owner === undefined || owner.toLowerCase() === state.owner.toLowerCase()) &&
        (repo === undefined || repo.toLowerCase() === state.repo.toLowerCase());
      if (!sameRepo) return reply(errorResult(404, 'Not Found'));
    }
    if (!actor && !READ_METHODS.has(method)) return reply(errorResult(401, 'Requires authentication'));
    if (token !== null && badTokens.has(token)) return reply(errorResult(401, 'Bad credentials'));
    const refused = permissionRefusal(operationId, actor?.permissions);
    if (refused) return reply(refused);

    const fault = injector.pick({ method, path, operationId });
    if (fault) return reply(fault);

    if (isGraphql) {
      const answer = answerGraphql(links, (body ?? {}) as GraphqlRequest);
      if (answer.problem) violation([answer.problem]);
      return reply({ status: 200, body: answer.body });
    }
    if (!matched) return;
    const handler = handlers[matched.route.operation.operationId];
    if (!handler) {
      violation([`the fake does not implement ${matched.route.operation.operationId}`]);
      return reply(errorResult(501, 'Not Implemented'));
    }
    const result = await handler({
      state,
      links,
      params: matched.params,
      query: url.searchParams,
      body,
      actor: actor ?? actorFor('anonymous'),
      url: new URL(`${links.api}${path}${url.search}`),
      faults: injector.config,
      apiVersion: String(req.headers['x-github-api-version'] ?? DEFAULT_API_VERSION),
      tokens,
      emit,
    });
    checkResponse(matched.route, method, path, result);
    return reply(result);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      responseViolations.push({
        method: req.method ?? '',
        path: req.url ?? '',
        operationId: '',
        status: 500,
        problems: [`the fake threw: ${(error as Error).stack ?? String(error)}`],
      });
      if (!res.headersSent) send(res, 500, { message: 'fake GitHub crashed', status: '500' });
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  links.web = `http://127.0.0.1:${port}`;
  links.api = links.web + (options.pathPrefix ?? '');

  return {
    url: links.api,
    origin: links.web,
    state,
    requests,
    violations,
    responseViolations,
    listenerErrors,
    tokens,
    badTokens,
    faults: injector.config,
    rateLimit,
    failNext: (matcher, response) => injector.failNext(matcher, response),
    gitRequests,
    serveGit: (remote) => {
      gitRemote = remote;
      state.gitRemote = remote;
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener as Listener);
      return () => set.delete(listener as Listener);
    },
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      // A git http-backend whose client went away may still be writing into the remote: closed
      // means done with it, so the test's cleanup can remove it.
      await Promise.all(gitServing);
    },
  };
}
