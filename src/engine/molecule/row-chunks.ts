/**
 * A molecule's steps or history as runs of up to CHUNK_ROWS rows, each run remembered by the
 * identity of its rows. The engine never changes a step or history entry it returned (see
 * check-state.ts), so after one transition all but one or two runs are the very runs the last
 * encode saw: whatever was worked out for a run (that it is valid, its packed columns, its view
 * counts) is kept against the run in a WeakMap and read back instead of worked out again. The
 * cost of an encode then grows with the number of runs, not of rows.
 */
export const CHUNK_ROWS = 32;

export interface RowChunk<T> {
  readonly rows: readonly T[];
}

/** The latest run seen starting with a given row; a run that differs anywhere is built afresh. */
const byFirstRow = new WeakMap<object, RowChunk<unknown>>();

/**
 * Runs are found by their first row, not by position: the engine keeps the last HISTORY_LIMIT
 * entries, so every transition past it drops the oldest entry and shifts every position. A new
 * run ends where a known one starts, so bounds stay with their rows as rows come and go around
 * them: a transition rebuilds the run it changed, the tail it appended to and the head it cut.
 */
export function chunksOf<T>(rows: readonly T[]): RowChunk<T>[] {
  const found = scope?.get(rows);
  if (found) return found as RowChunk<T>[];
  const chunks: RowChunk<T>[] = [];
  let start = 0;
  while (start < rows.length) {
    const first = rows[start];
    const known = isObject(first) ? (byFirstRow.get(first) as RowChunk<T> | undefined) : undefined;
    if (known && sameRows(known.rows, rows, start) && ends(known, rows, start)) {
      chunks.push(known);
      start += known.rows.length;
      continue;
    }
    let end = start + 1;
    while (end < rows.length && end - start < CHUNK_ROWS && !startsRun(rows[end])) end++;
    const chunk: RowChunk<T> = { rows: rows.slice(start, end) };
    if (isObject(first)) byFirstRow.set(first, chunk);
    chunks.push(chunk);
    start = end;
  }
  scope?.set(rows, chunks);
  return chunks;
}

/**
 * Lists already split while `fn` runs. One encode reads each list several times (to check it,
 * to pack it, to render it) and nothing changes a list under it; between two calls a caller may
 * have, so the lists are not remembered past the call.
 */
let scope: WeakMap<readonly unknown[], RowChunk<unknown>[]> | undefined;

export function withListsSplitOnce<T>(fn: () => T): T {
  if (scope) return fn();
  scope = new WeakMap();
  try {
    return fn();
  } finally {
    scope = undefined;
  }
}

/** A short run is taken as it is only where it ended before: a tail that rows were appended to grows instead. */
function ends(chunk: RowChunk<unknown>, rows: readonly unknown[], start: number): boolean {
  const end = start + chunk.rows.length;
  return chunk.rows.length === CHUNK_ROWS || end === rows.length || startsRun(rows[end]);
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function startsRun(row: unknown): boolean {
  return isObject(row) && byFirstRow.has(row);
}

function sameRows<T>(known: readonly T[], rows: readonly T[], start: number): boolean {
  if (start + known.length > rows.length) return false;
  for (let i = 0; i < known.length; i++) if (known[i] !== rows[start + i]) return false;
  return true;
}
