import { readComment, readIssueComments } from './routes/comments.js';
import { searchIssues } from './search-query.js';
import type { Links } from './shapes/links.js';
import { nodeId, repoWeb } from './shapes/links.js';
import type { Actor, CommentRecord, IssueRecord } from './state.js';

/**
 * The GraphQL documents the fake answers, by operation name (there is no GraphQL engine behind
 * them: a reply always has exactly the fields of its shape below):
 * - `MolecularSurvey` (SURVEY_QUERY_SHAPE), the patrol's survey of open molecule issues, with
 *   variables `{ q: 'repo:OWNER/REPO is:issue is:open label:LABEL', after: null | endCursor }`;
 * - `MolecularComments` (COMMENTS_QUERY_SHAPE), one issue's comments, 100 a page;
 * - `MolecularComment` (COMMENT_QUERY_SHAPE), one comment by its node id.
 * The last two serve stale snapshots like REST reads do (faults.staleReads).
 *
 * GraphQL differs from REST in ways an adapter must handle:
 * - `author.login` of an app is the bare slug (`molecular`, `github-actions`) without REST's
 *   `[bot]`, and `__typename` is `Bot`;
 * - `databaseId` is the REST comment `id`, `id` its `node_id`; `lastEditedAt` and `editor` are
 *   null until the comment is edited, then name the last edit and who made it (REST has neither);
 * - a missing issue or node is `null` with an error of type NOT_FOUND, answered with HTTP 200.
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
          nodes { id databaseId author { __typename login } editor { __typename login } body createdAt lastEditedAt }
        }
      }
    }
  }
}`;

const COMMENT_FIELDS_SHAPE =
  'id databaseId author { __typename login } editor { __typename login } body createdAt lastEditedAt';

export const COMMENTS_QUERY_SHAPE = `query MolecularComments($owner: String!, $name: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $name) {
    issueOrPullRequest(number: $number) {
      ... on Issue { comments(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { ${COMMENT_FIELDS_SHAPE} } } }
      ... on PullRequest { comments(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { ${COMMENT_FIELDS_SHAPE} } } }
    }
  }
}`;

export const COMMENT_QUERY_SHAPE = `query MolecularComment($id: ID!) {
  node(id: $id) { ... on IssueComment { ${COMMENT_FIELDS_SHAPE} } }
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

/** The page of `items` after `offset`, with GraphQL's pageInfo. */
function pageOf<T>(items: T[], offset: number) {
  const nodes = items.slice(offset, offset + PAGE_SIZE);
  const end = offset + nodes.length;
  return {
    nodes,
    pageInfo: { hasNextPage: end < items.length, endCursor: nodes.length > 0 ? cursorFor(end) : null },
  };
}

/** GraphQL names a GitHub App's bot by its slug; REST adds `[bot]`. */
function graphqlLogin(actor: Actor): string {
  return actor.type === 'Bot' ? actor.login.replace(/\[bot\]$/, '') : actor.login;
}

const actorNode = (actor: Actor) => ({ __typename: actor.type, login: graphqlLogin(actor) });

function commentNode(comment: CommentRecord) {
  return {
    id: nodeId('IssueComment', comment.id),
    databaseId: comment.id,
    author: actorNode(comment.user),
    editor: comment.last_editor ? actorNode(comment.last_editor) : null,
    body: comment.body,
    createdAt: comment.created_at,
    lastEditedAt: comment.last_edited_at,
  };
}

function issueNode(links: Links, issue: IssueRecord) {
  const comments = [...links.state.comments.values()]
    .filter((comment) => comment.issue_number === issue.number)
    .sort((a, b) => a.id - b.id);
  const first = pageOf(comments, 0);
  return {
    __typename: 'Issue',
    id: nodeId('Issue', issue.id),
    number: issue.number,
    title: issue.title,
    url: `${repoWeb(links)}/issues/${issue.number}`,
    state: issue.state.toUpperCase(),
    labels: { nodes: issue.labels.map((name) => ({ name })) },
    comments: { totalCount: comments.length, pageInfo: first.pageInfo, nodes: first.nodes.map(commentNode) },
  };
}

const graphqlError = (message: string): GraphqlReply => ({
  problem: message,
  body: { errors: [{ message }] },
});

/** The error GitHub sends for a missing object, with the data the query got (HTTP 200). */
const notFoundReply = (data: unknown, path: string[], message: string): GraphqlReply => ({
  problem: null,
  body: { data, errors: [{ type: 'NOT_FOUND', path, message }] },
});

const OPERATIONS: Record<string, (links: Links, variables: Record<string, unknown>) => GraphqlReply> = {
  MolecularSurvey: answerSurvey,
  MolecularComments: answerComments,
  MolecularComment: answerComment,
};

/** Answers the documents above; anything else is an error reply (GraphQL errors come with HTTP 200). */
export function answerGraphql(links: Links, request: GraphqlRequest): GraphqlReply {
  const name = typeof request.query === 'string' ? /\bquery\s+(\w+)/.exec(request.query)?.[1] : undefined;
  const answer = name ? OPERATIONS[name] : undefined;
  if (!answer) {
    return graphqlError(
      `The fake GitHub only answers ${Object.keys(OPERATIONS).join(', ')} (see the *_QUERY_SHAPE documents)`,
    );
  }
  return answer(links, (request.variables ?? {}) as Record<string, unknown>);
}

function answerComments(links: Links, variables: Record<string, unknown>): GraphqlReply {
  const { owner, name, number } = variables;
  if (typeof owner !== 'string' || typeof name !== 'string' || typeof number !== 'number')
    return graphqlError('Variables $owner: String!, $name: String!, $number: Int! were not all provided.');
  const { state } = links;
  if (owner.toLowerCase() !== state.owner.toLowerCase() || name.toLowerCase() !== state.repo.toLowerCase()) {
    return notFoundReply(
      { repository: null },
      ['repository'],
      `Could not resolve to a Repository with the name '${owner}/${name}'.`,
    );
  }
  const issue = state.issues.get(number);
  if (!issue) {
    return notFoundReply(
      { repository: { issueOrPullRequest: null } },
      ['repository', 'issueOrPullRequest'],
      `Could not resolve to an issue or pull request with the number of ${number}.`,
    );
  }
  const offset = offsetOf(variables.after);
  if (offset === undefined)
    return graphqlError(`\`${String(variables.after)}\` does not appear to be a valid cursor.`);
  const page = pageOf(readIssueComments(state, issue.number), offset);
  const comments = { pageInfo: page.pageInfo, nodes: page.nodes.map(commentNode) };
  return { problem: null, body: { data: { repository: { issueOrPullRequest: { comments } } } } };
}

function answerComment(links: Links, variables: Record<string, unknown>): GraphqlReply {
  if (typeof variables.id !== 'string') return graphqlError('Variable $id of type ID! was not provided.');
  const match = /^IssueComment:(\d+)$/.exec(Buffer.from(variables.id, 'base64').toString('utf8'));
  const comment = match ? readComment(links.state, Number(match[1])) : undefined;
  if (!comment) {
    return notFoundReply(
      { node: null },
      ['node'],
      `Could not resolve to a node with the global id of '${variables.id}'`,
    );
  }
  return { problem: null, body: { data: { node: commentNode(comment) } } };
}

function answerSurvey(links: Links, variables: Record<string, unknown>): GraphqlReply {
  if (typeof variables.q !== 'string') return graphqlError('Variable $q of type String! was not provided.');
  const offset = offsetOf(variables.after);
  if (offset === undefined)
    return graphqlError(`\`${String(variables.after)}\` does not appear to be a valid cursor.`);
  const found = searchIssues(links.state, variables.q);
  const page = pageOf(found, offset);
  const search = {
    issueCount: found.length,
    pageInfo: page.pageInfo,
    nodes: page.nodes.map((issue) => issueNode(links, issue)),
  };
  return { problem: null, body: { data: { search } } };
}
