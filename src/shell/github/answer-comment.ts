/**
 * Answering a comment's `/mol` lines, in order: read → permission → shell → reply.
 * 👀 at once for a pour, help or a comment of only mistakes (a state change or status is
 * answered within moments); each
 * command checked against the commenter's permission (collaborator endpoint, cached; for commands
 * that only read, the comment's `author_association` when it says owner, member or collaborator)
 * and run;
 * then 🚀 when all went through or 😕 when any was refused, and one reply with whatever needs
 * saying (refusals, status, help, problems). The handler (src/webhooks/issue-comment.ts) has
 * already turned bots away.
 *
 * A redelivered comment: its 👀 is already there (GitHub answers 200, not 201), or the issue's
 * comments (read anyway) hold the reply to it, and state changes carry the comment's key in the
 * history (change-molecule.ts): nothing is done twice.
 */
import {
  type CommandError,
  codeSpan,
  isCommandError,
  type ParsedCommand,
  permissionAtLeast,
  requiredPermission,
} from '../../engine/index.js';
import { httpMessage, httpStatus, repoSlug } from '../../github/client.js';
import { react } from '../../github/reactions.js';
import { reply } from '../../github/reply.js';
import { commandHome } from './command-home.js';
import { commandLevel, permissionRefusal, permissionTable } from './command-permissions.js';
import type { GitHubContext } from './github-context.js';
import { type IssueMolecules, moleculesOnIssue, noMolecules } from './issue-molecules.js';
import { runCommand } from './molecule-command.js';
import { openStore } from './molecule-store.js';
import { fetchPullHead } from './pull-head.js';
import { quiet } from './quiet.js';
import { markReply } from './reply-marker.js';

export interface CommentToAnswer {
  commentId: number;
  /** The commenter, a person (the handler has turned bots away). */
  login: string;
  /** The comment's `author_association` from the event: enough for a command that only reads. */
  association?: string;
  issue: { number: number; title?: string; body?: string | null; author?: string; isPull: boolean };
  /** The comment's `/mol` lines, parsed (mistakes included: they are answered too). */
  commands: Array<ParsedCommand | CommandError>;
}

/** ok: every command went through; refused: one or more did not; answered-before: a redelivery. */
export interface Answer {
  status: 'ok' | 'refused' | 'answered-before';
}

export async function answerComment(ctx: GitHubContext, request: CommentToAnswer): Promise<Answer> {
  const { commands, login, commentId, issue } = request;
  const wantsState = commands.some((c) => !isCommandError(c) && c.verb !== 'help');
  // 👀 where the answer may take a while (a pour cooks a formula), or where it is the cheap way to
  // spot a redelivery (nothing else reads the issue). A status or state change reads the issue
  // anyway and is answered by 🚀 a moment later (a change's key in the history stops a
  // redelivery): 👀 first would put one more call in front of the write, and in Octokit's
  // one-a-second write queue.
  const acknowledge =
    !wantsState || commands.some((c) => !isCommandError(c) && (c.verb === 'pour' || c.verb === 'wisp'));
  const fresh = acknowledge ? await react(ctx.octokit, ctx.repo, commentId, 'eyes') : false;
  // A delivered pull request steers the molecule on its issue.
  const home = wantsState ? await commandHome(ctx, issue) : issue.number;
  const molecules: IssueMolecules = wantsState || !fresh ? await moleculesOnIssue(ctx, home) : noMolecules();
  if (!fresh && molecules.answered.has(commentId)) return { status: 'answered-before' };

  const table = permissionTable(ctx);
  const asked = commands.filter((c): c is ParsedCommand => !isCommandError(c));
  const level = await commandLevel(ctx, login, asked, request.association);
  const scene = {
    ctx,
    store: openStore({
      ...ctx,
      alreadyListed: (listed) => molecules.listed(listed) ?? ctx.alreadyListed?.(listed),
    }),
    issue: home,
    login,
    level,
    table,
    commentId,
    ...(issue.title ? { issueTitle: issue.title } : {}),
    issueBody: issue.body,
    issueAuthor: issue.author,
    molecules,
    ...(issue.isPull ? { pullHead: () => fetchPullHead(ctx, issue.number) } : {}),
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

  await react(ctx.octokit, ctx.repo, commentId, allOk ? 'rocket' : 'confused');
  if (sections.length > 0) {
    await reply(
      ctx.octokit,
      ctx.repo,
      issue.number,
      markReply(commentId, `@${login}\n\n${sections.join('\n\n')}`),
    );
  }
  return { status: allOk ? 'ok' : 'refused' };
}

function verbText(command: ParsedCommand): string {
  return command.verb === 'reset' && command.force ? '/mol reset --force' : `/mol ${command.verb}`;
}

function section(commandText: string, text: string): string {
  return text.includes('\n') ? `${codeSpan(commandText)}\n\n${text}` : `${codeSpan(commandText)} — ${text}`;
}
