/**
 * `npm start` as users run it: `probot run` on the bundled App (built here from src/app with the
 * repository's bundle settings) as a child process, configured only through Probot's environment
 * — APP_ID, PRIVATE_KEY, WEBHOOK_SECRET, and GHE_HOST/GHE_PROTOCOL pointing at the fake GitHub
 * (which serves /api/v3). A signed label webhook makes the state comment appear.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { githubSchema } from '../helpers/fake-github/graphql-schema.js';
import { APP_ID, type FakeGitHub, startFakeGitHub } from '../helpers/fake-github/index.js';
import { issueEvent } from '../helpers/fake-github/webhook-payloads.js';
import { webhookProblems } from '../helpers/fake-github/webhooks.js';

const SECRET = 'probot-run-secret';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('probot run ./dist/app.js', () => {
  let gh: FakeGitHub;
  let dir: string;
  let child: ChildProcess;
  let port: number;
  const output: string[] = [];

  beforeAll(async () => {
    gh = await startFakeGitHub({
      owner: 'acme',
      repo: 'widgets',
      appSlug: 'molecular',
      pathPrefix: '/api/v3',
    });
    // No .github/molecular.yml: the fake cannot answer the raw media type `context.config` asks for.
    gh.state.collaborators.set('alice', 'write');
    await mkdir('node_modules/.cache', { recursive: true });
    dir = await mkdtemp(join('node_modules/.cache', 'mol-probot-run-'));
    // As scripts/bundle.mjs builds dist/app.js: Probot loads the module itself, so it stays external.
    await build({
      entryPoints: ['src/app/index.ts'],
      outfile: join(dir, 'app.js'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: ['probot'],
      banner: {
        js: "import { createRequire as __c } from 'node:module'; const require = __c(import.meta.url);",
      },
      logLevel: 'error',
    });
    port = await freePort();
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    child = spawn(
      process.execPath,
      ['node_modules/probot/bin/probot.js', 'run', `./${join(dir, 'app.js')}`],
      {
        env: {
          PATH: process.env.PATH,
          APP_ID: String(APP_ID),
          PRIVATE_KEY: privateKey,
          WEBHOOK_SECRET: SECRET,
          GHE_HOST: gh.origin.replace(/^http:\/\//, ''),
          GHE_PROTOCOL: 'http',
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'info',
          LOG_FORMAT: 'json',
          MOLECULAR_PATROL_INTERVAL: '0',
          NODE_ENV: 'production',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const listening = new Promise<void>((resolve, reject) => {
      const seen = (chunk: Buffer) => {
        output.push(String(chunk));
        if (/Listening on/i.test(output.join(''))) resolve();
      };
      child.stdout?.on('data', seen);
      child.stderr?.on('data', seen);
      child.on('exit', (code) => reject(new Error(`probot run exited ${code}: ${output.join('')}`)));
    });
    await listening;
  }, 60_000);

  afterAll(async () => {
    child?.kill();
    await gh?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('answers a signed label webhook by pouring the formula, and refuses an unsigned one', async () => {
    const issue = gh.state.addIssue({ title: 'hello', body: '```mol-vars\nname = "probot"\n```' }).number;
    const event = issueEvent(gh, 'alice', 'labeled', issue, 'formula:hello');
    expect(webhookProblems('issues', event)).toEqual([]);
    const payload = JSON.stringify(event);
    // GitHub's GraphQL schema takes a second or more to build: not inside the delivery, which the
    // webhook middleware answers 202 after 9 seconds.
    githubSchema();
    const post = (signature: string) =>
      fetch(`http://127.0.0.1:${port}/api/github/webhooks`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-github-event': 'issues',
          'x-github-delivery': `probot-run-${signature.slice(7, 15)}`,
          'x-hub-signature-256': signature,
        },
        body: payload,
      });
    const unsigned = await post(`sha256=${'0'.repeat(64)}`);
    expect(unsigned.status).toBe(400);
    const signed = await post(`sha256=${createHmac('sha256', SECRET).update(payload).digest('hex')}`);
    // 200 once handled; 202 when the middleware's 9 seconds ran out first (a loaded machine): GitHub
    // counts both as delivered, and the handler goes on. What counts is what it wrote.
    expect([200, 202], output.join('')).toContain(signed.status);
    const state = await vi.waitFor(
      () => {
        const found = [...gh.state.comments.values()].find(
          (c) => c.issue_number === issue && c.body.includes('molecular:state'),
        );
        if (found === undefined || gh.state.workflowDispatches.length === 0)
          throw new Error('not poured yet');
        return found;
      },
      { timeout: 60_000, interval: 100 },
    );
    expect(state?.user.login).toBe('molecular[bot]');
    expect(state?.body).toContain('Greet probot');
    // `hello` is a built-in whose steps have `run`: the first is started as a job, never run by the App.
    expect(gh.state.workflowDispatches.map((d) => d.inputs.step)).toEqual(['greet']);
    expect(gh.violations).toEqual([]);
  });
});
