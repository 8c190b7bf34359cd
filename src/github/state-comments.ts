/**
 * Reading the comments of one issue and sorting out which hold molecules: trusted state,
 * trusted archives, and the rest (forged, edited, unreadable), kept for reporting.
 */
import { decodeState } from '../engine/codec/decode.js';
import { findStateBlock } from '../engine/codec/state-block.js';
import type { MolError } from '../engine/errors.js';
import type { ArchiveRecord, Molecule } from '../engine/molecule-schema.js';
import { readArchiveBlock } from './archive-comment.js';
import { type GitHubClient, httpStatus, type RepoRef } from './client.js';
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
  body?: string;
  updated_at: string;
  user: { login: string } | null;
}

export function toView(comment: RestComment): CommentView {
  return {
    id: Number(comment.id),
    author: comment.user?.login ?? 'ghost',
    body: comment.body ?? '',
    updatedAt: comment.updated_at,
  };
}

/** Every comment of an issue or PR, oldest first, 100 per call. */
export async function listIssueComments(
  octokit: GitHubClient,
  repo: RepoRef,
  issue: number,
): Promise<CommentView[]> {
  const comments = await octokit.paginate('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
    ...repo,
    issue_number: issue,
    per_page: 100,
  });
  return comments.map(toView);
}

/** One comment by id; undefined when it is gone. */
export async function getComment(
  octokit: GitHubClient,
  repo: RepoRef,
  id: number,
): Promise<CommentView | undefined> {
  try {
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/issues/comments/{comment_id}', {
      ...repo,
      comment_id: id,
    });
    return toView(data);
  } catch (error) {
    if (httpStatus(error) === 404) return undefined;
    throw error;
  }
}

export function classifyComments(comments: CommentView[], policy: TrustPolicy): Classified {
  const found: FoundComment[] = [];
  const rejected: RejectedComment[] = [];
  for (const comment of comments) {
    const archive = readArchiveBlock(comment.body);
    if (!archive && !findStateBlock(comment.body)) continue;
    // Read the claim first (pure, schema-checked), so a rejection can say which molecule it was about.
    const claim = archive ?? decodeState(comment.body);
    const molId = claim.ok ? claim.value.id : undefined;
    const trust = judgeComment(comment, policy);
    if (!trust.ok) rejected.push({ comment, ...(molId ? { molId } : {}), error: trust.error });
    else if (!claim.ok) rejected.push({ comment, error: claim.error });
    else if (archive) found.push({ kind: 'archive', comment, record: claim.value as ArchiveRecord });
    else found.push({ kind: 'state', comment, mol: claim.value as Molecule });
  }
  return { found, rejected };
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
