/**
 * GitHub's GraphQL answers for the comment reads of src/github/store/state-comments.ts, for nock tests
 * that keep comments in a table of their own (e2e tests use the fake server's). Bots are named by
 * their bare slug, as GraphQL does; `editor` is null until the comment is edited.
 */

export interface CommentRow {
  id: number;
  body: string;
  /** REST form: `molecular[bot]`, `alice`. */
  login: string;
  createdAt: string;
  /** When and by whom (REST form) the body was last edited; null when never. */
  lastEditedAt?: string | null;
  editor?: string | null;
}

export const commentNodeId = (id: number): string => `IC_kw${id}`;

const actor = (login: string) =>
  login.endsWith('[bot]')
    ? { __typename: 'Bot', login: login.slice(0, -'[bot]'.length) }
    : { __typename: 'User', login };

export function commentNode(row: CommentRow) {
  return {
    id: commentNodeId(row.id),
    databaseId: row.id,
    author: actor(row.login),
    editor: row.editor ? actor(row.editor) : null,
    body: row.body,
    createdAt: row.createdAt,
    lastEditedAt: row.lastEditedAt ?? null,
  };
}

interface GraphqlBody {
  query: string;
  variables: Record<string, unknown>;
}

/** `MolecularComments` of issue `issue` (any issue when omitted). */
export function isCommentsQuery(body: unknown, issue?: number): boolean {
  const b = body as GraphqlBody;
  return /query MolecularComments\b/.test(b.query) && (issue === undefined || b.variables.number === issue);
}

/** `MolecularComment` of comment `id` (any when omitted). */
export function isCommentQuery(body: unknown, id?: number): boolean {
  const b = body as GraphqlBody;
  return (
    /query MolecularComment\b/.test(b.query) && (id === undefined || b.variables.id === commentNodeId(id))
  );
}

export const commentsAnswer = (rows: CommentRow[]) => ({
  data: {
    repository: {
      issueOrPullRequest: {
        comments: { pageInfo: { hasNextPage: false, endCursor: null }, nodes: rows.map(commentNode) },
      },
    },
  },
});

export const commentAnswer = (row: CommentRow | undefined) =>
  row
    ? { data: { node: commentNode(row) } }
    : {
        data: { node: null },
        errors: [{ type: 'NOT_FOUND', path: ['node'], message: 'Could not resolve to a node' }],
      };

/** The comment a `MolecularComment` query asks for, by the node id `commentNodeId` made. */
export function commentIdOf(body: unknown): number {
  return Number(String((body as GraphqlBody).variables.id).replace(/^IC_kw/, ''));
}
