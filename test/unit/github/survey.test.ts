import { Octokit } from '@octokit/rest';
import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeState } from '../../../src/engine/codec/encode.js';
import type { Molecule } from '../../../src/engine/molecule/molecule-schema.js';
import { sealBody } from '../../../src/github/store/comment-seal.js';
import { defaultTrustedWriters, type TrustPolicy } from '../../../src/github/store/comment-trust.js';
import { SURVEY_QUERY, surveyMolecules } from '../../../src/github/survey.js';
import { makeMolecule } from '../../conformance/store-conformance.js';
import { commentNode, commentsAnswer, isCommentsQuery } from '../../helpers/graphql-comments.js';

const API = 'https://api.github.com';
const repo = { owner: 'acme', repo: 'widgets' };
const trust: TrustPolicy = { writers: defaultTrustedWriters('molecular'), editWindowMs: 60_000 };
const T = '2026-03-01T12:00:00.000Z';

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  expect(nock.pendingMocks()).toEqual([]);
  nock.cleanAll();
});

function body(mol: Molecule): string {
  const encoded = encodeState(mol);
  if (!encoded.ok) throw new Error(encoded.error.message);
  return sealBody(encoded.value.body, new Date(T));
}

/** `login` in REST form; the node names a bot by its bare slug, as GraphQL does. */
const comment = (id: number, login: string, text: string, lastEditedAt: string | null = null) =>
  commentNode({ id, login, body: text, createdAt: T, lastEditedAt, editor: lastEditedAt ? login : null });

const issueNode = (number: number, comments: unknown[], hasNextPage = false) => ({
  number,
  title: `#${number}`,
  url: `https://github.com/acme/widgets/issues/${number}`,
  state: 'OPEN',
  labels: { nodes: [{ name: 'molecule:active' }] },
  comments: { totalCount: comments.length, pageInfo: { hasNextPage, endCursor: null }, nodes: comments },
});

describe('surveyMolecules', () => {
  it('pages through open labelled issues 100 at a time and keeps only trusted molecules', async () => {
    const queries: Array<{ query: string; variables: Record<string, unknown> }> = [];
    const page = (nodes: unknown[], hasNextPage: boolean, endCursor: string | null) => ({
      data: { search: { issueCount: 3, pageInfo: { hasNextPage, endCursor }, nodes } },
    });
    nock(API)
      .post('/graphql', (b) => queries.push(b) > 0)
      .reply(
        200,
        page(
          [
            issueNode(12, [
              comment(1, 'alice', 'hi'),
              comment(2, 'molecular[bot]', body(makeMolecule('12-a', { subject: { issue: 12 } }))),
            ]),
            issueNode(13, [comment(3, 'mallory', body(makeMolecule('13-b', { subject: { issue: 13 } })))]),
          ],
          true,
          'CURSOR1',
        ),
      )
      .post('/graphql', (b) => queries.push(b) > 0)
      .reply(
        200,
        page(
          [
            issueNode(14, [
              comment(
                4,
                'github-actions[bot]',
                body(makeMolecule('14-c', { subject: { issue: 14 } })),
                '2026-03-01T12:00:02Z',
              ),
              comment(
                5,
                'molecular[bot]',
                body(makeMolecule('14-d', { subject: { issue: 14 } })),
                '2026-03-01T15:00:00Z',
              ),
            ]),
          ],
          false,
          'CURSOR2',
        ),
      );
    const survey = await surveyMolecules(new Octokit({ request: { retries: 0 } }), repo, { trust });
    expect(survey.molecules.map((m) => [m.mol.id, m.issue, m.commentId])).toEqual([
      ['12-a', 12, 2],
      ['14-c', 14, 4],
    ]);
    expect(survey.rejected.map((r) => [r.molId, r.error.message.match(/mallory|edited at/)?.[0]])).toEqual([
      ['13-b', 'mallory'],
      ['14-d', 'edited at'],
    ]);
    expect(survey.calls).toBe(2);
    expect(survey.issues).toBe(3);
    expect(queries[0]?.query).toBe(SURVEY_QUERY);
    expect(queries[0]?.variables).toEqual({
      q: 'repo:acme/widgets is:open label:"molecule:active"',
      after: null,
    });
    expect(queries[1]?.variables.after).toBe('CURSOR1');
  });

  it('reads a thread longer than 100 comments again in full', async () => {
    const many = Array.from({ length: 100 }, (_, i) => comment(1_000 + i, 'alice', 'chatter'));
    nock(API)
      .post('/graphql')
      .reply(200, {
        data: {
          search: {
            issueCount: 1,
            pageInfo: { hasNextPage: false, endCursor: null },
            nodes: [issueNode(9, many, true)],
          },
        },
      })
      .post('/graphql', (b) => isCommentsQuery(b, 9))
      .reply(
        200,
        commentsAnswer([
          {
            id: 77,
            body: body(makeMolecule('9-late', { subject: { issue: 9 } })),
            login: 'molecular[bot]',
            createdAt: T,
          },
        ]),
      );
    const survey = await surveyMolecules(new Octokit({ request: { retries: 0 } }), repo, { trust });
    expect(survey.molecules.map((m) => m.mol.id)).toEqual(['9-late']);
    expect(survey.calls).toBe(2);
  });
});
