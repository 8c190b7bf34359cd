/**
 * The key an unknown key was probably meant to be. `max_retires = 3` is ignored like any unknown
 * key, so retries stay off without a word; naming `max_retries` turns the warning into the fix.
 * The candidates are the keys the schema knows in that same table, at any depth (top level, a
 * step, a var, a gate of the type it names), less those the table already has.
 */
import { closest } from '../did-you-mean.js';
import { isTable, type KeyPath, valueAt } from './key-path.js';
import { resolveFor, type Schema, schemaAt, shapeOf } from './schema-walk.js';

/** The nearest known key of the table holding `path`'s last key, if one is near enough. */
export function nearKey(schema: Schema, data: unknown, path: KeyPath): string | undefined {
  const key = path[path.length - 1];
  if (typeof key !== 'string') return undefined;
  const tablePath = path.slice(0, -1);
  const table = valueAt(data, tablePath);
  const tableSchema = schemaAt(schema, tablePath, data);
  const resolved = tableSchema && resolveFor(tableSchema, table);
  const shape = resolved && shapeOf(resolved);
  if (!shape || !isTable(table)) return undefined;
  return closest(
    key,
    Object.keys(shape).filter((known) => !Object.hasOwn(table, known)),
  );
}

/** `; did you mean "max_retries"?` or nothing, for the end of an unknown-key warning. */
export function didYouMeanKey(schema: Schema, data: unknown, path: KeyPath): string {
  const near = nearKey(schema, data, path);
  return near === undefined ? '' : `; did you mean "${near}"?`;
}
