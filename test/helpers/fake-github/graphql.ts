import { searchIssues } from './search-query.js';
import type { Links } from './shapes/links.js';
import { nodeId, repoWeb } from './shapes/links.js';
import type { Actor, CommentRecord, IssueRecord } from './state.js';

/**
 * The one GraphQL document the fake answers: the patrol's survey of open molecule issues. Send it
 * verbatim (or any document containing `query MolecularSurvey`) with variables
 * `{ q: 'repo:OWNER/REPO is:issue is:open label:LABEL', after: null | endCursor }`.
 * There is no GraphQL engine behind it: the reply always has exactly the fields below.
 *
 * GraphQL differs from REST in ways an adapter must handle:
 * - `author.login` of an app is the bare slug (`molecular`, `github-actions`) without REST's `[bot]`;
 * - `databaseId` is the REST comment `id`; `lastEditedAt` is null until the comment is edited;
 * - an issue with more than 100 comments says `comments.pageInfo.hasNextPage: true`: the rest
 *   must be read over REST.
 */
export const SURVEY_QUERY_SHAPE = `query MolecularSurvey($q: String!, $after: String) {
  search(type: ISSUE, query: $q, first: 100, after: $after) {
    issueCount
    pageInfo { hasNextPage endCursor }
    nodes {
      ... on Issue {
        number
        title
        url
        state
        labels(first: 100) { nodes { name } }
        comments(first: 100) {
          totalCount
          pageInfo { hasNextPage endCursor }
          nodes { databaseId author { login } body createdAt lastEditedAt }
        }
      }
    }
  }
}`;

const PAGE_SIZE = 100;

export interface GraphqlRequest {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

export interface GraphqlReply {
  /** Null when the request is something the fake does not know: the server records a violation. */
  problem: string | null;
  body: unknown;
}

const cursorFor = (offset: number): string => Buffer.from(`cursor:${offset}`).toString('base64');

function offsetOf(cursor: unknown): number | undefined {
  if (cursor === undefined || cursor === null) return 0;
  if (typeof cursor !== 'string') return undefined;
  const match = /^cursor:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'));
  return match ? Number(match[1]) : undefined;
}

/** GraphQL names a GitHub App's bot by its slug; REST adds `[bot]`. */
function graphqlLogin(actor: Actor): string {
  return actor.type === 'Bot' ? actor.login.replace(/\[bot\]$/, '') : actor.login;
}

function commentNode(comment: CommentRecord) {
  return {
    databaseId: comment.id,
    author: { login: graphqlLogin(comment.user) },
    body: comment.body,
    createdAt: comment.created_at,
    lastEditedAt: comment.last_edited_at,
  };
}

function issueNode(links: Links, issue: IssueRecord) {
  const comments = [...links.state.comments.values()]
    .filter((comment) => comment.issue_number === issue.number)
    .sort((a, b) => a.id - b.id);
  const first = comments.slice(0, PAGE_SIZE);
  return {
    __typename: 'Issue',
    id: nodeId('Issue', issue.id),
    number: issue.number,
    title: issue.title,
    url: `${repoWeb(links)}/issues/${issue.number}`,
    state: issue.state.toUpperCase(),
    labels: { nodes: issue.labels.map((name) => ({ name })) },
    comments: {
      totalCount: comments.length,
      pageInfo: {
        hasNextPage: comments.length > PAGE_SIZE,
        endCursor: first.length > 0 ? cursorFor(first.length) : null,
      },
      nodes: first.map(commentNode),
    },
  };
}

const graphqlError = (message: string): GraphqlReply => ({
  problem: message,
  body: { errors: [{ message }] },
});

/** Answers `MolecularSurvey`; anything else is an error reply (GraphQL errors come with HTTP 200). */
export function answerGraphql(links: Links, request: GraphqlRequest): GraphqlReply {
  if (typeof request.query !== 'string' || !/\bquery\s+MolecularSurvey\b/.test(request.query)) {
    return graphqlError('The fake GitHub only answers the MolecularSurvey query (see SURVEY_QUERY_SHAPE)');
  }
  const variables = (request.variables ?? {}) as Record<string, unknown>;
  if (typeof variables.q !== 'string') return graphqlError('Variable $q of type String! was not provided.');
  const offset = offsetOf(variables.after);
  if (offset === undefined)
    return graphqlError(`\`${String(variables.after)}\` does not appear to be a valid cursor.`);
  const found = searchIssues(links.state, variables.q);
  const page = found.slice(offset, offset + PAGE_SIZE);
  const end = offset + page.length;
  return {
    problem: null,
    body: {
      data: {
        search: {
          issueCount: found.length,
          pageInfo: { hasNextPage: end < found.length, endCursor: page.length > 0 ? cursorFor(end) : null },
          nodes: page.map((issue) => issueNode(links, issue)),
        },
      },
    },
  };
}
