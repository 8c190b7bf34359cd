/**
 * The entry of an App replica in its own process (app-process.ts bundles and starts it): the
 * real App under Probot's node middleware on 127.0.0.1, configured from the environment, its
 * pino log on stdout. The first stdout line is `{"listening":<port>}`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { createNodeMiddleware, Probot } from 'probot';
import { createMolecularApp } from '../../../src/app/create-app.js';
import { rawContents } from '../../e2e/app-harness.js';
import { fastProbotOctokit, quietOctokit, WEBHOOK_SECRET } from './app-instance.js';

const env = process.env;
const retries = Number(env.CHAOS_RETRIES ?? 0);
const probot = new Probot({
  appId: Number(env.APP_ID),
  privateKey: env.PRIVATE_KEY as string,
  secret: WEBHOOK_SECRET,
  baseUrl: env.GITHUB_API_URL as string,
  log: pino({ level: 'info' }, process.stdout),
  // Unset, Probot builds its own (ProbotOctokit with its retry and throttling defaults).
  ...(env.CHAOS_OCTOKIT === 'probot'
    ? {}
    : { Octokit: retries > 0 ? fastProbotOctokit({ retries }) : quietOctokit() }),
  request: { fetch: rawContents(fetch) },
});
const middleware = await createNodeMiddleware(
  createMolecularApp({ patrolIntervalMs: 0, slug: 'molecular' }),
  { probot },
);
const server = createServer((req, res) => {
  void middleware(req, res, () => {
    res.writeHead(404).end();
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ listening: (server.address() as AddressInfo).port })}\n`);
});
