/**
 * An App replica as its own process, as replicas run in production: no mutex, cache or memory
 * shared with the test or with other replicas. The entry (app-process-main.ts) is bundled once
 * with esbuild into node_modules/.cache (so its packages resolve from the project), and each
 * replica is `node` on it. `kill()` stops it dead (SIGKILL), for crash tests.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { githubSchema } from '../fake-github/graphql-schema.js';
import { APP_ID, type FakeGitHub } from '../fake-github/index.js';
import {
  type AppInstance,
  appPrivateKey,
  assertGitHubSends,
  type LogLine,
  signBody,
  WEBHOOK_SECRET,
} from './app-instance.js';

const ROOT = resolve(import.meta.dirname, '../../..');
let bundled: Promise<string> | undefined;

function appBundle(): Promise<string> {
  bundled ??= (async () => {
    const dir = join(ROOT, 'node_modules/.cache/molecular-chaos');
    await mkdir(dir, { recursive: true });
    const outfile = join(dir, `app-process-${process.pid}.mjs`);
    await build({
      entryPoints: [join(import.meta.dirname, 'app-process-main.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'warning',
    });
    return outfile;
  })();
  return bundled;
}

export interface AppProcess extends AppInstance {
  child: ChildProcess;
  /** SIGKILL, and wait until it is gone. */
  kill(): Promise<void>;
}

export async function startAppProcess(
  gh: FakeGitHub,
  options: {
    name: string;
    baseUrl?: string;
    retries?: number;
    /** `probot`: Probot's own Octokit as `probot run` has it (retry, and throttling's one write a second), for the bench. */
    octokit?: 'quiet' | 'probot';
  },
): Promise<AppProcess> {
  // The fake builds GitHub's GraphQL schema on first use (a second or more): not inside a delivery.
  githubSchema();
  const child = spawn(process.execPath, [await appBundle()], {
    env: {
      PATH: process.env.PATH,
      APP_ID: String(APP_ID),
      PRIVATE_KEY: appPrivateKey(),
      GITHUB_API_URL: options.baseUrl ?? gh.url,
      CHAOS_RETRIES: String(options.retries ?? 0),
      CHAOS_OCTOKIT: options.octokit ?? 'quiet',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  const port = await new Promise<number>((done, fail) => {
    let buffer = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
        if (!line.trim()) continue;
        const parsed = JSON.parse(line) as { listening?: number } & LogLine;
        if (parsed.listening !== undefined) done(parsed.listening);
        else logs.push(parsed);
      }
    });
    void exited.then(() => fail(new Error(`app process ${options.name} exited before listening: ${stderr}`)));
  });
  const url = `http://127.0.0.1:${port}/api/github/webhooks`;
  return {
    name: options.name,
    url,
    logs,
    child,
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
      try {
        const response = await fetch(url, { method: 'POST', headers, body });
        return { status: response.status, body: await response.text(), id };
      } catch (error) {
        // The replica died while handling it: GitHub records a failed delivery.
        return { status: 0, body: String(error), id };
      }
    },
    errors: () => logs.filter((l) => l.level >= 50),
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
