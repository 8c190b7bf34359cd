/**
 * The bundled Action against the three misconfigurations a new user meets first: a workflow
 * without a `permissions:` block (its token may read but not write issues: 403 "Resource not
 * accessible by integration"), a token GitHub does not accept (401), an API URL nothing answers.
 * Each fails the job with one line naming the cause and the fix, and no stack trace.
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type ActionRepo, useActionBundle } from '../helpers/action-repo.js';
import { actorFor } from '../helpers/fake-github/index.js';
import type { JobResult } from '../helpers/simulated-runner.js';

const TOKEN = 'ghs_workflow_token';
const REVIEW = `formula = "review"
execution = "distributed"

[[steps]]
id = "draft"
title = "Draft"
description = "Write it."
`;

const bundle = useActionBundle();

function setUp(): Promise<ActionRepo> {
  return bundle.start({
    token: TOKEN,
    formulas: { review: REVIEW },
    people: { alice: 'write' },
    issue: { title: 'Review it', author: 'alice', labels: ['formula:review'] },
  });
}

function labelJob(repo: ActionRepo, env: Record<string, string> = {}): Promise<JobResult> {
  return repo.label('formula:review', { noCheckout: true, env });
}

/** The job's `::error::` lines: what the run's page shows. */
const errorLines = (job: JobResult) =>
  `${job.stdout}\n${job.stderr}`.split('\n').filter((line) => line.startsWith('::error'));

function expectOneLine(job: JobResult): string {
  expect(job.exitCode, job.stdout + job.stderr).toBe(1);
  const lines = errorLines(job);
  expect(lines).toHaveLength(1);
  const text = `${job.stdout}\n${job.stderr}`;
  expect(text).not.toContain('unexpected error');
  expect(text).not.toMatch(/\n\s+at /);
  return lines[0] as string;
}

describe('the bundled Action, misconfigured', () => {
  it('names the permission a token without a permissions: block lacks, from the refused route', async () => {
    const repo = await setUp();
    const { gh } = repo;
    // GitHub's restricted default for GITHUB_TOKEN: contents and metadata read, nothing else.
    gh.tokens.set(TOKEN, {
      ...actorFor('github-actions[bot]'),
      permissions: { contents: 'read', metadata: 'read' },
    });
    const line = expectOneLine(await labelJob(repo));
    expect(line).toMatch(
      /^::error::GitHub refused (GET|POST|PATCH) \/repos\/acme\/widgets\/\S+ \(403 Resource not accessible by integration\): the job's token lacks `issues: (read|write)`; add it to the workflow's `permissions:` block\.$/,
    );
    expect(gh.violations).toEqual([]);
  });

  it('says the token was refused and which input to set', async () => {
    const repo = await setUp();
    const { gh } = repo;
    gh.badTokens.add(TOKEN);
    const line = expectOneLine(await labelJob(repo));
    expect(line).toMatch(
      // A label job's first request is its snapshot (config, formulas, comments in one query).
      /^::error::GitHub refused the token \(401 Bad credentials\) for POST \/graphql: set the `github-token` input to a valid token, or remove it to use the job's own `github.token`\.$/,
    );
  });

  it('names the URL it could not reach', async () => {
    const repo = await setUp();
    const { gh } = repo;
    // A port that was just free and is closed again: nothing listens on it.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const api = `http://127.0.0.1:${port}`;
    const job = await labelJob(repo, { GITHUB_API_URL: api, GITHUB_GRAPHQL_URL: `${api}/graphql` });
    const line = expectOneLine(job);
    expect(line).toContain(
      `::error::Could not reach the GitHub API at ${api} (ECONNREFUSED) for POST /graphql`,
    );
    expect(line).toContain('check GITHUB_API_URL');
    expect(gh.requests).toEqual([]);
  }, 60_000);
});
