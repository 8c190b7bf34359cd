/**
 * One replica of the real App (Probot's node middleware on its own 127.0.0.1 server) against a
 * fake GitHub that other replicas and Action processes share, so tests can deliver webhooks to
 * several instances at once. Unlike test/e2e/app-harness.ts (one App, its own fake), the fake
 * is the caller's, and the Octokit is the caller's choice: quiet (no retry, no throttling) or
 * Probot's own plugins with tiny timings for the fault tests.
 */
import { createHmac, generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createNodeMiddleware, Probot, ProbotOctokit } from 'probot';
import type { MolecularAppOptions } from '../../../src/app/app-options.js';
import { createMolecularApp } from '../../../src/app/create-app.js';
import { rawContents } from '../../e2e/app-harness.js';
import { githubSchema } from '../fake-github/graphql-schema.js';
import { APP_ID, type FakeGitHub } from '../fake-github/index.js';
import { repoWebhook } from '../fake-github/webhook-payloads.js';
import { webhookProblems } from '../fake-github/webhooks.js';

export const WEBHOOK_SECRET = 'molecular-chaos-secret';

export interface LogLine {
  level: number;
  msg: string;
}

export interface Delivered {
  status: number;
  body: string;
  id: string;
}

export interface AppInstance {
  name: string;
  url: string;
  logs: LogLine[];
  /**
   * A signed delivery (or one signed with `secret`, or unsigned with `secret: null`). A payload
   * GitHub's schema refuses throws before it is sent, unless `unchecked` says why it may.
   */
  send(
    event: string,
    payload: Record<string, unknown>,
    options?: { id?: string; secret?: string | null; unchecked?: string },
  ): Promise<Delivered>;
  errors(): LogLine[];
  close(): Promise<void>;
}

let key: string | undefined;
/** One RSA key per test process for the App's JWTs (the fake does not check them). */
export function appPrivateKey(): string {
  key ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;
  return key;
}

export function signBody(body: string, secret = WEBHOOK_SECRET): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Retry and throttling off: every fault reaches the handlers at once. */
export function quietOctokit(): typeof ProbotOctokit {
  return ProbotOctokit.defaults((options: Record<string, unknown>) => ({
    ...options,
    retry: { enabled: false },
    throttle: { ...(options.throttle as object | undefined), enabled: false },
  }));
}

/** A limiter that lets everything through at once: the throttler's write and search spacing, off. */
const unlimited = {
  key: () => ({
    schedule: (_options: unknown, fn: (...a: unknown[]) => unknown, ...args: unknown[]) => fn(...args),
  }),
};

/**
 * Probot's own plugins as `probot run` configures them — retry, and throttling with Probot's own
 * rate-limit callbacks (a primary limit retried twice, a secondary limit not at all) — with every
 * wait shrunk to milliseconds: `retryAfterBaseValue` 1 instead of 1000, and the throttler's
 * one-write-per-second spacing lifted. `retries` overrides the callbacks (a bounded retry of both
 * limits), as an App that configures its own Octokit would. `onLimit` counts the limits hit.
 */
export function fastProbotOctokit(
  options: { retries?: number; onLimit?: (kind: string) => void } = {},
): typeof ProbotOctokit {
  return ProbotOctokit.defaults((given: Record<string, unknown>) => {
    const throttle = (given.throttle ?? {}) as Record<string, unknown>;
    const wrap =
      (kind: string, probots: unknown) =>
      (...args: unknown[]) => {
        options.onLimit?.(kind);
        if (options.retries !== undefined) return (args[3] as number) < options.retries;
        return typeof probots === 'function' ? (probots as (...a: unknown[]) => unknown)(...args) : undefined;
      };
    return {
      ...given,
      retry: { retryAfterBaseValue: 1 },
      throttle: {
        ...throttle,
        retryAfterBaseValue: 1,
        write: unlimited,
        search: unlimited,
        notifications: unlimited,
        onRateLimit: wrap('rate-limit', throttle.onRateLimit),
        onSecondaryRateLimit: wrap('secondary-rate-limit', throttle.onSecondaryRateLimit),
      },
    };
  });
}

export async function startAppInstance(
  gh: FakeGitHub,
  options: {
    name: string;
    Octokit?: typeof ProbotOctokit;
    appOptions?: MolecularAppOptions;
    fetch?: typeof fetch;
    /** Where the App's API calls go (a proxy in front of the fake); default the fake itself. */
    baseUrl?: string;
  },
): Promise<AppInstance> {
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
    privateKey: appPrivateKey(),
    secret: WEBHOOK_SECRET,
    baseUrl: options.baseUrl ?? gh.url,
    log: pino({ level: 'info' }, stream),
    Octokit: options.Octokit ?? quietOctokit(),
    request: { fetch: rawContents(options.fetch ?? fetch) },
  });
  const middleware = await createNodeMiddleware(
    createMolecularApp({ patrolIntervalMs: 0, slug: 'molecular', ...options.appOptions }),
    { probot },
  );
  const server: Server = createServer((req, res) => {
    void middleware(req, res, () => {
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/github/webhooks`;
  return {
    name: options.name,
    url,
    logs,
    async send(event, payload, sendOptions = {}) {
      assertGitHubSends(event, payload, sendOptions.unchecked);
      const body = JSON.stringify(payload);
      const id = sendOptions.id ?? randomUUID();
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'x-github-event': event,
        'x-github-delivery': id,
      };
      if (sendOptions.secret !== null)
        headers['x-hub-signature-256'] = signBody(body, sendOptions.secret ?? WEBHOOK_SECRET);
      const response = await fetch(url, { method: 'POST', headers, body });
      return { status: response.status, body: await response.text(), id };
    },
    errors: () => logs.filter((l) => l.level >= 50),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}

/** A repository-scoped webhook payload for the fake's repository, as GitHub sends it. */
export function repoPayload(
  gh: FakeGitHub,
  sender: string,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  return repoWebhook(gh, sender, fields);
}

/** Throws when GitHub would never send `payload` as `event`, unless `unchecked` says why it may go. */
export function assertGitHubSends(event: string, payload: unknown, unchecked?: string): void {
  const problems = unchecked ? [] : webhookProblems(event, payload);
  if (problems.length > 0)
    throw new Error(`GitHub never sends this ${event} webhook:\n  ${problems.join('\n  ')}`);
}

export { randomUUID };
