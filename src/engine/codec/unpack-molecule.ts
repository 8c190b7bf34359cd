import { unpackTable } from './pack-table.js';

/**
 * The molecule back from the packed form a deflated block holds (steps and history as column
 * tables, see pack-table.ts). Lists that are already rows pass through, so both forms read; the
 * result still has to pass the schema.
 */
export function unpackMolecule(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data;
  const record = data as Record<string, unknown>;
  return { ...record, steps: unpackTable(record.steps), history: unpackTable(record.history) };
}
