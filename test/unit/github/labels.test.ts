import { Octokit } from '@octokit/rest';
import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureLabels, STATE_LABEL_LIST, setStateLabels } from '../../../src/github/labels.js';
import { react } from '../../../src/github/reactions.js';
import { fitComment, MAX_COMMENT_CHARS, reply } from '../../../src/github/reply.js';

const API = 'https://api.github.com';
const repo = { owner: 'acme', repo: 'widgets' };
const octokit = () => new Octokit({ request: { retries: 0 } });

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  expect(nock.pendingMocks()).toEqual([]);
  nock.cleanAll();
});

describe('setStateLabels', () => {
  it('adds in one call and removes one by one; a label the issue lacks is fine', async () => {
    nock(API)
      .post('/repos/acme/widgets/issues/12/labels', { labels: ['molecule:complete'] })
      .reply(200, [])
      .delete('/repos/acme/widgets/issues/12/labels/molecule%3Aactive')
      .reply(200, [])
      .delete('/repos/acme/widgets/issues/12/labels/molecule%3Afailed')
      .reply(404, { message: 'Label does not exist' });
    await setStateLabels(octokit(), repo, 12, ['molecule:complete'], ['molecule:active', 'molecule:failed']);
  });

  it('does not remove what it adds, and makes no call for nothing', async () => {
    nock(API)
      .post('/repos/acme/widgets/issues/3/labels', { labels: ['molecule:active'] })
      .reply(200, []);
    await setStateLabels(octokit(), repo, 3, ['molecule:active'], ['molecule:active']);
    await setStateLabels(octokit(), repo, 3, [], []);
  });

  it('passes other failures on', async () => {
    nock(API).delete('/repos/acme/widgets/issues/3/labels/molecule%3Aactive').reply(403, { message: 'no' });
    await expect(setStateLabels(octokit(), repo, 3, [], ['molecule:active'])).rejects.toMatchObject({
      status: 403,
    });
  });
});

describe('ensureLabels', () => {
  it('creates the state labels with colours and reports which were new', async () => {
    const [active, complete, failed] = STATE_LABEL_LIST;
    nock(API)
      .post('/repos/acme/widgets/labels', { ...active })
      .reply(422, { message: 'Validation Failed', errors: [{ resource: 'Label', code: 'already_exists' }] })
      .post('/repos/acme/widgets/labels', { ...complete })
      .reply(201, {})
      .post('/repos/acme/widgets/labels', { ...failed })
      .reply(201, {});
    expect(await ensureLabels(octokit(), repo)).toEqual(['molecule:complete', 'molecule:failed']);
    for (const label of STATE_LABEL_LIST) expect(label.color).toMatch(/^[0-9a-f]{6}$/);
  });
});

describe('react and reply', () => {
  it('reacts to a comment, and says whether the reaction is new (a redelivered webhook finds it there)', async () => {
    nock(API)
      .post('/repos/acme/widgets/issues/comments/55/reactions', { content: 'eyes' })
      .reply(201, {})
      .post('/repos/acme/widgets/issues/comments/55/reactions', { content: 'eyes' })
      .reply(200, {});
    expect(await react(octokit(), repo, 55, 'eyes')).toBe(true);
    expect(await react(octokit(), repo, 55, 'eyes')).toBe(false);
  });

  it('replies on the issue and returns the new comment', async () => {
    nock(API)
      .post('/repos/acme/widgets/issues/4/comments', { body: 'done' })
      .reply(201, { id: 99, html_url: 'https://github.com/acme/widgets/issues/4#issuecomment-99' });
    expect(await reply(octokit(), repo, 4, 'done')).toEqual({
      id: 99,
      url: 'https://github.com/acme/widgets/issues/4#issuecomment-99',
    });
  });

  it('cuts a reply GitHub would refuse, and says so', () => {
    const long = 'x'.repeat(MAX_COMMENT_CHARS + 10);
    const cut = fitComment(long);
    expect(cut.length).toBe(MAX_COMMENT_CHARS);
    expect(cut).toMatch(/cut: GitHub allows 65,536 characters/);
    expect(fitComment('short')).toBe('short');
  });
});
