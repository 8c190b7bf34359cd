import { closest } from '../engine/index.js';
import { parse } from './args.js';
import { budgetCommand } from './commands/budget.js';
import { burnCommand } from './commands/burn.js';
import { cookCommand, usageError } from './commands/cook.js';
import { demoCommand } from './commands/demo.js';
import { diffCommand } from './commands/diff.js';
import { gcCommand } from './commands/gc.js';
import { graphCommand } from './commands/graph.js';
import { listCommand } from './commands/list.js';
import { patrolCommand } from './commands/patrol.js';
import { pourCommand, wispCommand } from './commands/pour.js';
import { promptCommand } from './commands/prompt.js';
import { resumeCommand } from './commands/resume.js';
import { rollbackCommand } from './commands/rollback.js';
import { runCommand } from './commands/run.js';
import { squashCommand } from './commands/squash.js';
import { statusCommand } from './commands/status.js';
import {
  approveCommand,
  doneCommand,
  failCommand,
  retryCommand,
  skipCommand,
} from './commands/step-verbs.js';
import { validateCommand } from './commands/validate.js';
import { isVerb, VERB_HELP, VERBS, type Verb, verbHelp, verbList } from './help.js';
import { type CliIO, EXIT, processIO } from './io.js';
import { VERSION } from './version.js';

type Command = (io: CliIO, argv: string[]) => number | Promise<number>;

const COMMANDS: Record<Verb, Command> = {
  cook: cookCommand,
  validate: validateCommand,
  graph: graphCommand,
  pour: pourCommand,
  wisp: wispCommand,
  run: runCommand,
  status: statusCommand,
  list: listCommand,
  prompt: promptCommand,
  done: doneCommand,
  fail: failCommand,
  retry: retryCommand,
  skip: skipCommand,
  approve: approveCommand,
  rollback: rollbackCommand,
  diff: diffCommand,
  squash: squashCommand,
  burn: burnCommand,
  resume: resumeCommand,
  budget: budgetCommand,
  patrol: patrolCommand,
  gc: gcCommand,
  demo: demoCommand,
  help: helpCommand,
  version: versionCommand,
};

/** Runs one CLI invocation; every failure is one clear line and an exit code, never a stack trace. */
export async function main(argv: string[], io: CliIO = processIO()): Promise<number> {
  const [name, ...rest] = argv;
  if (!name) {
    io.out(verbList());
    return EXIT.usage;
  }
  if (name === '--help' || name === '-h') return helpCommand(io, rest);
  if (name === '--version') return versionCommand(io, rest);
  if (!isVerb(name)) return unknownVerb(io, name);
  if (asksForHelp(rest)) {
    io.out(verbHelp(name));
    return EXIT.ok;
  }
  try {
    return await COMMANDS[name](io, rest);
  } catch (e) {
    io.err(`mol: ${(e as Error).message}`);
    if (io.env.MOL_DEBUG) io.err(String((e as Error).stack));
    return EXIT.failed;
  }
}

function helpCommand(io: CliIO, argv: string[]): number {
  const [verb, ...extra] = argv;
  if (verb === undefined) {
    io.out(verbList());
    return EXIT.ok;
  }
  if (extra.length > 0) return usageError(io, `unexpected argument "${extra[0]}"`, VERB_HELP.help.usage);
  if (!isVerb(verb)) return unknownVerb(io, verb);
  io.out(verbHelp(verb));
  return EXIT.ok;
}

function versionCommand(io: CliIO, argv: string[]): number {
  const args = parse(argv, {});
  if (!args.ok) return usageError(io, args.error.message, VERB_HELP.version.usage);
  const [extra] = args.value.positionals;
  if (extra !== undefined) return usageError(io, `unexpected argument "${extra}"`, VERB_HELP.version.usage);
  io.out(VERSION);
  return EXIT.ok;
}

function unknownVerb(io: CliIO, name: string): number {
  const known = name.startsWith('-') ? ['--help', '--version'] : VERBS;
  const guess = closest(name, known);
  io.err(
    guess === undefined
      ? `mol: unknown command "${name}"; run "mol help" for the list`
      : `mol: unknown command "${name}"; did you mean "${guess}"?`,
  );
  return EXIT.failed;
}

/** `--help` or `-h` anywhere before `--` (after it, words are a verb's own text). */
function asksForHelp(argv: string[]): boolean {
  for (const word of argv) {
    if (word === '--') return false;
    if (word === '--help' || word === '-h') return true;
  }
  return false;
}
