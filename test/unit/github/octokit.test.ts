/**
 * The Action's client (src/github/octokit.ts): @actions/github's Octokit with plugin-retry
 * and the one secondary-limit rule of src/github/secondary-limit.ts. A 403 or 429 limit is waited
 * out by that rule alone (plugin-retry would otherwise send a 429 again on its own backoff,
 * ignoring retry-after); a 5xx is still plugin-retry's.
 */
import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActionOctokit } from '../../../src/github/octokit.js';
import { SECONDARY_LIMIT_RETRIES } from '../../../src/github/secondary-limit.js';

// @actions/github reads GITHUB_API_URL once, at import.
const API = process.env.GITHUB_API_URL ?? 'https://api.github.com';
const ROUTE = '/repos/acme/widgets/issues/1/comments';
const SECONDARY = 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.';

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  nock.cleanAll();
});

function client() {
  const waits: number[] = [];
  const octokit = createActionOctokit('t', { sleep: async (ms) => void waits.push(ms) });
  const post = () =>
    octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
      owner: 'acme',
      repo: 'widgets',
      issue_number: 1,
      body: 'hi',
    });
  return { post, waits };
}

function answer(statuses: Array<[number, Record<string, string>, string]>) {
  const seen: number[] = [];
  for (const [status, headers, message] of statuses) {
    nock(API)
      .post(ROUTE)
      .reply(() => {
        seen.push(status);
        return [status, status < 400 ? { id: 7 } : { message }, headers];
      });
  }
  return seen;
}

describe('createActionOctokit', () => {
  it.each([403, 429])(
    'waits out a %i secondary limit by the shared rule, once per refusal',
    async (status) => {
      const { post, waits } = client();
      const seen = answer([
        [status, { 'retry-after': '5' }, SECONDARY],
        [status, { 'retry-after': '2' }, SECONDARY],
        [201, {}, ''],
      ]);
      expect((await post()).status).toBe(201);
      expect(waits).toEqual([5000, 2000]);
      expect(seen).toEqual([status, status, 201]);
    },
  );

  it('gives up on a limit that never lifts after the rule’s retries, without plugin-retry adding its own', async () => {
    const { post, waits } = client();
    const seen = answer(Array(8).fill([429, { 'retry-after': '1' }, SECONDARY]));
    await expect(post()).rejects.toMatchObject({ status: 429 });
    expect(seen).toHaveLength(SECONDARY_LIMIT_RETRIES + 1);
    expect(waits).toHaveLength(SECONDARY_LIMIT_RETRIES);
  });

  it('still retries a 5xx through plugin-retry', async () => {
    const { post, waits } = client();
    const seen = answer([
      [502, {}, 'Bad Gateway'],
      [201, {}, ''],
    ]);
    expect((await post()).status).toBe(201);
    expect(seen).toEqual([502, 201]);
    expect(waits).toEqual([]);
  });
});
