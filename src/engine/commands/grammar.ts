/**
 * The `/mol` slash-command grammar as data: each verb's usage line and what it does.
 * The parser, its error messages and the help reply all read this table, so they cannot drift.
 */
import type { Budget } from '../budget/budget.js';
import type { ErrorCode } from '../errors.js';

export const COMMAND_VERBS = [
  'status',
  'pour',
  'wisp',
  'done',
  'fail',
  'retry',
  'skip',
  'approve',
  'rollback',
  'squash',
  'burn',
  'reset',
  'budget',
  'deliver',
  'help',
] as const;
export type CommandVerb = (typeof COMMAND_VERBS)[number];

export const COMMAND_USAGE: Record<CommandVerb, { usage: string; summary: string }> = {
  status: { usage: '/mol status', summary: "show the molecule's progress" },
  pour: {
    usage: '/mol pour <formula> [key=value…]',
    summary: 'start a formula on this issue or pull request',
  },
  wisp: {
    usage: '/mol wisp <formula> [--ttl 30m] [--var key=value…]',
    summary: 'start an ephemeral molecule that evaporates after its time to live (default 1h)',
  },
  done: { usage: '/mol done <step> [note…]', summary: 'mark a step completed' },
  fail: { usage: '/mol fail <step> <reason…>', summary: 'mark a step failed, saying why' },
  retry: { usage: '/mol retry <step>', summary: 'run a failed step again' },
  skip: { usage: '/mol skip <step>', summary: 'skip a step' },
  approve: { usage: '/mol approve <step>', summary: "pass a step's approval gate" },
  rollback: {
    usage: '/mol rollback [<step>]',
    summary: "reset the molecule's branch to a step's checkpoint (or the base)",
  },
  squash: { usage: '/mol squash [summary…]', summary: 'archive the molecule with a summary' },
  burn: { usage: '/mol burn [--force]', summary: 'discard the molecule (--force while it is in progress)' },
  reset: { usage: '/mol reset --force', summary: 'reset the molecule from any state (admin)' },
  budget: {
    usage: '/mol budget <limit>=<amount>… [--step <step>]',
    summary: "raise what the molecule's agents (or one step's) may spend: usd, tokens, turns, time",
  },
  deliver: {
    usage: '/mol deliver',
    summary: "deliver the molecule's work to its pull request again (after a delivery failed)",
  },
  help: { usage: '/mol help', summary: 'list these commands' },
};

interface At {
  /** 1-based line of the comment the command was on. */
  line: number;
  /** The command line as written, trimmed. */
  text: string;
}

export type ParsedCommand = At &
  (
    | { verb: 'status' }
    | { verb: 'pour'; formula: string; vars: Record<string, string> }
    /** `ttl` as written (`30m`); absent: the default time to live. */
    | { verb: 'wisp'; formula: string; vars: Record<string, string>; ttl?: string }
    | { verb: 'done'; step: string; note?: string }
    | { verb: 'fail'; step: string; reason: string }
    | { verb: 'retry'; step: string }
    | { verb: 'skip'; step: string }
    | { verb: 'approve'; step: string }
    | { verb: 'rollback'; step?: string }
    | { verb: 'squash'; summary?: string }
    | { verb: 'burn'; force: boolean }
    /** Plain `reset` parses with `force: false` so the reply can say that `--force` is needed. */
    | { verb: 'reset'; force: boolean }
    | { verb: 'budget'; budget: Budget; step?: string }
    | { verb: 'deliver' }
    | { verb: 'help'; topic?: string }
  );

export type CommandErrorCode = Extract<
  ErrorCode,
  | 'unknown-command'
  | 'missing-argument'
  | 'unexpected-argument'
  | 'bad-argument'
  | 'unterminated-quote'
  /** The lines past the first `MAX_COMMANDS_PER_COMMENT`, answered together in one line. */
  | 'too-many-commands'
>;

export interface CommandError extends At {
  code: CommandErrorCode;
  message: string;
  /** The command the author probably meant (`/mol status` for `/mol stauts`). */
  suggestion?: string;
}

export function isCommandError(value: ParsedCommand | CommandError): value is CommandError {
  return 'code' in value;
}
