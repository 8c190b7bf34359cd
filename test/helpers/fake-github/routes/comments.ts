import { notFound } from '../errors.js';
import { commentBodyRefusal } from '../limits.js';
import { commentShape } from '../shapes/issues.js';
import type { CommentRecord, FakeState } from '../state.js';
import { issueFromParams } from './issues.js';
import { pagedResult } from './paginate.js';
import type { HandlerTable, RouteContext } from './types.js';

/**
 * Before a write, remember what readers saw so the next read can return it once. A comment
 * created and not yet read stays invisible (null) even if it is edited again meanwhile.
 */
function rememberPrevious(ctx: RouteContext, id: number, previous: CommentRecord | null): void {
  if (!ctx.faults.staleReads) return;
  if (ctx.state.staleComments.get(id) === null) return;
  ctx.state.staleComments.set(id, previous ? { ...previous } : null);
}

/** What a reader sees for `id` right now, consuming the stale snapshot if there is one. */
export function readComment(state: FakeState, id: number): CommentRecord | undefined {
  if (state.staleComments.has(id)) {
    const stale = state.staleComments.get(id);
    state.staleComments.delete(id);
    return stale ?? undefined;
  }
  return state.comments.get(id);
}

/** The comments of an issue a reader sees right now, oldest first (stale snapshots consumed). */
export function readIssueComments(state: FakeState, issueNumber: number): CommentRecord[] {
  const ids = new Set<number>();
  for (const comment of state.comments.values())
    if (comment.issue_number === issueNumber) ids.add(comment.id);
  // A comment deleted a moment ago may still be listed: its snapshot keeps it alive for one read.
  for (const [id, stale] of state.staleComments) if (stale?.issue_number === issueNumber) ids.add(id);
  return [...ids]
    .sort((a, b) => a - b)
    .map((id) => readComment(state, id))
    .filter((comment): comment is CommentRecord => comment !== undefined);
}

function commentFromParams(ctx: RouteContext): CommentRecord | undefined {
  return ctx.state.comments.get(Number(ctx.params.comment_id));
}

export const commentRoutes: HandlerTable = {
  'issues/list-comments': (ctx) => {
    const issue = issueFromParams(ctx);
    if (!issue) return notFound();
    const since = ctx.query.get('since');
    const visible = readIssueComments(ctx.state, issue.number)
      .filter((comment) => !since || comment.updated_at >= new Date(since).toISOString())
      .map((comment) => commentShape(ctx.links, comment));
    return pagedResult(visible, ctx.url);
  },

  'issues/create-comment': (ctx) => {
    const issue = issueFromParams(ctx);
    if (!issue) return notFound();
    const { body } = ctx.body as { body: string };
    const tooLong = commentBodyRefusal(body);
    if (tooLong) return tooLong;
    const comment = ctx.state.addComment(issue.number, body, ctx.actor);
    rememberPrevious(ctx, comment.id, null);
    return { status: 201, body: commentShape(ctx.links, comment) };
  },

  'issues/get-comment': (ctx) => {
    const comment = readComment(ctx.state, Number(ctx.params.comment_id));
    return comment ? { status: 200, body: commentShape(ctx.links, comment) } : notFound();
  },

  'issues/update-comment': (ctx) => {
    const comment = commentFromParams(ctx);
    if (!comment) return notFound();
    const tooLong = commentBodyRefusal((ctx.body as { body: string }).body);
    if (tooLong) return tooLong;
    rememberPrevious(ctx, comment.id, comment);
    const at = ctx.state.now();
    comment.body = (ctx.body as { body: string }).body;
    comment.updated_at = at;
    comment.last_edited_at = at;
    comment.last_editor = ctx.actor;
    return { status: 200, body: commentShape(ctx.links, comment) };
  },

  'issues/delete-comment': (ctx) => {
    const comment = commentFromParams(ctx);
    if (!comment) return notFound();
    rememberPrevious(ctx, comment.id, comment);
    ctx.state.comments.delete(comment.id);
    const reactions = ctx.state.reactions.filter((r) => r.comment_id !== comment.id);
    ctx.state.reactions.splice(0, ctx.state.reactions.length, ...reactions);
    return { status: 204 };
  },
};
