/**
 * Reading the formula schema as data: which keys a table knows, which schema a value at a path
 * answers to, which option of a union a value meant. The unknown-key warnings and the plain
 * sentences for zod issues both need this, and both must agree with the one schema in
 * formula-schema.ts rather than keep a second list of keys.
 */
import type { z } from 'zod';
import { isTable, type KeyPath } from './key-path.js';

export type Schema = z.core.$ZodType;

/** The parts of zod's internal definitions this module reads (zod 4 keeps them on `_zod.def`). */
interface Def {
  type: string;
  innerType?: Schema;
  in?: Schema;
  getter?: () => Schema;
  element?: Schema;
  valueType?: Schema;
  shape?: Record<string, Schema>;
  options?: readonly Schema[];
  discriminator?: string;
  values?: readonly unknown[];
  entries?: Record<string, unknown>;
  checks?: readonly { _zod: { def: CheckDef } }[];
}

export interface CheckDef {
  check: string;
  format?: string;
  value?: unknown;
  inclusive?: boolean;
  minimum?: number;
  error?: unknown;
}

export function defOf(schema: Schema): Def {
  return schema._zod.def as unknown as Def;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** Strips optional/default/lazy/pipe wrappers down to the schema that describes the value itself. */
export function unwrap(schema: Schema): Schema {
  let current = schema;
  for (let guard = 0; guard < 32; guard++) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'lazy' && def.getter) current = def.getter();
    else if (def.type === 'pipe' && def.in) current = def.in;
    else return current;
  }
  return current;
}

export function shapeOf(schema: Schema): Record<string, Schema> | undefined {
  const def = defOf(unwrap(schema));
  return def.type === 'object' ? def.shape : undefined;
}

/** The literal values a schema accepts (`z.literal`, `z.enum`), or undefined for other schemas. */
export function literalValues(schema: Schema): readonly unknown[] | undefined {
  const def = defOf(unwrap(schema));
  if (def.type === 'literal') return def.values;
  if (def.type === 'enum' && def.entries) return Object.values(def.entries);
  return undefined;
}

/** Whether `value` is the kind of thing (text, number, list, table…) `schema` describes. */
export function matchesKind(schema: Schema, value: unknown): boolean {
  const def = defOf(unwrap(schema));
  switch (def.type) {
    case 'string':
    case 'template_literal':
      return typeof value === 'string';
    case 'number':
    case 'int':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'enum':
    case 'literal':
      return (literalValues(schema) ?? []).some((literal) => typeof literal === typeof value);
    case 'array':
    case 'tuple':
      return Array.isArray(value);
    case 'object':
    case 'record':
      return isTable(value);
    case 'union':
      return (def.options ?? []).some((option) => matchesKind(option, value));
    case 'unknown':
    case 'any':
      return true;
    default:
      return false;
  }
}

/**
 * The option of a union that `value` was meant for: by the discriminator when there is one (a gate
 * is the `type` it names), else the first option of the same kind (a var is text or a table).
 */
export function unionOption(schema: Schema, value: unknown): Schema | undefined {
  const def = defOf(unwrap(schema));
  if (def.type !== 'union') return undefined;
  const options = def.options ?? [];
  const discriminator = def.discriminator;
  if (discriminator !== undefined) {
    if (!isTable(value)) return undefined;
    const tag = value[discriminator];
    return options.find((option) => {
      const field = shapeOf(option)?.[discriminator];
      return field !== undefined && (literalValues(field) ?? []).includes(tag);
    });
  }
  return options.find((option) => matchesKind(option, value));
}

/** The union tagged by `discriminator` that `value` falls under, looking through untagged unions by kind. */
export function taggedUnion(schema: Schema, value: unknown, discriminator: string): Schema | undefined {
  let current = unwrap(schema);
  for (let guard = 0; guard < 32; guard++) {
    const def = defOf(current);
    if (def.type !== 'union') return undefined;
    if (def.discriminator === discriminator) return current;
    const option = (def.options ?? []).find((candidate) => matchesKind(candidate, value));
    if (!option) return undefined;
    current = unwrap(option);
  }
  return undefined;
}

/** Unwraps and follows unions until the schema that governs `value` itself; undefined when none does. */
export function resolveFor(schema: Schema, value: unknown): Schema | undefined {
  let current: Schema | undefined = unwrap(schema);
  for (let guard = 0; guard < 32 && current; guard++) {
    if (defOf(current).type !== 'union') return current;
    const option = unionOption(current, value);
    current = option && unwrap(option);
  }
  return current;
}

/** The schema for `parent[key]`, given the parent's schema and value. */
export function childSchema(schema: Schema, key: PropertyKey, parent: unknown): Schema | undefined {
  const resolved = resolveFor(schema, parent);
  if (!resolved) return undefined;
  const def = defOf(resolved);
  if (def.type === 'object') {
    return typeof key === 'string' && def.shape && Object.hasOwn(def.shape, key) ? def.shape[key] : undefined;
  }
  if (def.type === 'array') return typeof key === 'number' ? def.element : undefined;
  if (def.type === 'record') return typeof key === 'string' ? def.valueType : undefined;
  return undefined;
}

/** The schema at `path` inside `data` (unions resolved by the values along the way). */
export function schemaAt(root: Schema, path: KeyPath, data: unknown): Schema | undefined {
  let schema: Schema | undefined = root;
  let value = data;
  for (const segment of path) {
    if (!schema) return undefined;
    schema = childSchema(schema, segment, value);
    value =
      value !== null &&
      typeof value === 'object' &&
      typeof segment !== 'symbol' &&
      Object.hasOwn(value, segment)
        ? (value as Record<string, unknown>)[String(segment)]
        : undefined;
  }
  return schema;
}
