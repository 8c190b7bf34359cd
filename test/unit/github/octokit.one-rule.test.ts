/**
 * The App's client under rate limits (src/github/octokit.ts): built as `probot run` builds
 * it (Probot's throttling with its own callbacks, plugin-retry), then rebuilt by the App. A 403 or
 * 429 secondary limit is waited out by one rule, `retry-after` once per refusal, at most
 * SECONDARY_LIMIT_RETRIES times; a primary limit naming only its reset is not sat through. Fake
 * timers: every wait is a timer the test advances, so the waits are counted, not slept.
 */
import nock from 'nock';
import { ProbotOctokit } from 'probot';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { oneRuleOctokit } from '../../../src/github/octokit.js';
import { SECONDARY_LIMIT_RETRIES } from '../../../src/github/secondary-limit.js';

const API = 'https://api.github.com';
const ROUTE = '/repos/acme/widgets/issues/1/comments';
const SECONDARY = 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.';
const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

beforeAll(() => nock.disableNetConnect());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  nock.cleanAll();
});

/** As `probot run` builds an installation client: Probot's throttle callbacks and plugin-retry. */
function probotRunClient() {
  const calls = { secondary: 0, primary: 0 };
  const octokit = new ProbotOctokit({
    auth: { token: 'ghs_app_token' },
    log: quiet,
    throttle: {
      // getOctokitThrottleOptions: a secondary limit is only logged; a primary one retried twice.
      onSecondaryRateLimit: () => {
        calls.secondary++;
      },
      onRateLimit: (_after: number, options: { request: { retryCount: number } }) => {
        calls.primary++;
        return options.request.retryCount <= 2;
      },
    },
  });
  return { octokit, calls };
}

/** Answers `times` requests with the limit, then 201; counts both and records each send's time. */
function limitedThenOk(times: number, status: number, headers: Record<string, string>, message = SECONDARY) {
  const sent: number[] = [];
  nock(API)
    .post(ROUTE)
    .times(times)
    .reply(() => {
      sent.push(Date.now());
      return [status, { message }, headers];
    });
  nock(API)
    .post(ROUTE)
    .reply(() => {
      sent.push(Date.now());
      return [201, { id: 7 }];
    });
  return sent;
}

async function post(octokit: unknown) {
  const client = octokit as InstanceType<typeof ProbotOctokit>;
  const settled = client
    .request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
      owner: 'acme',
      repo: 'widgets',
      issue_number: 1,
      body: 'hi',
    })
    .then(
      (r) => ({ ok: true as const, status: r.status }),
      (e: { status?: number }) => ({ ok: false as const, status: e.status }),
    );
  let result: Awaited<typeof settled> | undefined;
  void settled.then((r) => {
    result = r;
  });
  // Each wait is a timer: run the next one whenever the client is waiting. nock answers on real
  // I/O turns, so let those pass between; the fake clock moves, no time passes.
  for (let turn = 0; result === undefined && turn < 500; turn++) {
    await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersToNextTimerAsync();
  }
  return settled;
}

/** Milliseconds between consecutive sends. */
const gaps = (sent: number[]) => sent.slice(1).map((t, i) => t - (sent[i] as number));
/** A gap is one wait of `seconds` (a few ms of the client's own work aside), not two waits. */
const oneWaitOf = (seconds: number) =>
  expect.toSatisfy((ms: number) => ms >= seconds * 1000 && ms < seconds * 1000 + 500);

describe("the App's client under rate limits", () => {
  it.each([403, 429])(
    'waits a %i secondary limit out once, for its retry-after, then sends again',
    async (status) => {
      const { octokit, calls } = probotRunClient();
      const client = await oneRuleOctokit(octokit, 42);
      const sent = limitedThenOk(1, status, { 'retry-after': '7' });
      expect(await post(client)).toEqual({ ok: true, status: 201 });
      // Two sends, 7 s apart: not plugin-retry's 1 s backoff first, not a second rule's wait on top.
      expect(gaps(sent)).toEqual([oneWaitOf(7)]);
      expect(calls).toEqual({ secondary: 0, primary: 0 });
    },
  );

  it(`gives up after ${SECONDARY_LIMIT_RETRIES} waits of a 429 that does not lift, not 16 sends`, async () => {
    const { octokit } = probotRunClient();
    const client = await oneRuleOctokit(octokit, 42);
    const sent = limitedThenOk(20, 429, { 'retry-after': '5' });
    expect(await post(client)).toEqual({ ok: false, status: 429 });
    expect(gaps(sent)).toEqual(Array(SECONDARY_LIMIT_RETRIES).fill(oneWaitOf(5)));
  });

  it('does not sit a primary limit out until its reset', async () => {
    const { octokit, calls } = probotRunClient();
    const client = await oneRuleOctokit(octokit, 42);
    const reset = String(Math.floor(Date.now() / 1000) + 3000);
    const sent = limitedThenOk(
      5,
      403,
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset },
      'API rate limit exceeded',
    );
    expect(await post(client)).toEqual({ ok: false, status: 403 });
    expect(sent).toHaveLength(1);
    expect(calls.primary).toBe(0);
  });

  it('without the rebuild, the client `probot run` hands over waits twice over (why the App rebuilds it)', async () => {
    const { octokit } = probotRunClient();
    const sent = limitedThenOk(1, 429, { 'retry-after': '7' });
    expect(await post(octokit)).toEqual({ ok: true, status: 201 });
    // plugin-retry's own backoff answered GitHub's 7 s with 1 s.
    expect(gaps(sent)[0]).toBeLessThan(7000);
  });

  it('rebuilds once: a second call hands the same client back', async () => {
    const { octokit } = probotRunClient();
    const client = await oneRuleOctokit(octokit, 42);
    expect(await oneRuleOctokit(client, 42)).toBe(client);
  });
});
