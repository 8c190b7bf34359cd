/**
 * `issue_comment.created`: a new comment by a person that holds `/mol` lines is answered by
 * answerComment (src/shell/github/answer-comment.ts). Bots are never obeyed; an edited or deleted
 * comment carries no commands.
 */
import { parseCommands } from '../engine/index.js';
import { answerComment } from '../shell/github/answer-comment.js';
import type { GitHubContext } from '../shell/github/github-context.js';
import { applied, type HandlerResult, ignored, refused } from './handler-result.js';
import { IssueCommentPayload, isBot } from './payloads.js';

export async function handleIssueComment(ctx: GitHubContext): Promise<HandlerResult> {
  const parsed = IssueCommentPayload.safeParse(ctx.payload);
  if (!parsed.success) return ignored('not an issue comment');
  const { comment, issue } = parsed.data;
  if (parsed.data.action !== 'created')
    return ignored(`comment ${parsed.data.action}: only new comments carry commands`);
  if (!comment.user || isBot(comment.user, ctx.identity.login)) return ignored('written by a bot');
  const commands = parseCommands(comment.body ?? '');
  if (commands.length === 0) return ignored('no /mol command');
  const answer = await answerComment(ctx, {
    commentId: comment.id,
    login: comment.user.login,
    ...(comment.author_association === undefined ? {} : { association: comment.author_association }),
    issue: {
      number: issue.number,
      ...(issue.title ? { title: issue.title } : {}),
      body: issue.body,
      author: issue.user?.login,
      isPull: Boolean(issue.pull_request),
    },
    commands,
  });
  if (answer.status === 'answered-before') return ignored(`comment ${comment.id} was answered already`);
  const summary = commands.map((c) => c.text).join('; ');
  return answer.status === 'ok' ? applied(summary) : refused(summary);
}
