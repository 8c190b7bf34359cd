/**
 * `--json` output: all of it, or with `--json=id,status` only those top-level fields (of each item,
 * when it is a list), as `gh --json fields` does. A field that is not there is named on stderr
 * (with the one it was likely meant to be) and the fields that are, once the command has done its work (it is not undone for a typo).
 */
import { didYouMean } from '../engine/index.js';
import { type CliIO, EXIT } from './io.js';
import type { Values } from './verb-spec.js';

export function printJson(io: CliIO, json: Values[string], value: unknown): number {
  const fields =
    typeof json === 'string'
      ? json
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean)
      : [];
  if (fields.length === 0) {
    io.out(JSON.stringify(value, null, 2));
    return EXIT.ok;
  }
  const items = Array.isArray(value) ? value : [value];
  const known = new Set(items.flatMap((item) => (isRecord(item) ? Object.keys(item) : [])));
  const pick = (item: unknown) =>
    isRecord(item)
      ? Object.fromEntries(fields.filter((f) => Object.hasOwn(item, f)).map((f) => [f, item[f]]))
      : item;
  io.out(JSON.stringify(Array.isArray(value) ? value.map(pick) : pick(value), null, 2));
  const unknown = items.length === 0 ? [] : fields.filter((f) => !known.has(f));
  if (unknown.length === 0) return EXIT.ok;
  io.err(
    `mol: --json: no field ${unknown.map((f) => `"${f}"${didYouMean(f, known)}`).join(', ')}; the fields are ${[...known].join(', ')}`,
  );
  return EXIT.usage;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
