/**
 * `issue_comment.created`: every `/mol` line of a new comment by a person, in order.
 * 👀 at once for a pour, help or a comment of only mistakes (a state change or status is
 * answered within moments); each
 * command checked against the commenter's permission (collaborator endpoint, cached) and run;
 * then 🚀 when all went through or 😕 when any was refused, and one reply with whatever needs
 * saying (refusals, status, help, problems). Bots are never obeyed.
 *
 * A redelivered comment: its 👀 is already there (GitHub answers 200, not 201), or the issue's
 * comments (read anyway) hold the reply to it, and state changes carry the comment's key in the
 * history (change-molecule.ts): nothing is done twice.
 */
import {
  codeSpan,
  isCommandError,
  type ParsedCommand,
  parseCommands,
  permissionAtLeast,
  requiredPermission,
} from '../engine/index.js';
import { httpMessage, httpStatus, repoSlug } from '../github/client.js';
import { react } from '../github/reactions.js';
import { reply } from '../github/reply.js';
import { commandHome } from './command-home.js';
import { levelOf, permissionRefusal, permissionTable } from './command-permissions.js';
import { applied, type HandlerContext, type HandlerResult, ignored, refused } from './handler-context.js';
import { type IssueMolecules, moleculesOnIssue } from './issue-molecules.js';
import { openStore } from './molecule-store.js';
import { IssueCommentPayload, isBot } from './payloads.js';
import { fetchPullHead } from './pull-head.js';
import { quiet } from './quiet.js';
import { markReply } from './reply-marker.js';
import { runCommand } from './run-command.js';

export async function handleIssueComment(ctx: HandlerContext): Promise<HandlerResult> {
  const parsed = IssueCommentPayload.safeParse(ctx.payload);
  if (!parsed.success) return ignored('not an issue comment');
  const { comment, issue } = parsed.data;
  if (parsed.data.action !== 'created')
    return ignored(`comment ${parsed.data.action}: only new comments carry commands`);
  if (!comment.user || isBot(comment.user, ctx.identity.login)) return ignored('written by a bot');
  const commands = parseCommands(comment.body ?? '');
  if (commands.length === 0) return ignored('no /mol command');
  const login = comment.user.login;

  const wantsState = commands.some((c) => !isCommandError(c) && c.verb !== 'help');
  // 👀 where the answer may take a while (a pour cooks a formula), or where it is the cheap way to
  // spot a redelivery (nothing else reads the issue). A status or state change reads the issue
  // anyway and is answered by 🚀 a moment later (a change's key in the history stops a
  // redelivery): 👀 first would put one more call in front of the write, and in Octokit's
  // one-a-second write queue.
  const acknowledge = !wantsState || commands.some((c) => !isCommandError(c) && c.verb === 'pour');
  const fresh = acknowledge ? await react(ctx.octokit, ctx.repo, comment.id, 'eyes') : false;
  // A delivered pull request steers the molecule on its issue.
  const home = wantsState ? await commandHome(ctx, issue) : issue.number;
  const molecules: IssueMolecules =
    wantsState || !fresh
      ? await moleculesOnIssue(ctx, home)
      : { live: [], rejected: [], answered: new Set() };
  if (!fresh && molecules.answered.has(comment.id))
    return ignored(`comment ${comment.id} was answered already`);

  const table = permissionTable(ctx);
  const level = commands.some((c) => !isCommandError(c)) ? await levelOf(ctx, login) : 'none';
  const scene = {
    ctx,
    store: openStore(ctx),
    issue: home,
    login,
    level,
    table,
    commentId: comment.id,
    issueBody: issue.body,
    issueAuthor: issue.user?.login,
    molecules,
    ...(issue.pull_request ? { pullHead: () => fetchPullHead(ctx, issue.number) } : {}),
  };

  const sections: string[] = [];
  let allOk = true;
  for (const command of commands) {
    if (isCommandError(command)) {
      allOk = false;
      sections.push(section(command.text, quiet(command.message)));
      continue;
    }
    const required = requiredPermission(command, table);
    if (!permissionAtLeast(level, required)) {
      allOk = false;
      sections.push(
        section(
          command.text,
          permissionRefusal(codeSpan(verbText(command)), required, level, repoSlug(ctx.repo)),
        ),
      );
      continue;
    }
    try {
      const outcome = await runCommand(scene, command);
      if (!outcome.ok) allOk = false;
      if (outcome.text) sections.push(section(command.text, outcome.text));
    } catch (error) {
      allOk = false;
      const sentence = `GitHub answered ${httpStatus(error) ?? 'nothing'}: ${httpMessage(error)}; try again`;
      ctx.log.warn(`${command.text}: ${sentence}`);
      sections.push(section(command.text, quiet(sentence)));
    }
  }

  await react(ctx.octokit, ctx.repo, comment.id, allOk ? 'rocket' : 'confused');
  if (sections.length > 0) {
    await reply(
      ctx.octokit,
      ctx.repo,
      issue.number,
      markReply(comment.id, `@${login}\n\n${sections.join('\n\n')}`),
    );
  }
  const summary = commands.map((c) => c.text).join('; ');
  return allOk ? applied(summary) : refused(summary);
}

function verbText(command: ParsedCommand): string {
  return command.verb === 'reset' && command.force ? '/mol reset --force' : `/mol ${command.verb}`;
}

function section(commandText: string, text: string): string {
  return text.includes('\n') ? `${codeSpan(commandText)}\n\n${text}` : `${codeSpan(commandText)} — ${text}`;
}
