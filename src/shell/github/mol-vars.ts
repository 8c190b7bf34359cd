/**
 * Variables for a pour from the issue body: a fenced block tagged `mol-vars`, in
 * TOML (`feature = "login"`) or YAML (`feature: login`). Values reach steps as strings (and run
 * commands only as `MOL_VAR_*` environment variables), so numbers and booleans are accepted and
 * written as text; lists and tables are refused with the name of the variable.
 */
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { err, groupDigits, ok, type Result } from '../../engine/index.js';

const OPEN = /^[ \t]{0,3}(`{3,}|~{3,})[ \t]*mol-vars[ \t]*$/;
// One line at a time, and blanks only within it: `\s*` here ran over every following blank line
// from every line start, quadratic on a block of line breaks.
const TOML_LINE = /^[ \t]*[\w."'-]+[ \t]*=/m;
const KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** Variables are a few short values: a block past this is refused before any parser sees it. */
export const MAX_VARS_BLOCK_CHARS = 16_384;

/** The block's variables; `{}` when the body has none. */
export function parseMolVars(body: string | null | undefined): Result<Record<string, string>> {
  const block = findVarsBlock(body ?? '');
  if (block === undefined) return ok({});
  if (block.length > MAX_VARS_BLOCK_CHARS) {
    return err(
      'vars-invalid',
      `the \`mol-vars\` block is ${groupDigits(block.length)} characters, over the ${groupDigits(MAX_VARS_BLOCK_CHARS)} a block of variables may take`,
    );
  }
  const text = block;
  if (text.trim() === '') return ok({});
  const asToml = TOML_LINE.test(text);
  let data: unknown;
  try {
    data = asToml ? parseToml(text) : parseYaml(text);
  } catch (error) {
    const first = ((error as Error).message ?? String(error)).split('\n')[0];
    return err('vars-invalid', `the \`mol-vars\` block is not valid ${asToml ? 'TOML' : 'YAML'}: ${first}`);
  }
  if (data === null || data === undefined) return ok({});
  if (typeof data !== 'object' || Array.isArray(data)) {
    return err(
      'vars-invalid',
      'the `mol-vars` block must hold `name = "value"` lines (TOML) or `name: value` lines (YAML)',
    );
  }
  const vars: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    if (!KEY.test(key))
      return err('vars-invalid', `"${key}" in the \`mol-vars\` block is not a variable name`);
    if (typeof value === 'string') vars[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
      vars[key] = String(value);
    else if (value instanceof Date) vars[key] = value.toISOString();
    else
      return err(
        'vars-invalid',
        `variable "${key}" in the \`mol-vars\` block must be one value, not a list or a table`,
      );
  }
  return ok(vars);
}

/**
 * The text of the first fenced block tagged `mol-vars`, up to its closing fence (the same
 * character, at least as long, indented at most three spaces); undefined when there is none or it
 * is never closed. Each line is looked at once.
 */
function findVarsBlock(body: string): string | undefined {
  const lines = body.split(/\r\n|\r|\n/);
  let fence: string | undefined;
  let start = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (fence === undefined) {
      const open = OPEN.exec(line);
      if (open) {
        fence = open[1] as string;
        start = i + 1;
      }
      continue;
    }
    if (closes(line, fence)) return lines.slice(start, i).join('\n');
  }
  return undefined;
}

function closes(line: string, fence: string): boolean {
  let i = 0;
  while (i < 3 && (line[i] === ' ' || line[i] === '\t')) i++;
  let run = 0;
  while (line[i + run] === fence[0]) run++;
  return run >= fence.length && line.slice(i + run).trim() === '';
}
