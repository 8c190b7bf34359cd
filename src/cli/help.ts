/**
 * What `mol help`, `mol help <verb>` and `mol <verb> --help` print, made from the verbs'
 * descriptors: the usage line (the same one their usage errors print), options and examples.
 */
import { closest } from '../engine/index.js';
import { type CliIO, EXIT, EXIT_MEANINGS } from './io.js';
import { type OptionSpec, optionFlag, usageLine, type VerbSpec } from './verb-spec.js';

export const HELP_OPTION: OptionSpec = { name: 'help', short: 'h', meaning: 'print this help' };

/** `mol help`: every verb with its one-line summary, then the exit codes. */
export function verbList(verbs: readonly VerbSpec[]): string {
  const width = Math.max(...verbs.map((v) => v.name.length));
  return [
    'mol — molecular workflows, locally',
    '',
    'usage: mol <command> [args]',
    '',
    ...verbs.map((v) => `  ${v.name.padEnd(width)}  ${v.summary}`),
    '',
    "mol help <command> (or mol <command> --help): a command's options and examples",
    'mol --version: the version',
    'On a terminal output has colour and status symbols; NO_COLOR=1 turns colour off,',
    'FORCE_COLOR=1 turns it on when piped.',
    '',
    'exit codes:',
    ...exitCodeLines(),
    '',
  ].join('\n');
}

export function exitCodeLines(): string[] {
  return (Object.keys(EXIT) as (keyof typeof EXIT)[]).map((k) => `  ${EXIT[k]}  ${EXIT_MEANINGS[k]}`);
}

/** `mol help <verb>`: the usage line, what the verb does, its options, its examples. */
export function verbHelp(verb: VerbSpec): string {
  const options = [...verb.options, HELP_OPTION];
  const flags = options.map(flagColumn);
  const width = Math.max(...flags.map((f) => f.length));
  return [
    `usage: ${usageLine(verb)}`,
    '',
    `${sentence(verb.summary)}`,
    '',
    'options:',
    ...options.map((o, i) => `  ${(flags[i] ?? '').padEnd(width)}  ${o.meaning}`),
    '',
    verb.examples.length === 1 ? 'example:' : 'examples:',
    ...verb.examples.map((e) => `  ${e}`),
    '',
  ].join('\n');
}

export function flagColumn(o: OptionSpec): string {
  return `${o.short ? `-${o.short}, ` : '    '}${optionFlag(o)}`;
}

export function sentence(summary: string): string {
  return `${summary[0]?.toUpperCase()}${summary.slice(1)}.`;
}

/** `unknown command "x"`, with the nearest verb when one is near: a usage error like any other. */
export function unknownCommand(io: CliIO, name: string, verbs: readonly VerbSpec[]): number {
  const known = name.startsWith('-')
    ? ['--help', '--version']
    : verbs.filter((v) => !v.hidden).map((v) => v.name);
  const guess = closest(name, known);
  io.err(
    guess === undefined
      ? `mol: unknown command "${name}"; run "mol help" for the list`
      : `mol: unknown command "${name}"; did you mean "${guess}"?`,
  );
  return EXIT.usage;
}
