/**
 * A list of records as columns, the layout that deflates best: values of one field sit together,
 * so runs of `"completed"` or of step-id prefixes become back-references. Timestamps, the bulk of
 * a large molecule's entropy, are stored as millisecond deltas along one cursor that walks the
 * rows (a step's `completedAt` is a short hop from its `startedAt`). Field names are unchanged.
 *
 *   { "n": rows, "c": { field: [value | null per row] }, "t": [fields stored as deltas] }
 *
 * null marks a row without the field, so a list whose records hold a real null stays as rows.
 * A timestamp is a delta only when it is canonical (`toISOString()` gives it back exactly); any
 * other string in a time column is kept as text, so the round trip is exact either way.
 */
export interface PackedTable {
  n: number;
  c: Record<string, unknown[]>;
  t?: string[];
}

const CANONICAL_TIME = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)\.(\d{3})Z$/;

export function packTable(rows: readonly unknown[]): PackedTable | readonly unknown[] {
  const n = rows.length;
  const facts: RowFacts[] = new Array(n);
  const columnOf = new Map<string, Column>();
  const columns: Column[] = [];
  for (let i = 0; i < n; i++) {
    const row = rows[i];
    if (!isRecord(row)) return rows;
    const fact = factsOf(row);
    if (fact.hasNull) return rows;
    facts[i] = fact;
    for (let k = 0; k < fact.keys.length; k++) {
      const key = fact.keys[k] as string;
      let column = columnOf.get(key);
      if (!column) {
        column = { key, values: new Array(n).fill(null), text: true, canonical: false };
        columnOf.set(key, column);
        columns.push(column);
      }
      const value = fact.values[k];
      column.values[i] = value;
      // A time column holds only text and at least one canonical timestamp.
      if (typeof value !== 'string') column.text = false;
      else if (fact.ms.has(key)) column.canonical = true;
    }
  }
  const c: Record<string, unknown[]> = {};
  for (const column of columns) c[column.key] = column.values;
  const times = columns.filter((column) => column.text && column.canonical);
  if (times.length === 0) return { n, c };
  let cursor = 0;
  for (let i = 0; i < n; i++) {
    const ms = (facts[i] as RowFacts).ms;
    if (ms.size === 0) continue;
    for (const { key, values } of times) {
      const at = ms.get(key);
      if (at === undefined) continue;
      values[i] = at - cursor;
      cursor = at;
    }
  }
  return { n, c, t: times.map((time) => time.key) };
}

interface Column {
  key: string;
  values: unknown[];
  text: boolean;
  canonical: boolean;
}

/** What packing needs to know about one row: its fields in order, and the milliseconds of its canonical times. */
export interface RowFacts {
  keys: string[];
  values: unknown[];
  hasNull: boolean;
  ms: Map<string, number>;
}

/**
 * Rows are remembered by identity: the engine never changes a step or history entry it returned
 * (see check-state.ts), so after one transition only the rows it touched are read again, and a
 * timestamp is parsed once in the life of a row instead of on every write.
 */
const factCache = new WeakMap<object, RowFacts>();

export function factsOf(row: Record<string, unknown>): RowFacts {
  const cached = factCache.get(row);
  if (cached) return cached;
  const keys: string[] = [];
  const values: unknown[] = [];
  const ms = new Map<string, number>();
  let hasNull = false;
  for (const key in row) {
    const value = row[key];
    if (value === null) hasNull = true;
    if (value === undefined || value === null) continue;
    keys.push(key);
    values.push(value);
    if (typeof value === 'string') {
      const at = canonicalTime(value);
      if (at !== undefined) ms.set(key, at);
    }
  }
  const facts = { keys, values, hasNull, ms };
  factCache.set(row, facts);
  return facts;
}

/** The rows back; anything that is not a well-formed table is returned as is for the schema to reject. */
export function unpackTable(data: unknown): unknown {
  if (!isRecord(data) || typeof data.n !== 'number' || !isRecord(data.c)) return data;
  const n = data.n;
  if (!Number.isSafeInteger(n) || n < 0) return data;
  const columns = Object.entries(data.c).filter(([key]) => key !== '__proto__');
  // Every row has a column entry, so `n` cannot make the loop below run longer than the input is.
  if (n > 0 && columns.length === 0) return data;
  if (!columns.every(([, column]) => Array.isArray(column) && column.length === n)) return data;
  const timeKeys = Array.isArray(data.t)
    ? data.t.filter((key): key is string => typeof key === 'string')
    : [];
  const c = Object.fromEntries(columns.map(([key, column]) => [key, [...(column as unknown[])]]));
  if (!decodeTimes(c, timeKeys, n)) return data;
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const row: Record<string, unknown> = {};
    for (const [key, column] of Object.entries(c)) {
      const value = column[i];
      if (value !== null && value !== undefined) row[key] = value;
    }
    rows.push(row);
  }
  return rows;
}

/** Milliseconds since the epoch when `toISOString()` of them gives back exactly `value`. */
function canonicalTime(value: string): number | undefined {
  const m = CANONICAL_TIME.exec(value);
  if (!m) return undefined;
  const [month, day, hour, minute, second] = [
    Number(m[2]),
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    Number(m[6]),
  ];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const ms = Date.UTC(Number(m[1]), month - 1, day, hour, minute, second, Number(m[7]));
  // Date.UTC rolls Feb 30 over into March; a day that moved was not a real date.
  return new Date(ms).getUTCDate() === day && Number(m[1]) >= 1000 ? ms : undefined;
}

/** False when a delta does not land on a representable time (a tampered table). */
function decodeTimes(c: Record<string, unknown[]>, timeKeys: readonly string[], n: number): boolean {
  let cursor = 0;
  for (let i = 0; i < n; i++) {
    for (const key of timeKeys) {
      const column = c[key];
      if (!column) continue;
      const value = column[i];
      if (typeof value !== 'number') continue;
      const ms = cursor + value;
      const time = new Date(ms);
      if (!Number.isFinite(value) || Number.isNaN(time.getTime())) return false;
      column[i] = time.toISOString();
      cursor = ms;
    }
  }
  return true;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
