/**
 * Keys the formula schema does not know. Gas Town and Beads ignore them silently, so a typo such
 * as `focuss` quietly does nothing; Molecular keeps running but names each one. An unknown key is
 * reported once, where it stands: nothing inside it is examined, so an unknown table yields one
 * warning, not one per nested key. Free-form records (`prompts`, `output`, `presets`) accept any
 * key and are never looked into.
 */
import { isTable, type KeyPath } from './key-path.js';
import { defOf, resolveFor, type Schema } from './schema-walk.js';

export function findUnknownKeys(schema: Schema, value: unknown, path: KeyPath = []): KeyPath[] {
  const found: KeyPath[] = [];
  walk(schema, value, path, found);
  return found;
}

function walk(schema: Schema, value: unknown, path: KeyPath, found: KeyPath[]): void {
  const resolved = resolveFor(schema, value);
  if (!resolved) return;
  const def = defOf(resolved);
  if (def.type === 'object' && isTable(value)) {
    const shape = def.shape ?? {};
    for (const key of Object.keys(value)) {
      const child = Object.hasOwn(shape, key) ? shape[key] : undefined;
      if (child) walk(child, value[key], [...path, key], found);
      else found.push([...path, key]);
    }
  } else if (def.type === 'array' && def.element && Array.isArray(value)) {
    const element = def.element;
    for (const [index, item] of value.entries()) walk(element, item, [...path, index], found);
  } else if (def.type === 'record' && def.valueType && isTable(value)) {
    const valueType = def.valueType;
    for (const key of Object.keys(value)) walk(valueType, value[key], [...path, key], found);
  }
}
