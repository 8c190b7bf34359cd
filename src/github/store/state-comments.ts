/**
 * Reading the comments of one issue and sorting out which hold molecules: trusted state,
 * trusted archives, and the rest (forged, edited, unreadable), kept for reporting.
 */

import {
  type ArchiveRecord,
  claimedId,
  decodeStateBlock,
  findStateBlock,
  type MolError,
  type Molecule,
  type Result,
} from '../../engine/index.js';
import { type GitHubClient, httpStatus, type RepoRef } from '../client.js';
import { findArchiveBlock, parseArchive } from './archive-comment.js';
import { type CommentView, judgeComment, type TrustPolicy } from './comment-trust.js';

export type FoundComment =
  | { kind: 'state'; comment: CommentView; mol: Molecule }
  | { kind: 'archive'; comment: CommentView; record: ArchiveRecord };

/** A comment that looks like Molecular's but is not believed, and why. */
export interface RejectedComment {
  comment: CommentView;
  /** The molecule it claims to hold, when its block could be read. */
  molId?: string;
  error: MolError;
}

export interface Classified {
  found: FoundComment[];
  rejected: RejectedComment[];
}

interface RestComment {
  id: number | bigint;
  node_id: string;
  body?: string;
  updated_at: string;
  user: { login: string } | null;
}

/** A create's or an edit's answer. REST does not say who last edited a comment: `editor` is unset. */
export function toView(comment: RestComment): CommentView {
  return {
    id: Number(comment.id),
    nodeId: comment.node_id,
    author: comment.user?.login ?? 'ghost',
    body: comment.body ?? '',
    updatedAt: comment.updated_at,
  };
}

/**
 * Comments are read over GraphQL because only GraphQL names a comment's last editor: a state body
 * pasted back by a person is every byte the bot wrote, seal included, and is told apart only by
 * who put it there (comment-trust.ts). One call each, as over REST.
 */
export const COMMENT_FIELDS = `id databaseId author { __typename login } editor { __typename login } body createdAt lastEditedAt`;

export const COMMENTS_QUERY = `query MolecularComments($owner: String!, $name: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $name) {
    issueOrPullRequest(number: $number) {
      ... on Issue { comments(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { ${COMMENT_FIELDS} } } }
      ... on PullRequest { comments(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { ${COMMENT_FIELDS} } } }
    }
  }
}`;

export const COMMENT_QUERY = `query MolecularComment($id: ID!) {
  node(id: $id) { ... on IssueComment { ${COMMENT_FIELDS} } }
}`;

interface GraphqlActor {
  __typename?: string;
  login: string;
}

export interface GraphqlComment {
  id: string;
  databaseId: number;
  author: GraphqlActor | null;
  editor: GraphqlActor | null;
  body: string;
  createdAt: string;
  lastEditedAt: string | null;
}

/** GraphQL names an app's bot by its bare slug; REST (and the trusted-writer list) by `<slug>[bot]`. */
function restLogin(actor: GraphqlActor | null): string {
  if (!actor) return 'ghost';
  return actor.__typename === 'Bot' && !actor.login.endsWith('[bot]') ? `${actor.login}[bot]` : actor.login;
}

export function graphqlView(node: GraphqlComment): CommentView {
  return {
    id: node.databaseId,
    nodeId: node.id,
    author: restLogin(node.author),
    body: node.body,
    updatedAt: node.lastEditedAt ?? node.createdAt,
    // An edit whose editor GitHub no longer names (a deleted account) is nobody's to trust.
    ...(node.lastEditedAt ? { editor: restLogin(node.editor) } : {}),
  };
}

interface CommentsPage {
  repository: {
    issueOrPullRequest: {
      comments: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: GraphqlComment[] };
    } | null;
  } | null;
}

/** Every comment of an issue or PR, oldest first, 100 per call. */
export async function listIssueComments(
  octokit: GitHubClient,
  repo: RepoRef,
  issue: number,
): Promise<CommentView[]> {
  const views: CommentView[] = [];
  let after: string | null = null;
  for (;;) {
    let data: CommentsPage;
    try {
      data = await octokit.graphql<CommentsPage>(COMMENTS_QUERY, {
        owner: repo.owner,
        name: repo.repo,
        number: issue,
        after,
      });
    } catch (error) {
      // An issue that is gone (deleted, transferred) holds no comments, as REST's 404 said.
      if (isNotFound(error) && (error as { data?: CommentsPage }).data?.repository) return views;
      throw error;
    }
    const comments = data.repository?.issueOrPullRequest?.comments;
    if (!comments) return views;
    views.push(...comments.nodes.map(graphqlView));
    if (!comments.pageInfo.hasNextPage || !comments.pageInfo.endCursor) return views;
    after = comments.pageInfo.endCursor;
  }
}

/** One comment, read again; undefined when it is gone. */
export async function getComment(
  octokit: GitHubClient,
  comment: Pick<CommentView, 'nodeId'>,
): Promise<CommentView | undefined> {
  try {
    const data = await octokit.graphql<{ node: GraphqlComment | null }>(COMMENT_QUERY, {
      id: comment.nodeId,
    });
    return data.node?.databaseId === undefined ? undefined : graphqlView(data.node);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** GraphQL answers a deleted node with an error of type NOT_FOUND (HTTP 200), not a 404. */
function isNotFound(error: unknown): boolean {
  const errors = (error as { errors?: { type?: string }[] } | null)?.errors;
  return httpStatus(error) === 404 || (Array.isArray(errors) && errors.some((e) => e.type === 'NOT_FOUND'));
}

export function classifyComments(comments: CommentView[], policy: TrustPolicy): Classified {
  const found: FoundComment[] = [];
  const rejected: RejectedComment[] = [];
  for (const comment of comments) {
    const claim = claimOf(comment.body);
    if (!claim) continue;
    // Whose comment it is comes first: anyone can comment, and a block that nobody trusted wrote
    // (a deflate bomb, say) must cost no more than finding its header. Only the id it claims is
    // peeked at, from its first kilobytes, so the report can say which molecule it was about.
    const trust = judgeComment(comment, policy);
    if (!trust.ok) {
      const molId = claim.claimedId();
      rejected.push({ comment, ...(molId ? { molId } : {}), error: trust.error });
      continue;
    }
    const read = claim.read();
    if (!read.ok) rejected.push({ comment, error: read.error });
    else found.push({ ...read.value, comment });
  }
  return { found, rejected };
}

type Content = { kind: 'state'; mol: Molecule } | { kind: 'archive'; record: ArchiveRecord };

interface Claim {
  claimedId(): string | undefined;
  read(): Result<Content>;
}

/** What a comment looks like it holds, found by a linear scan of its headers; nothing decoded yet. */
function claimOf(body: string): Claim | undefined {
  const archive = findArchiveBlock(body);
  if (archive) {
    return {
      claimedId: () => claimedId(archive, 'json'),
      read: () => {
        const record = parseArchive(archive);
        return record.ok ? { ok: true, value: { kind: 'archive', record: record.value } } : record;
      },
    };
  }
  const state = findStateBlock(body);
  if (!state) return undefined;
  return {
    claimedId: () => claimedId(state, state.encoding === 'deflate' ? 'deflate' : 'json'),
    read: () => {
      const mol = decodeStateBlock(state);
      return mol.ok ? { ok: true, value: { kind: 'state', mol: mol.value } } : mol;
    },
  };
}

/** The comment of molecule `id` (the oldest, should a copy exist), or the reason none is believed. */
export function pickMolecule(
  classified: Classified,
  id: string,
): { found?: FoundComment; rejected: RejectedComment[] } {
  const idOf = (f: FoundComment) => (f.kind === 'state' ? f.mol.id : f.record.id);
  const found = classified.found.filter((f) => idOf(f) === id).sort((a, b) => a.comment.id - b.comment.id)[0];
  return { ...(found ? { found } : {}), rejected: classified.rejected.filter((r) => r.molId === id) };
}
