import { createServer } from 'node:net';
import { Octokit } from '@octokit/rest';
import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeApiFailure, type Face } from '../../../src/github/api-failure.js';

const API = 'https://api.github.com';
const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
const octokit = (baseUrl = API) => new Octokit({ baseUrl, auth: 't', log: quiet, request: { retries: 0 } });
const repo = { owner: 'acme', repo: 'widgets' };

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  nock.cleanAll();
  nock.enableNetConnect();
  nock.disableNetConnect();
});

async function failure(call: Promise<unknown>, face: Face): Promise<string | undefined> {
  const error = await call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (e: unknown) => e,
  );
  return describeApiFailure(error, face);
}

const notAccessible = { message: 'Resource not accessible by integration', status: '403' };

describe('describeApiFailure', () => {
  it('derives the missing permission from the refused route and the method', async () => {
    nock(API).post('/repos/acme/widgets/check-runs').reply(403, notAccessible);
    expect(
      await failure(octokit().rest.checks.create({ ...repo, name: 'n', head_sha: 'a'.repeat(40) }), 'action'),
    ).toBe(
      "GitHub refused POST /repos/acme/widgets/check-runs (403 Resource not accessible by integration): the job's token lacks `checks: write`; add it to the workflow's `permissions:` block.",
    );
    nock(API).get('/repos/acme/widgets/commits/main/check-runs').reply(403, notAccessible);
    expect(await failure(octokit().rest.checks.listForRef({ ...repo, ref: 'main' }), 'app')).toBe(
      "GitHub refused GET /repos/acme/widgets/commits/main/check-runs (403 Resource not accessible by integration): the App lacks the `checks: read` permission; grant it in the App's settings and accept it on the installation.",
    );
    nock(API).post('/repos/acme/widgets/actions/workflows/step.yml/dispatches').reply(403, notAccessible);
    expect(
      await failure(
        octokit().rest.actions.createWorkflowDispatch({ ...repo, workflow_id: 'step.yml', ref: 'main' }),
        'action',
      ),
    ).toContain('lacks `actions: write`');
  });

  it('prefers the permission GitHub names in x-accepted-github-permissions, spelled for a workflow', async () => {
    nock(API)
      .get('/repos/acme/widgets/pulls/3')
      .reply(403, notAccessible, { 'x-accepted-github-permissions': 'pull_requests=read; issues=read' });
    expect(await failure(octokit().rest.pulls.get({ ...repo, pull_number: 3 }), 'action')).toContain(
      'lacks `pull-requests: read`',
    );
  });

  it('strips the GitHub Enterprise Server prefix from the route it names', async () => {
    const ghes = 'https://ghe.example.com/api/v3';
    nock('https://ghe.example.com').post('/api/v3/repos/acme/widgets/labels').reply(403, notAccessible);
    expect(await failure(octokit(ghes).rest.issues.createLabel({ ...repo, name: 'x' }), 'action')).toMatch(
      /^GitHub refused POST \/repos\/acme\/widgets\/labels .* lacks `issues: write`/,
    );
  });

  it('tells a refused token apart per face: the input to set, or the App credentials', async () => {
    nock(API).get('/repos/acme/widgets').times(2).reply(401, { message: 'Bad credentials', status: '401' });
    expect(await failure(octokit().rest.repos.get(repo), 'action')).toBe(
      "GitHub refused the token (401 Bad credentials) for GET /repos/acme/widgets: set the `github-token` input to a valid token, or remove it to use the job's own `github.token`.",
    );
    expect(await failure(octokit().rest.repos.get(repo), 'app')).toContain('check APP_ID and PRIVATE_KEY');
  });

  it('names the URL nothing answered on', async () => {
    nock.enableNetConnect('127.0.0.1');
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const base = `http://127.0.0.1:${port}`;
    expect(await failure(octokit(base).rest.repos.get(repo), 'action')).toBe(
      `Could not reach the GitHub API at ${base} (ECONNREFUSED) for GET /repos/acme/widgets: check GITHUB_API_URL (the runner sets it; on GitHub Enterprise Server it is https://HOST/api/v3) and that the runner can reach that host.`,
    );
    expect(await failure(octokit(base).graphql('query { viewer { login } }'), 'app')).toMatch(
      new RegExp(`^Could not reach GitHub at ${base} \\(ECONNREFUSED\\) for POST /graphql: check GHE_HOST`),
    );
  });

  it('leaves everything else to the caller: not found, rate limits, bugs', async () => {
    nock(API).get('/repos/acme/widgets').reply(404, { message: 'Not Found' });
    expect(await failure(octokit().rest.repos.get(repo), 'action')).toBeUndefined();
    nock(API)
      .get('/repos/acme/widgets')
      .reply(403, { message: 'You have exceeded a secondary rate limit.' }, { 'retry-after': '1' });
    expect(await failure(octokit().rest.repos.get(repo), 'action')).toBeUndefined();
    expect(describeApiFailure(new TypeError('x is undefined'), 'action')).toBeUndefined();
  });
});
