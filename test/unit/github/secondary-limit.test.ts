/**
 * The one secondary-limit rule (src/github/secondary-limit.ts), through a real Octokit against
 * nock: what it waits (the fake `sleep` records it, no time passes), how often it sends again and
 * when it gives up. The Action's composed client is tested in test/unit/github/octokit.test.ts.
 */
import { Octokit } from '@octokit/rest';
import nock from 'nock';
import { ProbotOctokit } from 'probot';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  LONGEST_WAIT_SECONDS,
  SECONDARY_LIMIT_RETRIES,
  secondaryLimits,
} from '../../../src/github/secondary-limit.js';

const API = 'https://api.github.com';
const ROUTE = '/repos/acme/widgets/issues/1/comments';
const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
const SECONDARY = 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.';

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  nock.cleanAll();
});

function client() {
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  const octokit = new (Octokit.plugin(secondaryLimits))({ log: quiet, secondaryLimit: { sleep } });
  return { octokit, waits };
}

const post = (octokit: Octokit) =>
  octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
    owner: 'acme',
    repo: 'widgets',
    issue_number: 1,
    body: 'hi',
  });

/** Counts the requests nock answered with `status`, then answers 201. */
function limitedThenOk(times: number, status: number, headers: Record<string, string>, message = SECONDARY) {
  const seen = { limited: 0, ok: 0 };
  nock(API)
    .post(ROUTE)
    .times(times)
    .reply(() => {
      seen.limited++;
      return [status, { message }, headers];
    });
  nock(API)
    .post(ROUTE)
    .reply(() => {
      seen.ok++;
      return [201, { id: 7 }];
    });
  return seen;
}

describe('secondaryLimits', () => {
  it.each([403, 429])(
    'waits out a %i secondary limit for its retry-after, then sends again',
    async (status) => {
      const { octokit, waits } = client();
      const seen = limitedThenOk(1, status, { 'retry-after': '7' });
      const response = await post(octokit);
      expect(response.status).toBe(201);
      expect(waits).toEqual([7000]);
      expect(seen).toEqual({ limited: 1, ok: 1 });
    },
  );

  it('waits 60 s when GitHub says secondary limit but names no retry-after', async () => {
    const { octokit, waits } = client();
    limitedThenOk(1, 403, {});
    await post(octokit);
    expect(waits).toEqual([60_000]);
  });

  it('honours a retry-after on a 429 that is also a primary limit', async () => {
    const { octokit, waits } = client();
    limitedThenOk(1, 429, { 'retry-after': '2', 'x-ratelimit-remaining': '0' }, 'API rate limit exceeded');
    await post(octokit);
    expect(waits).toEqual([2000]);
  });

  it(`does not sit through a wait longer than ${LONGEST_WAIT_SECONDS} s: fails at once`, async () => {
    const { octokit, waits } = client();
    const seen = limitedThenOk(1, 429, { 'retry-after': String(LONGEST_WAIT_SECONDS + 1) });
    await expect(post(octokit)).rejects.toMatchObject({ status: 429 });
    expect(waits).toEqual([]);
    expect(seen).toEqual({ limited: 1, ok: 0 });
  });

  it('waits exactly the longest wait', async () => {
    const { octokit, waits } = client();
    limitedThenOk(1, 403, { 'retry-after': String(LONGEST_WAIT_SECONDS) });
    await post(octokit);
    expect(waits).toEqual([LONGEST_WAIT_SECONDS * 1000]);
  });

  it(`sends again at most ${SECONDARY_LIMIT_RETRIES} times, then fails with GitHub's answer`, async () => {
    const { octokit, waits } = client();
    const seen = limitedThenOk(10, 403, { 'retry-after': '1' });
    await expect(post(octokit)).rejects.toMatchObject({ status: 403 });
    expect(seen.limited).toBe(SECONDARY_LIMIT_RETRIES + 1);
    expect(waits).toEqual(Array(SECONDARY_LIMIT_RETRIES).fill(1000));
  });

  it('installed twice on one client still retries by one rule, not twice over', async () => {
    const { octokit, waits } = client();
    secondaryLimits(octokit as never, { secondaryLimit: { sleep: async () => {} } });
    const seen = limitedThenOk(10, 429, { 'retry-after': '1' });
    await expect(post(octokit)).rejects.toMatchObject({ status: 429 });
    expect(seen.limited).toBe(SECONDARY_LIMIT_RETRIES + 1);
    expect(waits).toHaveLength(SECONDARY_LIMIT_RETRIES);
  });

  it.each([
    ['a 403 refusal without a limit', 403, {}, 'Resource not accessible by integration'],
    [
      'a primary limit naming only its reset',
      403,
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '9999999999' },
      'API rate limit exceeded',
    ],
    ['a 404', 404, { 'retry-after': '1' }, 'Not Found'],
  ])('leaves %s alone', async (_what, status, headers, message) => {
    const { octokit, waits } = client();
    const seen = limitedThenOk(1, status, headers as Record<string, string>, message);
    await expect(post(octokit)).rejects.toMatchObject({ status });
    expect(waits).toEqual([]);
    expect(seen).toEqual({ limited: 1, ok: 0 });
  });

  it("applies to the App's Probot client, whose own throttling only logs secondary limits", async () => {
    const waits: number[] = [];
    const octokit = new ProbotOctokit({
      log: quiet,
      // As `probot run` builds it: the secondary-limit callback logs and does not retry.
      throttle: { onSecondaryRateLimit: () => false, onRateLimit: () => false },
      retry: { enabled: false },
    });
    secondaryLimits(octokit, { secondaryLimit: { sleep: async (ms) => void waits.push(ms) } });
    // A read: Probot's throttling spaces writes a second apart, which this test need not wait for.
    nock(API).get('/repos/acme/widgets').reply(403, { message: SECONDARY }, { 'retry-after': '3' });
    nock(API).get('/repos/acme/widgets').reply(200, { id: 1 });
    const response = await octokit.request('GET /repos/{owner}/{repo}', { owner: 'acme', repo: 'widgets' });
    expect(response.status).toBe(200);
    expect(waits).toEqual([3000]);
    expect(nock.isDone()).toBe(true);
  });
});
