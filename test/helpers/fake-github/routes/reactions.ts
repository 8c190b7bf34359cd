import { notFound } from '../errors.js';
import { reactionShape } from '../shapes/issues.js';
import type { ReactionContent } from '../state.js';
import type { HandlerTable } from './types.js';

export const reactionRoutes: HandlerTable = {
  /** 201 for a new reaction, 200 with the existing one when this user already reacted so. */
  'reactions/create-for-issue-comment': ({ state, links, params, body, actor }) => {
    const commentId = Number(params.comment_id);
    if (!state.comments.has(commentId)) return notFound();
    const { content } = body as { content: ReactionContent };
    const existing = state.reactions.find(
      (r) => r.comment_id === commentId && r.content === content && r.user.login === actor.login,
    );
    if (existing) return { status: 200, body: reactionShape(links, existing) };
    const reaction = {
      id: state.nextId(),
      comment_id: commentId,
      content,
      user: actor,
      created_at: state.now(),
    };
    state.reactions.push(reaction);
    return { status: 201, body: reactionShape(links, reaction) };
  },
};
