/**
 * `JSON.stringify` of a molecule as it is (the plain block's payload), put together from runs of
 * rows (row-chunks.ts) that keep their text. Most molecules that reach the codec's budget are far
 * over it in plain JSON, so each run first offers a cheap count of characters its JSON cannot be
 * shorter than, and a molecule whose count is over the limit is never written out.
 */
import type { Molecule } from '../molecule/molecule-schema.js';
import { chunksOf, type RowChunk } from '../molecule/row-chunks.js';
import { factsOf, isRecord } from './pack-table.js';

/** The JSON text, or undefined when it is longer than `limit` UTF-16 units (never more than its UTF-8 bytes). */
export function plainJsonWithin(mol: Molecule, limit: number): string | undefined {
  const record = mol as unknown as Record<string, unknown>;
  const lists = new Map<string, RowChunk<unknown>[]>();
  let least = 0;
  for (const key of ['steps', 'history']) {
    const value = record[key];
    if (!Array.isArray(value)) continue;
    const chunks = chunksOf(value as readonly unknown[]);
    for (const chunk of chunks) least += leastOf(chunk);
    lists.set(key, chunks);
  }
  if (least > limit) return undefined;
  const parts: string[] = [];
  for (const key of Object.keys(record)) {
    const chunks = lists.get(key);
    const text = chunks ? `[${chunks.map(textOf).join(',')}]` : JSON.stringify(record[key]);
    if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
  }
  const text = `{${parts.join(',')}}`;
  return text.length > limit ? undefined : text;
}

const leastLength = new WeakMap<RowChunk<unknown>, number>();

/** Fewer characters than the run's rows take in JSON: each field's name, and what its value cannot go below. */
function leastOf(chunk: RowChunk<unknown>): number {
  let least = leastLength.get(chunk);
  if (least !== undefined) return least;
  least = 0;
  for (const row of chunk.rows) {
    least += 1;
    if (!isRecord(row)) continue;
    // The fields packing reads (pack-table.ts), known for most rows already; a null counts as nothing.
    const { keys, values } = factsOf(row);
    for (let k = 0; k < keys.length; k++) {
      const value = values[k];
      least += (keys[k] as string).length + 3 + (typeof value === 'string' ? value.length + 2 : 1);
    }
  }
  leastLength.set(chunk, least);
  return least;
}

const runText = new WeakMap<RowChunk<unknown>, string>();

function textOf(chunk: RowChunk<unknown>): string {
  let text = runText.get(chunk);
  if (text === undefined) {
    text = JSON.stringify(chunk.rows).slice(1, -1);
    runText.set(chunk, text);
  }
  return text;
}
