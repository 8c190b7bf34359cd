/**
 * `/mol` slash commands in a comment: at most ten, one per line, at the start of the line (leading
 * spaces allowed), outside code blocks, quotes and HTML comments. Every command line yields a
 * typed command or a typed error with a sentence for the reply; nothing throws.
 */

import { parseBudgetWords } from '../budget/budget.js';
import { closest } from '../did-you-mean.js';
import { parseDuration } from '../duration.js';
import type { Result } from '../errors.js';
import { truncate } from '../render/escape-markdown.js';
import {
  COMMAND_USAGE,
  COMMAND_VERBS,
  type CommandError,
  type CommandErrorCode,
  type CommandVerb,
  type ParsedCommand,
} from './grammar.js';
import { nextToken, type Token } from './tokenize.js';
import { visibleLines } from './visible-lines.js';

const COMMAND_LINE = /^\s*\/mol(?=\s|$)(.*)$/i;
const MAYBE_COMMAND = /\/mol/i;

/**
 * The commands one comment may carry. Each costs API calls (a 500-line comment cost about 2,000),
 * and anyone who can comment can send one: the rest are answered in one line and not run.
 */
export const MAX_COMMANDS_PER_COMMENT = 10;
const VAR_KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const FORCE_FLAGS = ['--force'];

type Failure = { code: CommandErrorCode; message: string; suggestion?: string };
/** A command before it is placed on its line (`Omit` spread over each verb of the union). */
type WithoutPlace<C> = C extends unknown ? Omit<C, 'line' | 'text'> : never;
type Parsed = WithoutPlace<ParsedCommand>;
type Outcome<T> = Result<T, Failure>;

const accept = <T>(value: T): Outcome<T> => ({ ok: true, value });
const fail = (code: CommandErrorCode, message: string, suggestion?: string): Outcome<never> => ({
  ok: false,
  error: suggestion === undefined ? { code, message } : { code, message, suggestion },
});

export function parseCommands(commentBody: string): Array<ParsedCommand | CommandError> {
  // Most comments hold no command: they need no markdown parse at all.
  if (!MAYBE_COMMAND.test(commentBody)) return [];
  const lines = visibleLines(commentBody).filter(({ text }) => COMMAND_LINE.test(text));
  const commands: Array<ParsedCommand | CommandError> = [];
  for (const { line, text } of lines.slice(0, MAX_COMMANDS_PER_COMMENT)) {
    const match = COMMAND_LINE.exec(text);
    const at = { line, text: text.trim() };
    const parsed = parseArgs(new Cursor(match?.[1] ?? ''));
    commands.push(parsed.ok ? ({ ...at, ...parsed.value } as ParsedCommand) : { ...at, ...parsed.error });
  }
  const ignored = lines.slice(MAX_COMMANDS_PER_COMMENT);
  const first = ignored[0];
  const last = ignored[ignored.length - 1];
  if (first && last) {
    const where = first === last ? `line ${first.line}` : `lines ${first.line}–${last.line}`;
    commands.push({
      code: 'too-many-commands',
      line: first.line,
      text: truncate(first.text.trim(), 60),
      message: `${ignored.length} more \`/mol\` command${ignored.length === 1 ? '' : 's'} (${where}) ignored: one comment runs at most ${MAX_COMMANDS_PER_COMMENT}; put the rest in another comment`,
    });
  }
  return commands;
}

function parseArgs(args: Cursor): Outcome<Parsed> {
  const first = args.next();
  if (!first.ok) return first;
  if (!first.value) return accept({ verb: 'help' });
  const verb = first.value.value.toLowerCase();
  if (!isVerb(verb)) {
    const guess = closest(verb, COMMAND_VERBS, 2);
    // Quote what was typed, but not a whole pasted paragraph.
    const typed = `/mol ${truncate(first.value.value, 40)}`;
    return guess
      ? fail('unknown-command', `unknown command "${typed}" — did you mean "/mol ${guess}"?`, `/mol ${guess}`)
      : fail('unknown-command', `unknown command "${typed}"; "/mol help" lists the commands`);
  }
  switch (verb) {
    case 'status':
    case 'deliver': {
      const end = args.end(verb);
      return end.ok ? accept({ verb }) : end;
    }
    case 'help': {
      const topic = args.optional(verb);
      if (!topic.ok) return topic;
      return accept(topic.value === undefined ? { verb } : { verb, topic: topic.value });
    }
    case 'retry':
    case 'skip':
    case 'approve': {
      const step = args.required(verb, 'step');
      if (!step.ok) return step;
      const end = args.end(verb);
      return end.ok ? accept({ verb, step: step.value }) : end;
    }
    case 'rollback': {
      const step = args.optional(verb);
      if (!step.ok) return step;
      return accept(step.value === undefined ? { verb } : { verb, step: step.value });
    }
    case 'done': {
      const step = args.required(verb, 'step');
      if (!step.ok) return step;
      const note = args.rest();
      return accept(note === undefined ? { verb, step: step.value } : { verb, step: step.value, note });
    }
    case 'fail': {
      const step = args.required(verb, 'step');
      if (!step.ok) return step;
      const reason = args.rest();
      return reason === undefined ? missing(verb, 'reason') : accept({ verb, step: step.value, reason });
    }
    case 'squash': {
      const summary = args.rest();
      return accept(summary === undefined ? { verb } : { verb, summary });
    }
    case 'pour':
      return parsePour(args);
    case 'wisp':
      return parseWisp(args);
    case 'budget':
      return parseBudget(args);
    case 'reset':
    case 'burn':
      return parseForce(verb, args);
  }
}

function parsePour(args: Cursor): Outcome<Parsed> {
  const formula = args.next();
  if (!formula.ok) return formula;
  if (!formula.value || (!formula.value.quoted && formula.value.value.includes('=')))
    return missing('pour', 'formula');
  const vars: Record<string, string> = {};
  for (;;) {
    const token = args.next();
    if (!token.ok) return token;
    if (!token.value) break;
    const word = token.value.value;
    const eq = word.indexOf('=');
    const key = eq < 0 ? '' : word.slice(0, eq);
    if (!VAR_KEY.test(key)) {
      return fail(
        'bad-argument',
        `${quoted(word)} is not a variable: give variables as key=value (quote values with spaces: key="a b") — usage: ${COMMAND_USAGE.pour.usage}`,
      );
    }
    if (Object.hasOwn(vars, key)) return fail('bad-argument', `variable ${quoted(key)} is given twice`);
    vars[key] = word.slice(eq + 1);
  }
  return accept({ verb: 'pour', formula: formula.value.value, vars });
}

/** `wisp <formula> [--ttl 30m] [--var k=v]… [k=v]…`: the local CLI's spelling, and pour's bare variables too. */
function parseWisp(args: Cursor): Outcome<Parsed> {
  const formula = args.next();
  if (!formula.ok) return formula;
  if (
    !formula.value ||
    (!formula.value.quoted && (formula.value.value.includes('=') || formula.value.value.startsWith('--')))
  )
    return missing('wisp', 'formula');
  const vars: Record<string, string> = {};
  let ttl: string | undefined;
  for (;;) {
    const token = args.next();
    if (!token.ok) return token;
    if (!token.value) break;
    let word = token.value.value;
    if (!token.value.quoted && word === '--ttl') {
      const value = args.required('wisp', 'ttl');
      if (!value.ok) return value;
      const ms = parseDuration(value.value);
      if (ms === undefined || ms <= 0)
        return fail('bad-argument', `--ttl takes a duration like 30m or 2h, got ${quoted(value.value)}`);
      ttl = value.value;
      continue;
    }
    if (!token.value.quoted && word === '--var') {
      const value = args.required('wisp', 'key=value');
      if (!value.ok) return value;
      word = value.value;
    } else if (!token.value.quoted && word.startsWith('--')) {
      const guess = closest(word, ['--ttl', '--var'], 2);
      return fail(
        'unexpected-argument',
        `unexpected ${quoted(word)} after /mol wisp${guess ? ` — did you mean "${guess}"?` : ''} — usage: ${COMMAND_USAGE.wisp.usage}`,
      );
    }
    const eq = word.indexOf('=');
    const key = eq < 0 ? '' : word.slice(0, eq);
    if (!VAR_KEY.test(key))
      return fail(
        'bad-argument',
        `${quoted(word)} is not a variable: give variables as --var key=value — usage: ${COMMAND_USAGE.wisp.usage}`,
      );
    if (Object.hasOwn(vars, key)) return fail('bad-argument', `variable ${quoted(key)} is given twice`);
    vars[key] = word.slice(eq + 1);
  }
  return accept({ verb: 'wisp', formula: formula.value.value, vars, ...(ttl === undefined ? {} : { ttl }) });
}

/** `budget usd=10 time=1h [--step <step>]`: the limits to raise, for the molecule or one step. */
function parseBudget(args: Cursor): Outcome<Parsed> {
  const words: string[] = [];
  let step: string | undefined;
  for (;;) {
    const token = args.next();
    if (!token.ok) return token;
    if (!token.value) break;
    if (token.value.value === '--step' && !token.value.quoted) {
      const id = args.required('budget', 'step');
      if (!id.ok) return id;
      step = id.value;
      continue;
    }
    words.push(token.value.value);
  }
  if (words.length === 0) return missing('budget', 'limit>=<amount');
  const budget = parseBudgetWords(words);
  if (!budget.ok) return fail('bad-argument', `${budget.message} — usage: ${COMMAND_USAGE.budget.usage}`);
  return accept(
    step === undefined
      ? { verb: 'budget', budget: budget.value }
      : { verb: 'budget', budget: budget.value, step },
  );
}

/** `reset` and `burn` take one flag, `--force`; plain `reset` parses so the reply can ask for it. */
function parseForce(verb: 'reset' | 'burn', args: Cursor): Outcome<Parsed> {
  let force = false;
  for (;;) {
    const token = args.next();
    if (!token.ok) return token;
    if (!token.value) return accept({ verb, force });
    const word = token.value.value;
    if (word === '--force') {
      force = true;
      continue;
    }
    const guess = word.startsWith('-') ? closest(word, FORCE_FLAGS, 2) : undefined;
    return fail(
      'unexpected-argument',
      `unexpected ${quoted(word)} after /mol ${verb}${guess ? ` — did you mean "${guess}"?` : ''} — usage: ${COMMAND_USAGE[verb].usage}`,
      guess ? `/mol ${verb} ${guess}` : undefined,
    );
  }
}

function missing(verb: CommandVerb, what: string): Outcome<never> {
  return fail('missing-argument', `"/mol ${verb}" needs a <${what}> — usage: ${COMMAND_USAGE[verb].usage}`);
}

/** A word of the command in a message, cut short: replies quote it, and a word can be a paragraph. */
function quoted(word: string): string {
  return `"${truncate(word, 40)}"`;
}

function isVerb(word: string): word is CommandVerb {
  return (COMMAND_VERBS as readonly string[]).includes(word);
}

/** Reads the words of one command line left to right. */
class Cursor {
  private pos = 0;
  constructor(private readonly text: string) {}

  next(): Outcome<Token | undefined> {
    const token = nextToken(this.text, this.pos);
    if (!token.ok) return fail('unterminated-quote', `${token.error.message}: add the closing quote`);
    if (token.value) this.pos = token.value.end;
    return token;
  }

  required(verb: CommandVerb, what: string): Outcome<string> {
    const token = this.next();
    if (!token.ok) return token;
    return token.value ? accept(token.value.value) : missing(verb, what);
  }

  /** One optional word and nothing after it. */
  optional(verb: CommandVerb): Outcome<string | undefined> {
    const token = this.next();
    if (!token.ok) return token;
    const end = this.end(verb);
    return end.ok ? accept(token.value?.value) : end;
  }

  end(verb: CommandVerb): Outcome<void> {
    const extra = this.next();
    if (!extra.ok) return extra;
    if (!extra.value) return accept(undefined);
    return fail(
      'unexpected-argument',
      `unexpected ${quoted(extra.value.value)} after /mol ${verb} — usage: ${COMMAND_USAGE[verb].usage}`,
    );
  }

  /**
   * The rest of the line as written (a note, a reason, a summary), or undefined when empty. A
   * rest that is one quoted word is unquoted, so `"  spaced  "` keeps its spaces.
   */
  rest(): string | undefined {
    const raw = this.text.slice(this.pos).trim();
    if (raw === '') return undefined;
    const token = nextToken(raw, 0);
    if (token.ok && token.value?.quoted && token.value.start === 0 && token.value.end === raw.length) {
      return token.value.value;
    }
    return raw;
  }
}
