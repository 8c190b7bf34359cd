/**
 * Real formulas nest a handful of levels (a step's gate's paths). Refusing absurd depth up front
 * keeps every later walk (zod, unknown keys, cook) far from the stack limit on hostile input.
 */
import type { KeyPath } from './parse-key-path.js';

export const MAX_NESTING = 64;

/** The first path nested deeper than `limit` tables and lists, or undefined when none is. */
export function findTooDeep(data: unknown, limit = MAX_NESTING): KeyPath | undefined {
  const pending: { value: unknown; path: PropertyKey[] }[] = [{ value: data, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (value === null || typeof value !== 'object' || value instanceof Date) continue;
    if (path.length > limit) return path;
    const entries: [PropertyKey, unknown][] = Array.isArray(value)
      ? value.map((item, index) => [index, item])
      : Object.entries(value);
    for (const [key, child] of entries) pending.push({ value: child, path: [...path, key] });
  }
  return undefined;
}
