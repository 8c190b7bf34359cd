/**
 * Real formulas nest a handful of levels (a step's gate's paths). Refusing absurd depth up front
 * keeps every later walk (zod, unknown keys, cook) far from the stack limit on hostile input.
 */
import type { KeyPath } from './key-path.js';

export const MAX_NESTING = 64;

interface Pending {
  value: unknown;
  depth: number;
  key?: PropertyKey;
  parent?: Pending;
}

/** The first path nested deeper than `limit` tables and lists, or undefined when none is. */
export function findTooDeep(data: unknown, limit = MAX_NESTING): KeyPath | undefined {
  const pending: Pending[] = [{ value: data, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, depth } = next;
    if (value === null || typeof value !== 'object' || value instanceof Date) continue;
    if (depth > limit) return pathTo(next);
    const children: Iterable<[PropertyKey, unknown]> = Array.isArray(value)
      ? value.entries()
      : Object.entries(value);
    for (const [key, child] of children) pending.push({ value: child, depth: depth + 1, key, parent: next });
  }
  return undefined;
}

/** Paths are rebuilt only for the one that is reported, so the common case copies nothing. */
function pathTo(entry: Pending): KeyPath {
  const path: PropertyKey[] = [];
  for (let at: Pending | undefined = entry; at?.key !== undefined; at = at.parent) path.unshift(at.key);
  return path;
}
