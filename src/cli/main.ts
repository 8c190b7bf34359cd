import { parseVerbArgs } from './args.js';
import { unknownCommand, verbHelp, verbList } from './help.js';
import { type CliIO, EXIT, processIO } from './io.js';
import { usageLine, type VerbSpec } from './verb-spec.js';
import { findVerb, SHOWN_VERBS, VERBS } from './verbs.js';

/** Runs one CLI invocation; every failure is one clear line and an exit code, never a stack trace. */
export async function main(argv: string[], io: CliIO = processIO()): Promise<number> {
  const [name, ...rest] = argv;
  if (!name) {
    // Nothing asked: the list, as help prints it, but a script that ran bare `mol` gets a usage exit.
    io.out(verbList(SHOWN_VERBS));
    return EXIT.usage;
  }
  const alias = name === '--help' || name === '-h' ? 'help' : name === '--version' ? 'version' : name;
  const verb = findVerb(alias);
  if (verb === undefined) return unknownCommand(io, name, VERBS);
  if (!verb.hidden && asksForHelp(rest)) {
    io.out(verbHelp(verb));
    return EXIT.ok;
  }
  return runVerb(io, verb, rest);
}

async function runVerb(io: CliIO, verb: VerbSpec, argv: string[]): Promise<number> {
  const usageError = (message: string) => {
    io.err(`mol: ${message}\nusage: ${usageLine(verb)}`);
    return EXIT.usage;
  };
  const parsed = parseVerbArgs(verb, argv);
  if (!parsed.ok) return usageError(parsed.error.message);
  try {
    return await verb.run({ io, ...parsed.value, usageError, verbs: VERBS });
  } catch (e) {
    io.err(`mol: ${(e as Error).message}`);
    if (io.env.MOL_DEBUG) io.err(String((e as Error).stack));
    return EXIT.failed;
  }
}

/** `--help` or `-h` anywhere before `--` (after it, words are a verb's own text). */
function asksForHelp(argv: string[]): boolean {
  for (const word of argv) {
    if (word === '--') return false;
    if (word === '--help' || word === '-h') return true;
  }
  return false;
}
