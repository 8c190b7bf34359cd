/**
 * The molecules on one issue or pull request, read from its comments in one listing: the live
 * ones (newest first, the order commands pick them in), and comments that look like state but
 * are not believed (forged, hand-edited), which replies mention so nobody wonders why.
 */
import type { Molecule } from '../../engine/index.js';
import { httpStatus, repoSlug } from '../../github/client.js';
import { JOB_SNAPSHOT_FRESH_MS } from '../../github/job-snapshot.js';
import { type CommentView, DEFAULT_EDIT_WINDOW_MS } from '../../github/store/comment-trust.js';
import {
  classifyComments,
  listIssueComments,
  type RejectedComment,
} from '../../github/store/state-comments.js';
import type { GitHubContext } from './github-context.js';
import { repliedTo } from './reply-marker.js';

export interface IssueMolecules {
  /** Believed state comments, newest molecule first. */
  live: Array<{ mol: Molecule; commentId: number }>;
  rejected: RejectedComment[];
  /** Comments this face already answered (see reply-marker.ts). */
  answered: Set<number>;
  /**
   * Hands the listing over to the store once, while fresh (as job-snapshot.ts does): a write
   * under a lease whose last holder recorded a rev this listing shows needs no read of its own.
   */
  listed: (issue: number) => CommentView[] | undefined;
}

const nothingListed = () => undefined;

/**
 * Listings of an issue in flight in this process. Deliveries about one issue that arrive together
 * (a fork's agents finishing at once) share one read instead of one each: what they see is at
 * most one round trip older than their arrival, which is no older than a read of their own that
 * waited in Octokit's queue; writes read again under the lease anyway.
 */
const inFlight = new Map<string, Promise<CommentView[]>>();

function listShared(ctx: GitHubContext, issue: number): Promise<CommentView[]> {
  const key = `${repoSlug(ctx.repo)}#${issue}`.toLowerCase();
  const running = inFlight.get(key);
  if (running) return running;
  const read = listIssueComments(ctx.octokit, ctx.repo, issue).finally(() => {
    if (inFlight.get(key) === read) inFlight.delete(key);
  });
  inFlight.set(key, read);
  return read;
}

export async function moleculesOnIssue(ctx: GitHubContext, issue: number): Promise<IssueMolecules> {
  let comments: CommentView[];
  try {
    comments = ctx.alreadyListed?.(issue) ?? (await listShared(ctx, issue));
  } catch (error) {
    // An issue that is gone (deleted, transferred) holds nothing to act on.
    if (httpStatus(error) === 404 || httpStatus(error) === 410) return noMolecules();
    throw error;
  }
  const readAt = ctx.now().getTime();
  let listing: CommentView[] | undefined = comments;
  const listed = (asked: number) => {
    const handed =
      asked === issue && ctx.now().getTime() - readAt <= JOB_SNAPSHOT_FRESH_MS ? listing : undefined;
    listing = undefined;
    return handed;
  };
  const classified = classifyComments(comments, {
    writers: ctx.identity.trusted,
    ...(ctx.stateKey ? { key: ctx.stateKey } : {}),
    editWindowMs: DEFAULT_EDIT_WINDOW_MS,
  });
  for (const r of classified.rejected) {
    ctx.log.warn(`${r.error.code}: ${r.error.message}`);
    ctx.onRejectedState?.(r.comment, r.error);
  }
  const live = classified.found
    .flatMap((f) => (f.kind === 'state' ? [{ mol: f.mol, commentId: f.comment.id }] : []))
    .sort((a, b) => b.mol.createdAt.localeCompare(a.mol.createdAt) || b.commentId - a.commentId);
  const self = ctx.identity.login.toLowerCase();
  const answered = new Set(
    comments
      .filter((c) => c.author.toLowerCase() === self)
      .map((c) => repliedTo(c.body))
      .filter((id): id is number => id !== undefined),
  );
  return { live, rejected: classified.rejected, answered, listed };
}

/** No molecules read: nothing to hand over. */
export function noMolecules(): IssueMolecules {
  return { live: [], rejected: [], answered: new Set(), listed: nothingListed };
}
