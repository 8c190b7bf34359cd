import { resolve } from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { closest, err, ok, type Result } from '../engine/index.js';
import { isDirectory } from '../local/formulas/formula-files.js';
import type { OptionSpec, Values, VerbSpec } from './verb-spec.js';

export interface Parsed {
  values: Values;
  positionals: string[];
}

/**
 * A verb's words checked against its descriptor: node:util's parseArgs splits them (`--a=b`, `-abc`,
 * `--`), and every way they can be wrong is one usage error worded like `unknown command`; a
 * misspelt option gets the verb's nearest one suggested.
 */
export function parseVerbArgs(verb: VerbSpec, argv: string[]): Result<Parsed> {
  const byName = new Map(verb.options.map((o) => [o.name, o]));
  const config: NonNullable<ParseArgsConfig['options']> = {};
  for (const o of verb.options) {
    config[o.name] = {
      type: o.value === undefined ? 'boolean' : 'string',
      ...(o.short === undefined ? {} : { short: o.short }),
    };
  }
  const { tokens } = parseArgs({
    args: argv,
    options: config,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const values: Values = {};
  const positionals: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') positionals.push(token.value);
    if (token.kind !== 'option') continue;
    const option = byName.get(token.name);
    if (option === undefined) return err('usage', unknownOption(token.rawName, verb.options));
    if (option.value === undefined && token.value !== undefined && option.inlineValue === undefined)
      return err('usage', `option --${option.name} takes no value, got "${token.value}"`);
    if (option.inlineValue !== undefined && token.value !== undefined && !token.inlineValue)
      return err(
        'usage',
        `option --${option.name} takes its value after "=": --${option.name}=${token.value}`,
      );
    if (option.value !== undefined && token.value === undefined)
      return err('usage', `option --${option.name} needs a value (${option.value})`);
    values[option.name] = store(option, values[option.name], token.value ?? true);
  }
  const counted = countArgs(verb, positionals);
  return counted.ok ? ok({ values, positionals }) : counted;
}

function store(option: OptionSpec, before: Values[string], value: string | true): Values[string] {
  if (option.multiple) return [...((before as string[] | undefined) ?? []), value as string];
  return value;
}

function unknownOption(raw: string, options: readonly OptionSpec[]): string {
  const guess = raw.startsWith('--')
    ? closest(
        raw,
        ['help', ...options.map((o) => o.name)].map((o) => `--${o}`),
      )
    : undefined;
  return `unknown option "${raw}"${guess === undefined ? '' : `; did you mean "${guess}"?`}`;
}

function countArgs(verb: VerbSpec, positionals: string[]): Result<void> {
  const missing = verb.args.slice(positionals.length).find((a) => a.required);
  if (missing !== undefined) return err('usage', missing.missing ?? `missing <${missing.name}>`);
  const variadic = verb.args.some((a) => a.variadic);
  const extra = positionals[verb.args.length];
  if (!variadic && extra !== undefined) return err('usage', `unexpected argument "${extra}"`);
  return ok(undefined);
}

/** `--var k=v` (repeatable) -> { k: v }; a value may contain `=`. */
export function parseVars(raw: unknown): Result<Record<string, string>> {
  const vars: Record<string, string> = {};
  for (const item of (raw as string[] | undefined) ?? []) {
    const eq = item.indexOf('=');
    if (eq <= 0) return err('usage', `--var takes name=value, got "${item}"`);
    vars[item.slice(0, eq)] = item.slice(eq + 1);
  }
  return ok(vars);
}

/**
 * `--formulas DIR` (repeatable): folders where formulas named by `extends`, `compose.expand` or
 * aspects are found, as Gas City composes packs; each must be a folder.
 */
export function parseFormulaDirs(raw: unknown, cwd: string): Result<string[]> {
  const dirs: string[] = [];
  for (const dir of (raw as string[] | undefined) ?? []) {
    const path = resolve(cwd, dir);
    if (!isDirectory(path)) return err('usage', `--formulas takes a folder of formulas; ${dir} is not one`);
    dirs.push(path);
  }
  return ok(dirs);
}
