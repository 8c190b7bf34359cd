import { RE2JS } from 're2js';
import { didYouMean } from '../did-you-mean.js';
import { type Diagnostic, type ErrorCode, ok, type Result } from '../errors.js';
import type { VarInput } from '../formula/formula-schema.js';
import { asMolError, type CookContext, type Origin, placeOf } from './cook-context.js';
import type { Proto, ProtoVar } from './proto.js';

/** A variable as declared (in `vars` or a convoy's `inputs`), with where. */
export interface DeclaredVar {
  input: VarInput;
  origin: Origin;
}

/**
 * Declarations -> proto vars. A plain string is a default. `required_unless` (Gas Town convoys:
 * "give one of pr, files, branch") is not enforced: the var counts as optional. A var both
 * required and defaulted is refused (which one did the author mean?), and so is a pattern that
 * is not a regular expression or a default that breaks its own pattern or enum. Patterns are RE2
 * (Go's syntax, as in Gas Town and Beads), matched in linear time: they run on issue text that
 * anyone may write, and a JavaScript RegExp such as `^(a+)+$` backtracks for ever on it.
 */
export function collectVars(declared: ReadonlyMap<string, DeclaredVar>, ctx: CookContext): Proto['vars'] {
  const out: [string, ProtoVar][] = [];
  for (const [name, { input, origin }] of declared) {
    if (typeof input === 'string') {
      out.push([name, { default: input, required: false }]);
      continue;
    }
    const v: ProtoVar = { required: input.required === true && !input.required_unless?.length };
    if (input.description !== undefined) v.description = input.description;
    if (input.default !== undefined) v.default = String(input.default);
    if (input.pattern !== undefined) v.pattern = input.pattern;
    if (input.enum !== undefined) v.enum = [...input.enum];
    if (input.required === true && input.default !== undefined) {
      ctx.error(
        'var-required-with-default',
        `variable "${name}" is both required and has a default ("${v.default}"): drop \`required\` to make the default apply, or drop the default to make callers give it`,
        placeOf(origin, 'required'),
      );
    }
    const compiled = v.pattern === undefined ? undefined : compilePattern(v.pattern);
    if (typeof compiled === 'string') {
      ctx.error(
        'bad-pattern',
        `variable "${name}": pattern ${JSON.stringify(v.pattern)} is not a valid RE2 regular expression: ${compiled}`,
        placeOf(origin, 'pattern'),
      );
    } else if (v.default !== undefined && v.default !== '') {
      const problem = checkValue(name, v.default, v);
      if (problem) ctx.error('bad-default', `the default of ${problem.message}`, placeOf(origin, 'default'));
    }
    out.push([name, v]);
  }
  return Object.fromEntries(out);
}

/**
 * The values cook substitutes: each declared var's given value, else its default. Unbound vars
 * are left out so their placeholders stay visible (`mol cook` without vars still works); a given
 * var that is not declared, or that breaks its pattern or enum, is an error now rather than at pour.
 */
export function cookValues(
  vars: Proto['vars'],
  given: Readonly<Record<string, string>>,
  ctx: CookContext,
): Record<string, string> {
  for (const problem of checkGiven(vars, given)) ctx.error(problem.code, problem.message, {});
  const out: [string, string][] = [];
  for (const [name, v] of Object.entries(vars)) {
    const value = Object.hasOwn(given, name) ? given[name] : v.default;
    if (value !== undefined) out.push([name, value]);
  }
  return Object.fromEntries(out);
}

/**
 * Pour-time binding: every declared var gets its given value, else its default, else '' when it
 * is optional. Every problem is reported at once: each missing required var by name, each given
 * var the formula does not declare, each value that breaks its pattern or enum.
 */
export function bindVars(
  vars: Proto['vars'],
  given: Readonly<Record<string, string>>,
): Result<Record<string, string>> {
  const problems = checkGiven(vars, given);
  const missing = Object.entries(vars).filter(
    ([name, v]) => v.required && !Object.hasOwn(given, name) && v.default === undefined,
  );
  for (const [name, v] of missing) {
    const about = v.description ? ` (${v.description})` : '';
    problems.push({
      severity: 'error',
      code: 'missing-var',
      message: `variable "${name}"${about} is required: give ${name}=<value>`,
    });
  }
  if (missing.length > 1) {
    const names = missing.map(([name]) => `"${name}"`).join(', ');
    problems.unshift({
      severity: 'error',
      code: 'missing-var',
      message: `required variables missing: ${names}`,
    });
  }
  if (problems.length) return { ok: false, error: asMolError(problems) };
  return ok(
    Object.fromEntries(
      Object.entries(vars).map(([name, v]) => [
        name,
        Object.hasOwn(given, name) ? (given[name] as string) : (v.default ?? ''),
      ]),
    ),
  );
}

function checkGiven(vars: Proto['vars'], given: Readonly<Record<string, string>>): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const declared = Object.keys(vars);
  for (const [name, value] of Object.entries(given)) {
    const v = Object.hasOwn(vars, name) ? vars[name] : undefined;
    if (!v) {
      const known = declared.length
        ? `; it declares ${declared.map((d) => `"${d}"`).join(', ')}`
        : '; it declares none';
      problems.push({
        severity: 'error',
        code: 'unknown-var',
        message: `variable "${name}" is not declared by this formula${didYouMean(name, declared)}${known}`,
      });
      continue;
    }
    const problem = checkValue(name, value, v);
    if (problem) problems.push({ severity: 'error', code: problem.code, message: problem.message });
  }
  return problems;
}

function checkValue(
  name: string,
  value: string,
  v: ProtoVar,
): { code: ErrorCode; message: string } | undefined {
  if (v.enum && !v.enum.includes(value)) {
    return {
      code: 'var-enum',
      message: `variable "${name}" is ${JSON.stringify(value)}, but must be one of ${v.enum.map((e) => JSON.stringify(e)).join(', ')}`,
    };
  }
  // Partial match, as Go's regexp.MatchString in Gas Town and Beads: anchor the pattern to match it all.
  const re = v.pattern === undefined ? undefined : compilePattern(v.pattern);
  if (typeof re === 'object' && !re.test(value)) {
    return {
      code: 'var-pattern',
      message: `variable "${name}" is ${JSON.stringify(value)}, which does not match ${v.pattern}`,
    };
  }
  return undefined;
}

/** The compiled pattern, or why RE2 refuses it (lookarounds and backreferences are not RE2). */
function compilePattern(pattern: string): RE2JS | string {
  try {
    return RE2JS.compile(pattern);
  } catch (error) {
    return (error instanceof Error ? error.message : String(error)).replace(/^error parsing regexp: /, '');
  }
}
