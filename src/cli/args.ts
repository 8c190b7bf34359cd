import { resolve } from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { closest, err, ok, type Result } from '../engine/index.js';
import { isDirectory } from '../local/formulas/formula-files.js';

export type Options = NonNullable<ParseArgsConfig['options']>;

export interface Parsed {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

/**
 * node:util's parseArgs, with its exceptions turned into one-line usage errors; a misspelt option
 * gets the verb's nearest one suggested.
 */
export function parse(argv: string[], options: Options): Result<Parsed> {
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return ok({ values: values as Parsed['values'], positionals });
  } catch (e) {
    const message = (e as Error).message.replace(/\. To specify a positional.*$/s, '');
    const unknown = /^Unknown option '(--[^']+)'$/.exec(message)?.[1];
    const guess =
      unknown === undefined
        ? undefined
        : closest(
            unknown,
            ['help', ...Object.keys(options)].map((o) => `--${o}`),
          );
    return err('usage', guess === undefined ? message : `${message}; did you mean "${guess}"?`);
  }
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

export const FORMULAS_OPTION = { formulas: { type: 'string', multiple: true } } as const satisfies Options;
export const VAR_OPTION = { var: { type: 'string', multiple: true, short: 'v' } } as const satisfies Options;
export const JSON_OPTION = { json: { type: 'boolean' } } as const satisfies Options;
