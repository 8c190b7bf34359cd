/**
 * zod issues as sentences a formula author can act on: `steps[2].max_retries must be a whole
 * number ≥ 0, not "three"` instead of `Invalid input: expected number, received string`. The
 * expectation is read from the schema at the issue's path, so the wording follows the schema.
 */
import type { z } from 'zod';
import type { ErrorCode } from '../errors.js';
import { formatKeyPath, isTable, type KeyPath, valueAt } from './key-path.js';
import {
  type CheckDef,
  defOf,
  literalValues,
  matchesKind,
  type Schema,
  schemaAt,
  shapeOf,
  taggedUnion,
  unwrap,
} from './schema-walk.js';

export interface SchemaProblem {
  /** A gate `type` no gate has is `unknown-type`. */
  code: Extract<ErrorCode, 'missing-key' | 'invalid-value' | 'unknown-type'>;
  path: KeyPath;
  message: string;
}

type Issue = z.core.$ZodIssue;

export function explainIssues(
  root: Schema,
  data: unknown,
  issues: readonly Issue[],
  base: KeyPath = [],
): SchemaProblem[] {
  return issues.flatMap((issue) => explainIssue(root, data, issue, base));
}

function explainIssue(root: Schema, data: unknown, issue: Issue, base: KeyPath): SchemaProblem[] {
  const path: KeyPath = [...base, ...issue.path];
  const value = valueAt(data, path);
  switch (issue.code) {
    case 'invalid_union': {
      if (issue.discriminator !== undefined && issue.errors.length === 0) {
        const listed = 'options' in issue ? issue.options : undefined;
        return [unknownType(root, data, issue.discriminator, listed, path, value)];
      }
      // Explain the failure of the option the value was meant for, not of every option.
      const union = schemaAt(root, path, data);
      const options = union ? (defOf(unwrap(union)).options ?? []) : [];
      const chosen = options.findIndex((option) => matchesKind(option, value));
      const nested = issue.errors[chosen];
      if (nested && nested.length > 0) return explainIssues(root, data, nested, path);
      return [expectation(root, data, path, value, issue)];
    }
    case 'invalid_element':
    case 'invalid_key':
      return explainIssues(root, data, issue.issues, path);
    case 'invalid_type':
    case 'invalid_value':
    case 'invalid_format':
    case 'too_small':
    case 'too_big':
    case 'not_multiple_of':
      return [expectation(root, data, path, value, issue)];
    default:
      return [{ code: 'invalid-value', path, message: `${where(path)}: ${lowerFirst(issue.message)}` }];
  }
}

/** `X must be <what the schema wants>, not <what it got>`, or `P is missing k` when nothing was given. */
function expectation(
  root: Schema,
  data: unknown,
  path: KeyPath,
  value: unknown,
  issue: Issue,
): SchemaProblem {
  const schema = schemaAt(root, path, data);
  const wanted = schema ? describe(schema) : undefined;
  if (value === undefined && path.length > 0) {
    const key = path[path.length - 1];
    const parent = path.slice(0, -1);
    const name = typeof key === 'number' ? `item ${key}` : String(key);
    const what = wanted ? `, which must be ${wanted}` : '';
    return { code: 'missing-key', path, message: `${where(parent)} is missing ${name}${what}` };
  }
  const expected = wanted ?? lowerFirst(issue.message);
  return { code: 'invalid-value', path, message: `${where(path)} must be ${expected}, not ${show(value)}` };
}

/** A tagged table (a gate) whose tag names no option: list the tags that exist. */
function unknownType(
  root: Schema,
  data: unknown,
  discriminator: string,
  listed: readonly unknown[] | undefined,
  path: KeyPath,
  value: unknown,
): SchemaProblem {
  const owner = path[path.length - 1] === discriminator ? path.slice(0, -1) : path;
  const tags = tagsOf(root, data, owner, discriminator);
  const allowed = (tags.length > 0 ? tags : (listed ?? [])).map(String).join(', ');
  const noun = nounOf(owner);
  const message =
    value === undefined
      ? `${where(owner)} has no ${discriminator}; expected one of ${allowed}`
      : `unknown ${noun}${discriminator} ${show(value)} in ${where(owner)}; expected one of ${allowed}`;
  return { code: 'unknown-type', path, message };
}

function tagsOf(root: Schema, data: unknown, owner: KeyPath, discriminator: string): unknown[] {
  const schema = schemaAt(root, owner, data);
  const union = schema && taggedUnion(schema, valueAt(data, owner), discriminator);
  return (union ? (defOf(union).options ?? []) : []).flatMap((option) => {
    const field = shapeOf(option)?.[discriminator];
    return field ? (literalValues(field) ?? []) : [];
  });
}

/** `gate ` for a path through `gate`/`gates`, so the sentence says "unknown gate type". */
function nounOf(path: KeyPath): string {
  for (let i = path.length - 1; i >= 0; i--) {
    const segment = path[i];
    if (typeof segment === 'string') return segment === 'gates' || segment === 'gate' ? 'gate ' : '';
  }
  return '';
}

/** What a schema accepts, in words: `a whole number ≥ 0`, `local or distributed`, `a list of text`. */
export function describe(schema: Schema): string {
  const inner = unwrap(schema);
  const def = defOf(inner);
  const checks = (def.checks ?? []).map((check) => check._zod.def);
  switch (def.type) {
    case 'string':
      return describeString(checks);
    case 'number':
    case 'int':
      return describeNumber(def.type === 'int', checks);
    case 'boolean':
      return 'true or false';
    case 'enum':
    case 'literal':
      return oneOf((literalValues(inner) ?? []).map(String));
    case 'array': {
      const kind = def.element ? defOf(unwrap(def.element)).type : '';
      if (kind === 'string') return 'a list of text';
      if (kind === 'object' || kind === 'union') return 'a list of tables';
      return 'a list';
    }
    case 'object':
    case 'record':
      return 'a table';
    case 'union': {
      const options = (def.options ?? []).map((option) => {
        const text = describe(option);
        return text === 'true or false' ? 'true/false' : text;
      });
      return joinOr([...new Set(options)]);
    }
    case 'unknown':
    case 'any':
      return 'any value';
    default:
      return def.type;
  }
}

function describeString(checks: readonly CheckDef[]): string {
  for (const check of checks) {
    if (check.check === 'string_format' && check.format === 'regex') {
      const custom = customMessage(check.error);
      if (custom) return custom;
    }
  }
  const nonEmpty = checks.some((check) => check.check === 'min_length' && Number(check.minimum) >= 1);
  return nonEmpty ? 'non-empty text' : 'text';
}

function describeNumber(isInt: boolean, checks: readonly CheckDef[]): string {
  const whole =
    isInt || checks.some((check) => check.check === 'number_format' && /int/.test(check.format ?? ''));
  let text = whole ? 'a whole number' : 'a number';
  for (const check of checks) {
    if (check.check === 'greater_than') text += ` ${check.inclusive ? '≥' : '>'} ${String(check.value)}`;
    if (check.check === 'less_than') text += ` ${check.inclusive ? '≤' : '<'} ${String(check.value)}`;
  }
  return text;
}

/** The message a schema author attached to a check (`regex(…, 'a duration such as "30m"')`). */
function customMessage(error: unknown): string | undefined {
  try {
    const produced: unknown = typeof error === 'function' ? (error as () => unknown)() : error;
    if (typeof produced === 'string') return produced;
    if (isTable(produced) && typeof produced.message === 'string') return produced.message;
  } catch {
    // A message function that needs an issue to build its text: fall back to the generic words.
  }
  return undefined;
}

function oneOf(values: readonly string[]): string {
  return values.length <= 2 ? values.join(' or ') : `one of ${values.join(', ')}`;
}

function joinOr(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? 'something else';
  return `${parts.slice(0, -1).join(', ')} or ${parts[parts.length - 1]}`;
}

/** The path as a subject: `steps[2].id`, or `the formula` for the top level. */
export function where(path: KeyPath): string {
  return path.length === 0 ? 'the formula' : formatKeyPath(path);
}

/** A value as the user wrote it, short enough for one line. */
export function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') {
    const quoted = JSON.stringify(value);
    return quoted.length > 42 ? `${quoted.slice(0, 39)}…"` : quoted;
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a date';
  return 'a table';
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
