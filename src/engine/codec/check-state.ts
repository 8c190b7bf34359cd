import type { z } from 'zod';
import {
  HistoryEntrySchema,
  type Molecule,
  MoleculeSchema,
  StepStateSchema,
} from '../molecule/molecule-schema.js';
import { chunksOf, type RowChunk } from '../molecule/row-chunks.js';

/**
 * Whether a molecule about to be written would pass `MoleculeSchema` on decode, checking only
 * what changed since the last check. The engine never changes a step or history entry it has
 * returned (a transition copies a step before it edits it and appends new history entries), so
 * an object that passed once still passes: only objects not seen before are parsed, and those of
 * the molecule's own plain fields that differ from the last that passed. A 1,025-step molecule after one transition costs one or two step
 * parses instead of two thousand. Whole runs of rows that passed are skipped at once (see
 * row-chunks.ts), so not even every row is looked up. Decode still validates the whole molecule:
 * what comes back from a comment is never trusted.
 */
const seen = new WeakSet<object>();
const passed = new WeakSet<RowChunk<unknown>>();
const TopSchema = MoleculeSchema.omit({ steps: true, history: true });

export interface StateProblem {
  path: PropertyKey[];
  message: string;
}

/** The molecule's own fields, each with its schema, in the order the object schema checks them. */
const TOP_FIELDS = Object.entries(TopSchema.shape) as Array<[string, z.ZodType]>;
/** The plain value of each field that passed last: after a transition most are the same. */
const lastPassed = new Map<string, unknown>();

export function checkState(mol: Molecule): StateProblem | undefined {
  if (typeof mol !== 'object' || mol === null || Array.isArray(mol)) {
    const top = TopSchema.safeParse(mol);
    if (!top.success) return first(top.error, []);
  }
  const record = mol as unknown as Record<string, unknown>;
  for (const [key, schema] of TOP_FIELDS) {
    const value = record[key];
    const object = typeof value === 'object' && value !== null;
    if (object ? seen.has(value) : lastPassed.has(key) && lastPassed.get(key) === value) continue;
    const parsed = schema.safeParse(value);
    if (!parsed.success) return first(parsed.error, [key]);
    if (object) seen.add(value);
    else lastPassed.set(key, value);
  }
  for (const [key, schema] of [
    ['steps', StepStateSchema],
    ['history', HistoryEntrySchema],
  ] as const) {
    const rows: unknown = mol[key];
    if (!Array.isArray(rows)) return { path: [key], message: 'Invalid input: expected array' };
    let start = 0;
    for (const chunk of chunksOf(rows as unknown[])) {
      if (!passed.has(chunk)) {
        for (let i = 0; i < chunk.rows.length; i++) {
          const row = chunk.rows[i];
          if (typeof row === 'object' && row !== null && seen.has(row)) continue;
          const parsed = schema.safeParse(row);
          if (!parsed.success) return first(parsed.error, [key, start + i]);
          seen.add(row as object);
        }
        passed.add(chunk);
      }
      start += chunk.rows.length;
    }
  }
  return undefined;
}

function first(error: z.ZodError, prefix: PropertyKey[]): StateProblem {
  const issue = error.issues[0];
  return { path: [...prefix, ...(issue?.path ?? [])], message: issue?.message ?? 'invalid' };
}
