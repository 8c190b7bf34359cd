/**
 * Variables for a pour from the issue body (DESIGN §6): a fenced block tagged `mol-vars`, in
 * TOML (`feature = "login"`) or YAML (`feature: login`). Values reach steps as strings (and run
 * commands only as `MOL_VAR_*` environment variables), so numbers and booleans are accepted and
 * written as text; lists and tables are refused with the name of the variable.
 */
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { err, ok, type Result } from '../engine/errors.js';

const BLOCK = /^[ \t]{0,3}(`{3,}|~{3,})[ \t]*mol-vars[ \t]*\r?\n([\s\S]*?)^[ \t]{0,3}\1[ \t]*$/m;
const TOML_LINE = /^\s*[\w."'-]+\s*=/m;
const KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** The block's variables; `{}` when the body has none. */
export function parseMolVars(body: string | null | undefined): Result<Record<string, string>> {
  const match = BLOCK.exec(body ?? '');
  if (!match) return ok({});
  const text = (match[2] ?? '').replace(/\r\n?/g, '\n');
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
