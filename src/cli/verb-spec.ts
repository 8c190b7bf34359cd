/**
 * A verb of `mol`, described once: its name, summary, arguments, options with their meaning and
 * type, examples, and what it runs. The parser, `mol help`, `mol <verb> --help`, shell completion
 * and `docs/cli.md` are all made from these descriptors (as cli/cli's cobra commands are), so a
 * verb is one file under `commands/` plus its line in `verbs.ts`.
 */
import type { CliIO } from './io.js';

/** What a shell may offer for an argument or an option's value. */
export type Completion = 'molecule' | 'step' | 'formula' | 'file' | 'dir' | 'verb' | 'shell';

export interface OptionSpec {
  /** The long name, without dashes. */
  name: string;
  short?: string;
  /** The placeholder of the value it takes (`N`, `DIR`); none for a switch. */
  value?: string;
  /** A switch that may also take a value, only as `--name=VALUE` (`--json=id,status`): its placeholder. */
  inlineValue?: string;
  /** May be given more than once (values collect into a list). */
  multiple?: boolean;
  meaning: string;
  complete?: Completion;
}

export interface ArgSpec {
  /** As the usage line shows it, without brackets: `mol-id`, `file|name`. */
  name: string;
  required?: boolean;
  /** Takes every remaining word (`<file|dir>...`, a note of several words). */
  variadic?: boolean;
  /** The usage error when a required argument is missing. */
  missing?: string;
  complete?: Completion;
}

export type Values = Record<string, string | boolean | string[] | undefined>;

/** One invocation of a verb, its options and arguments already checked against the descriptor. */
export interface VerbCall {
  io: CliIO;
  values: Values;
  /** Every argument, in order; a variadic one contributes all its words. */
  positionals: string[];
  /** Prints `mol: <message>` and the usage line; returns the usage exit code. */
  usageError(message: string): number;
  /** Every verb, for the ones that describe the others (help, completion). */
  verbs: readonly VerbSpec[];
}

export interface VerbSpec {
  name: string;
  /** One line, lower case, no full stop: `mol help` lists it, `mol <verb> --help` capitalises it. */
  summary: string;
  args: readonly ArgSpec[];
  options: readonly OptionSpec[];
  /** Each runs as written from a fresh repository after the ones before it (test/e2e/cli-help-examples). */
  examples: readonly string[];
  /** Left out of `mol help`, completion and docs/cli.md (`__complete`). */
  hidden?: boolean;
  run(call: VerbCall): number | Promise<number>;
}

export const defineVerb = (spec: VerbSpec): VerbSpec => spec;

/** `--name VALUE`, or `--name[=VALUE]` for a switch that may take one. */
export function optionFlag(o: OptionSpec): string {
  return `--${o.name}${o.value ? ` ${o.value}` : o.inlineValue ? `[=${o.inlineValue}]` : ''}`;
}

/** `mol <verb> <args> [--option VALUE]...`: the line help shows and every usage error repeats. */
export function usageLine(verb: VerbSpec): string {
  const args = verb.args.map((a) => {
    const word = `<${a.name}>${a.variadic ? '...' : ''}`;
    return a.required ? word : `[${word}]`;
  });
  const options = verb.options.map((o) => `[${optionFlag(o)}]${o.multiple ? '...' : ''}`);
  return ['mol', verb.name, ...args, ...options].join(' ');
}
