import { Octokit } from '@octokit/rest';
import nock from 'nock';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { GitHubContext } from '../../../../src/shell/github/github-context.js';
import { moleculesOnIssue } from '../../../../src/shell/github/issue-molecules.js';
import { commentsAnswer, isCommentsQuery } from '../../../helpers/graphql-comments.js';

const API = 'https://api.github.com';

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  expect(nock.pendingMocks()).toEqual([]);
  nock.cleanAll();
});

/** What `moleculesOnIssue` reads of a handler's context. */
const ctx = (repo = 'widgets', now = () => new Date()) =>
  ({
    octokit: new Octokit({ request: { retries: 0 } }),
    repo: { owner: 'acme', repo },
    identity: { login: 'molecular[bot]', trusted: ['molecular[bot]'] },
    log: { warn: () => undefined },
    now,
  }) as unknown as GitHubContext;

const row = (id: number, body: string) => ({ id, body, login: 'alice', createdAt: '2026-03-01T12:00:00Z' });

it('deliveries about one issue that arrive while its read is in flight share that read', async () => {
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  nock(API)
    .post('/graphql', (b) => isCommentsQuery(b, 7))
    .once()
    .reply(async () => {
      await answered;
      return [200, commentsAnswer([row(1, '/mol done a')])];
    });
  const first = moleculesOnIssue(ctx(), 7);
  const second = moleculesOnIssue(ctx(), 7);
  answer();
  const [a, b] = await Promise.all([first, second]);
  expect({ ...a, listed: undefined }).toEqual({ ...b, listed: undefined });

  // Once answered, the next delivery reads afresh (a second answer is needed, and consumed).
  nock(API)
    .post('/graphql', (b) => isCommentsQuery(b, 7))
    .once()
    .reply(200, commentsAnswer([]));
  expect((await moleculesOnIssue(ctx(), 7)).live).toEqual([]);
});

it('other issues and other repositories read for themselves', async () => {
  nock(API)
    .post('/graphql', (b) => isCommentsQuery(b, 7))
    .times(2)
    .reply(200, commentsAnswer([]))
    .post('/graphql', (b) => isCommentsQuery(b, 8))
    .once()
    .reply(200, commentsAnswer([]));
  await Promise.all([
    moleculesOnIssue(ctx(), 7),
    moleculesOnIssue(ctx('gadgets'), 7),
    moleculesOnIssue(ctx(), 8),
  ]);
});

it('a failed read fails every delivery that shared it, and the next one tries again', async () => {
  nock(API).post('/graphql').once().reply(500, { message: 'boom' });
  const shared = await Promise.allSettled([moleculesOnIssue(ctx(), 7), moleculesOnIssue(ctx(), 7)]);
  expect(shared.map((s) => s.status)).toEqual(['rejected', 'rejected']);
  nock(API).post('/graphql').once().reply(200, commentsAnswer([]));
  expect((await moleculesOnIssue(ctx(), 7)).live).toEqual([]);
});

it('hands its listing over once, and only while fresh', async () => {
  nock(API)
    .post('/graphql', (b) => isCommentsQuery(b, 7))
    .times(2)
    .reply(200, commentsAnswer([row(1, 'hello')]));
  let t = Date.parse('2026-03-01T12:00:00Z');
  const clock = () => new Date(t);
  const read = await moleculesOnIssue(ctx('widgets', clock), 7);
  expect(read.listed(7)?.map((c) => c.id)).toEqual([1]);
  expect(read.listed(7)).toBeUndefined();
  const later = await moleculesOnIssue(ctx('widgets', clock), 7);
  t += 5_001;
  expect(later.listed(7)).toBeUndefined();
});
