/**
 * The real App on a real HTTP server against the fake GitHub: Probot's `createNodeMiddleware`
 * on node:http at 127.0.0.1, an App id and an RSA key made at test time, webhooks signed with
 * the secret exactly as GitHub signs them (sha256 HMAC of the body). Octokit retry and
 * throttling are off so every fault surfaces at once. Logs are collected so tests can assert
 * that nothing was logged at error level.
 */
import { createHmac, generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createNodeMiddleware, Probot, ProbotOctokit } from 'probot';
import type { MolecularAppOptions } from '../../src/app/app-options.js';
import { createMolecularApp } from '../../src/app/create-app.js';
import { githubSchema } from '../helpers/fake-github/graphql-schema.js';
import {
  APP_ID,
  actorFor,
  type FakeGitHub,
  type FakeGitHubOptions,
  type RequestLogEntry,
  startFakeGitHub,
} from '../helpers/fake-github/index.js';
import { commentEvent, repoWebhook } from '../helpers/fake-github/webhook-payloads.js';
import { webhookProblems } from '../helpers/fake-github/webhooks.js';
import { bareRemote } from '../helpers/simulated-runner.js';

export const SECRET = 'molecular-e2e-secret';

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface Delivery {
  status: number;
  body: string;
  id: string;
  /** The API calls this delivery caused. */
  calls: RequestLogEntry[];
}

export interface AppHarness {
  gh: FakeGitHub;
  url: string;
  logs: LogLine[];
  /**
   * Sends a signed webhook; waits for the App's answer (Probot answers once the handlers ran). A
   * payload GitHub's schema refuses throws before it is sent, unless `unchecked` says why it may.
   */
  send(
    event: string,
    payload: Record<string, unknown>,
    options?: { secret?: string; id?: string; unchecked?: string },
  ): Promise<Delivery>;
  /** A repository-scoped payload with GitHub's installation, repository and sender filled in. */
  payload(sender: string, fields: Record<string, unknown>): Record<string, unknown>;
  /** Adds the comment to the fake (so reactions to it work) and delivers `issue_comment.created`. */
  comment(issue: number, login: string, body: string): Promise<Delivery>;
  errors(): LogLine[];
  close(): Promise<void>;
}

let keyPair: string | undefined;

function privateKey(): string {
  keyPair ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;
  return keyPair;
}

/**
 * ProbotOctokit without retry and throttling. It has to be the function form: Probot passes its
 * own `throttle` options (its rate-limit callbacks) to the constructor, and with the object form
 * they replace ours, leaving throttling on — and its one write per second makes every test slow.
 */
export function quietOctokit(): typeof ProbotOctokit {
  return ProbotOctokit.defaults((options: Record<string, unknown>) => ({
    ...options,
    retry: { enabled: false },
    throttle: { ...(options.throttle as object | undefined), enabled: false },
  }));
}

/**
 * GitHub answers `Accept: application/vnd.github.raw` on the contents API with the file itself;
 * Probot's `context.config` asks for that. The fake always answers JSON, so this fetch turns its
 * JSON answer into the raw one (the request itself still reaches the fake and is validated).
 */
export function rawContents(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    const accept = new Headers(init?.headers).get('accept') ?? '';
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!accept.includes('.raw') || !/\/contents\//.test(url) || response.status !== 200) return response;
    const json = (await response.json()) as { content?: string; encoding?: string };
    if (json.encoding !== 'base64' || json.content === undefined)
      return new Response(JSON.stringify(json), response);
    return new Response(Buffer.from(json.content, 'base64'), {
      status: 200,
      headers: { 'content-type': 'application/vnd.github.raw; charset=utf-8' },
    });
  };
}

export function sign(body: string, secret = SECRET): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export interface HarnessOptions {
  /** The fake serves the repository's git beside its API, as GitHub does (default true): the App's leases are pushes. */
  git?: boolean;
}

export async function startAppHarness(
  fake: Partial<FakeGitHubOptions> = {},
  appOptions: MolecularAppOptions = {},
  harnessOptions: HarnessOptions = {},
): Promise<AppHarness> {
  const gh = await startFakeGitHub({
    owner: 'acme',
    repo: 'widgets',
    defaultBranch: 'main',
    appSlug: 'molecular',
    ...fake,
  });
  const root = await mkdtemp(join(tmpdir(), 'mol-app-harness-'));
  if (harnessOptions.git !== false) gh.serveGit(await bareRemote(root));
  // GitHub's GraphQL schema takes a second or more to build: build it now, not inside the
  // first delivery, which the webhook middleware answers 202 after 9 seconds.
  githubSchema();
  const logs: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logs.push(JSON.parse(line) as LogLine);
      callback();
    },
  });
  const probot = new Probot({
    appId: APP_ID,
    privateKey: privateKey(),
    secret: SECRET,
    baseUrl: gh.url,
    log: pino({ level: 'info' }, stream),
    Octokit: quietOctokit(),
    request: { fetch: rawContents(fetch) },
  });
  const middleware = await createNodeMiddleware(createMolecularApp({ patrolIntervalMs: 0, ...appOptions }), {
    probot,
  });
  const server: Server = createServer((req, res) => {
    void middleware(req, res, () => {
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/github/webhooks`;

  const harness: AppHarness = {
    gh,
    url,
    logs,
    async send(event, payload, options = {}) {
      const problems = options.unchecked ? [] : webhookProblems(event, payload);
      if (problems.length > 0)
        throw new Error(`GitHub never sends this ${event} webhook:\n  ${problems.join('\n  ')}`);
      const body = JSON.stringify(payload);
      const id = options.id ?? randomUUID();
      const before = gh.requests.length;
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-github-event': event,
          'x-github-delivery': id,
          'x-hub-signature-256': sign(body, options.secret),
        },
        body,
      });
      return { status: response.status, body: await response.text(), id, calls: gh.requests.slice(before) };
    },
    payload: (sender, fields) => repoWebhook(gh, sender, fields),
    async comment(issue, login, body) {
      const record = gh.state.addComment(issue, body, actorFor(login));
      return harness.send('issue_comment', commentEvent(gh, record.id));
    },
    errors: () => logs.filter((l) => l.level >= 50),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await gh.close();
      await rm(root, { recursive: true, force: true });
    },
  };
  return harness;
}

/** The calls of a delivery that do real work: without the App's token minting and identity look-up. */
export function workCalls(calls: readonly RequestLogEntry[]): string[] {
  return calls
    .filter(
      (c) =>
        c.operationId !== 'apps/create-installation-access-token' &&
        c.operationId !== 'apps/get-authenticated',
    )
    .map(
      (c) =>
        `${c.method} ${c.graphqlOperation ? `graphql ${c.graphqlOperation}` : (c.operationId ?? c.path)}`,
    );
}
