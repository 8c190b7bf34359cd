import { Octokit } from '@octokit/rest';
import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTION_LIMITS,
  checkStateOf,
  fitSummary,
  MAX_SUMMARY_BYTES,
  moleculeCheckRun,
  parseCheckRunExternalId,
  stepCheckRun,
  upsertCheckRun,
} from '../../../src/github/check-runs.js';
import { makeMolecule } from '../../conformance/store-conformance.js';

const API = 'https://api.github.com';
const repo = { owner: 'acme', repo: 'widgets' };
const octokit = () => new Octokit({ request: { retries: 0 } });
const sha = 'c'.repeat(40);

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  expect(nock.pendingMocks()).toEqual([]);
  nock.cleanAll();
});

const failedStep = stepCheckRun({
  formula: 'shiny',
  molId: '12-a1b2c3',
  step: 'test',
  status: 'failed',
  gates: [
    { type: 'command', passed: false, detail: 'npm test exited 1' },
    { type: 'files', passed: true, detail: 'coverage.json present' },
  ],
  headSha: sha,
});

describe('fitSummary', () => {
  const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

  it('keeps a summary that fits and cuts a longer one to GitHub’s byte limit, not its length', () => {
    const ascii = 'a'.repeat(MAX_SUMMARY_BYTES);
    expect(fitSummary(ascii)).toBe(ascii);
    // 30,000 emoji are 60,000 UTF-16 units (under 65,535) but 120,000 bytes: GitHub refuses them.
    const emoji = '✅🚀'.repeat(15_000);
    const cut = fitSummary(emoji);
    expect(bytes(cut)).toBeLessThanOrEqual(MAX_SUMMARY_BYTES);
    expect(bytes(cut)).toBeGreaterThan(MAX_SUMMARY_BYTES - 8);
    expect(cut.endsWith(' …')).toBe(true);
    expect(emoji.startsWith(cut.slice(0, -2))).toBe(true);
    // Cut between characters: no half of a surrogate pair is left behind.
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe('stepCheckRun', () => {
  it('names the run after formula and step, lists each gate, and offers Retry and Skip', () => {
    expect(failedStep.name).toBe('molecular / shiny / test');
    expect(failedStep.status).toBe('completed');
    expect(failedStep.conclusion).toBe('failure');
    expect(failedStep.title).toBe('test: 1/2 gates passed, 1 failed');
    expect(failedStep.summary).toContain('- ❌ **command** failed: npm test exited 1');
    expect(failedStep.summary).toContain('- ✅ **files** passed: coverage.json present');
    expect(failedStep.actions?.map((a) => a.identifier)).toEqual(['retry', 'skip']);
    expect(parseCheckRunExternalId(failedStep.externalId ?? '')).toEqual({
      molId: '12-a1b2c3',
      step: 'test',
    });
  });

  it('offers nothing on a completed step and shows waiting gates as waiting', () => {
    const done = stepCheckRun({
      formula: 'f',
      molId: 'm',
      step: 's',
      status: 'completed',
      gates: [],
      headSha: sha,
    });
    expect(done.actions).toEqual([]);
    const waiting = stepCheckRun({
      formula: 'f',
      molId: 'm',
      step: 's',
      status: 'awaiting_gate',
      gates: [{ type: 'approval', passed: null, detail: 'needs maintain' }],
      headSha: sha,
    });
    expect(waiting.status).toBe('in_progress');
    expect(waiting.summary).toContain('⏳ **approval** waiting');
    expect(waiting.actions?.map((a) => a.identifier)).toEqual(['skip']);
  });

  it("maps every step status onto GitHub's model", () => {
    expect(checkStateOf('ready')).toEqual({ status: 'queued' });
    expect(checkStateOf('skipped')).toEqual({ status: 'completed', conclusion: 'skipped' });
    expect(checkStateOf('blocked')).toEqual({ status: 'completed', conclusion: 'cancelled' });
  });

  it("fits the built-in actions within GitHub's limits", () => {
    for (const action of failedStep.actions ?? []) {
      expect(action.identifier.length).toBeLessThanOrEqual(ACTION_LIMITS.identifier);
      expect(action.label.length).toBeLessThanOrEqual(ACTION_LIMITS.label);
      expect(action.description.length).toBeLessThanOrEqual(ACTION_LIMITS.description);
    }
  });
});

describe('upsertCheckRun', () => {
  it('creates the run when the commit has none of that name (2 calls)', async () => {
    let posted: Record<string, unknown> = {};
    nock(API)
      .get(`/repos/acme/widgets/commits/${sha}/check-runs`)
      .query({ check_name: 'molecular / shiny / test', filter: 'latest', per_page: 1 })
      .reply(200, { total_count: 0, check_runs: [] })
      .post('/repos/acme/widgets/check-runs', (body) => {
        posted = body;
        return true;
      })
      .reply(201, { id: 42 });
    expect(await upsertCheckRun(octokit(), repo, failedStep)).toEqual({
      ok: true,
      value: { id: 42, created: true },
    });
    expect(posted).toMatchObject({
      name: 'molecular / shiny / test',
      head_sha: sha,
      status: 'completed',
      conclusion: 'failure',
      external_id: '12-a1b2c3/test',
      output: { title: 'test: 1/2 gates passed, 1 failed' },
    });
    expect(posted.actions).toHaveLength(2);
  });

  it('updates the latest run of that name when there is one', async () => {
    nock(API)
      .get(`/repos/acme/widgets/commits/${sha}/check-runs`)
      .query(true)
      .reply(200, { total_count: 1, check_runs: [{ id: 7 }] })
      .patch('/repos/acme/widgets/check-runs/7', (body) => body.conclusion === 'failure' && !('name' in body))
      .reply(200, { id: 7 });
    expect(await upsertCheckRun(octokit(), repo, failedStep)).toEqual({
      ok: true,
      value: { id: 7, created: false },
    });
  });

  it('updates by a known id in one call', async () => {
    nock(API).patch('/repos/acme/widgets/check-runs/9').reply(200, { id: 9 });
    const result = await upsertCheckRun(octokit(), repo, { ...failedStep, checkRunId: 9 });
    expect(result).toEqual({ ok: true, value: { id: 9, created: false } });
  });

  it("refuses actions over GitHub's limits and a completed run without conclusion, without calling", async () => {
    const long = await upsertCheckRun(octokit(), repo, {
      ...failedStep,
      actions: [{ label: 'Retry', identifier: 'retry-this-step-please', description: 'x' }],
    });
    expect(!long.ok && long.error.code).toBe('check-run-invalid');
    expect(!long.ok && long.error.message).toMatch(
      /identifier "retry-this-step-please" is 22 characters; GitHub allows 20/,
    );
    const four = await upsertCheckRun(octokit(), repo, {
      ...failedStep,
      actions: Array.from({ length: 4 }, (_, i) => ({
        label: `a${i}`,
        identifier: `a${i}`,
        description: 'x',
      })),
    });
    expect(!four.ok && four.error.message).toMatch(/at most 3 actions/);
    const { conclusion: _, ...noConclusion } = failedStep;
    const bare = await upsertCheckRun(octokit(), repo, noConclusion);
    expect(!bare.ok && bare.error.message).toMatch(/no conclusion/);
  });
});

describe('moleculeCheckRun', () => {
  it('shows overall progress of the molecule on a PR head', () => {
    const mol = makeMolecule('12-a1b2c3', {
      status: 'in_progress',
      steps: [
        { id: 'a', status: 'completed', attempts: 1, loops: 0 },
        { id: 'b', status: 'skipped', attempts: 0, loops: 0 },
        { id: 'c', status: 'in_progress', attempts: 1, loops: 0 },
      ],
    });
    const run = moleculeCheckRun(mol, sha);
    expect(run.name).toBe('molecular / conformance');
    expect(run.status).toBe('in_progress');
    expect(run.title).toBe('2/3 steps done (in_progress)');
    expect(run.summary).toContain('| `c` | in_progress | 1 |');
    expect(moleculeCheckRun({ ...mol, status: 'failed' }, sha)).toMatchObject({
      status: 'completed',
      conclusion: 'failure',
    });
  });
});

describe('check runs of a delivered molecule', () => {
  it('link its pull request, the step runs and the molecule run alike', () => {
    const step = stepCheckRun({
      formula: 'ship',
      molId: '12-a1b2c3',
      step: 'docs',
      status: 'completed',
      gates: [],
      headSha: sha,
      pull: { number: 14, url: 'https://github.com/acme/widgets/pull/14' },
    });
    expect(step.summary).toContain('Delivered in [#14](https://github.com/acme/widgets/pull/14).');
    const mol = { ...makeMolecule('12-a1b2c3'), delivery: { branch: 'molecular/12-a1b2c3/-result', pr: 14 } };
    expect(moleculeCheckRun(mol, sha).summary).toContain('Delivered in #14.');
    expect(moleculeCheckRun(makeMolecule('12-a1b2c3'), sha).summary).not.toContain('Delivered');
  });
});
