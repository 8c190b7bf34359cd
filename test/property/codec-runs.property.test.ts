import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packTable } from '../../src/engine/codec/pack-table.js';
import { packedMoleculeJson, packedTableJson } from '../../src/engine/codec/packed-json.js';
import { plainJsonWithin } from '../../src/engine/codec/plain-json.js';
import { type Molecule, STEP_STATUSES, type StepState } from '../../src/engine/molecule/molecule-schema.js';
import { CHUNK_ROWS, chunksOf } from '../../src/engine/molecule/row-chunks.js';
import { SUMMARY_PRIORITY, summaryRows, tallyStatuses } from '../../src/engine/render/step-runs.js';

/*
 * The codec and the view keep what they work out per run of rows (row-chunks.ts) and reuse it
 * from one encode to the next. Whatever the edits between two encodes (a row replaced, rows
 * appended, the oldest dropped, rows put back that were seen before), what they write must be
 * what working it all out afresh gives.
 */

const time = fc
  .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) })
  .map((ms) => new Date(ms).toISOString());
const value = fc.oneof(
  { weight: 4, arbitrary: time },
  { weight: 2, arbitrary: fc.constantFrom('completed', 'pending', 'a--b', '2025-02-30T00:00:00.000Z') },
  { weight: 1, arbitrary: fc.integer({ min: -5, max: 5 }) },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constant({ nested: ['x', 1] }) },
);
/** Mostly alike rows, as a molecule's lists are; `0` and `__proto__` are names an object handles its own way. */
const row = fc
  .array(fc.tuple(fc.constantFrom('id', 'at', 'startedAt', 'note', 'n', '0', '__proto__'), value), {
    maxLength: 5,
  })
  .map((fields) => {
    const record: Record<string, unknown> = {};
    for (const [name, v] of fields) {
      if (name === '__proto__')
        Object.defineProperty(record, name, {
          value: v,
          enumerable: true,
          configurable: true,
          writable: true,
        });
      else record[name] = v;
    }
    return record;
  });
const plainRow = fc.record({
  id: fc.constantFrom('a', 'b'),
  at: time,
  note: fc.option(fc.string(), { nil: undefined }),
});

type Edit =
  | { kind: 'replace'; at: number; row: Record<string, unknown> }
  | { kind: 'append'; rows: Record<string, unknown>[] }
  | { kind: 'drop'; count: number }
  | { kind: 'copy'; at: number }
  | { kind: 'back' };

function edits(rows: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Edit[]> {
  return fc.array(
    fc.oneof(
      fc.record({
        kind: fc.constant('replace' as const),
        // The last row of a run too: the cursor the runs after it start from moves.
        at: fc.oneof(
          fc.nat(),
          fc.nat({ max: 4 }).map((k) => k * CHUNK_ROWS + CHUNK_ROWS - 1),
        ),
        row: rows,
      }),
      fc.record({
        kind: fc.constant('append' as const),
        rows: fc.array(rows, { maxLength: 40, size: 'max' }),
      }),
      fc.record({ kind: fc.constant('drop' as const), count: fc.nat({ max: 40 }) }),
      fc.record({ kind: fc.constant('copy' as const), at: fc.nat() }),
      fc.constant({ kind: 'back' as const }),
    ),
    { maxLength: 12 },
  );
}

/** Every list the edits pass through, each a new array; rows are never changed in place. */
function lists<T extends object>(start: T[], steps: Edit[]): T[][] {
  const out = [start];
  for (const edit of steps) {
    const last = out[out.length - 1] as T[];
    let next = last.slice();
    if (edit.kind === 'replace' && next.length > 0) next[edit.at % next.length] = edit.row as T;
    if (edit.kind === 'append') next.push(...(edit.rows as T[]));
    if (edit.kind === 'drop') next = next.slice(edit.count);
    if (edit.kind === 'copy' && next.length > 0) {
      const i = edit.at % next.length;
      next[i] = { ...(next[i] as T) };
    }
    // An earlier list again: runs built since must not be served for it.
    if (edit.kind === 'back') next = (out[Math.max(0, out.length - 3)] as T[]).slice();
    out.push(next);
  }
  return out;
}

describe('runs of rows', () => {
  it('cover the list in order, none longer than CHUNK_ROWS', () => {
    fc.assert(
      fc.property(fc.array(plainRow, { minLength: 33, maxLength: 150 }), edits(plainRow), (start, steps) => {
        for (const rows of lists(start, steps)) {
          const chunks = chunksOf(rows);
          expect(chunks.flatMap((chunk) => chunk.rows)).toEqual(rows);
          expect(chunks.flatMap((chunk) => chunk.rows).every((r, i) => r === rows[i])).toBe(true);
          expect(chunks.every((chunk) => chunk.rows.length > 0 && chunk.rows.length <= CHUNK_ROWS)).toBe(
            true,
          );
        }
      }),
      { numRuns: 60 },
    );
  });

  it('keep their bounds when the oldest row is dropped and one appended', () => {
    let rows = Array.from({ length: 200 }, (_, i) => ({ at: new Date(i).toISOString() }));
    const before = chunksOf(rows);
    rows = [...rows.slice(1), { at: new Date(200).toISOString() }];
    const after = chunksOf(rows);
    // Only the cut head and the grown tail are new.
    expect(after.filter((chunk) => !before.includes(chunk))).toHaveLength(2);
  });
});

describe('packed JSON from runs', () => {
  it('is JSON.stringify of packTable, whatever the edits between encodes', () => {
    fc.assert(
      fc.property(
        // Odd rows (nulls, names an object reorders) and lists of rows packing stores as columns.
        fc
          .constantFrom(row, plainRow)
          .chain((rows) => fc.tuple(fc.array(rows, { minLength: 33, maxLength: 120 }), edits(rows))),
        ([start, steps]) => {
          for (const rows of lists(start, steps))
            expect(packedTableJson(rows)).toBe(JSON.stringify(packTable(rows)));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('of a molecule is what the encoder wrote before, and plain JSON is JSON.stringify', () => {
    fc.assert(
      fc.property(fc.array(plainRow, { minLength: 33, maxLength: 120 }), edits(plainRow), (start, steps) => {
        for (const history of lists(start, steps)) {
          const mol = {
            v: 1,
            id: 'm',
            steps: history.slice(0, 3),
            history,
            rev: history.length,
          } as unknown as Molecule;
          const expected = JSON.stringify({
            ...mol,
            steps: packTable(mol.steps),
            history: packTable(mol.history),
          });
          expect(packedMoleculeJson(mol)).toBe(expected);
          expect(plainJsonWithin(mol, Number.POSITIVE_INFINITY)).toBe(JSON.stringify(mol));
          const length = JSON.stringify(mol).length;
          expect(plainJsonWithin(mol, length)).toBe(JSON.stringify(mol));
          expect(plainJsonWithin(mol, length - 1)).toBeUndefined();
        }
      }),
      { numRuns: 80 },
    );
  });
});

const step = fc.record(
  {
    id: fc.constantFrom('a', 'b', 'c'),
    status: fc.constantFrom(...STEP_STATUSES),
    attempts: fc.constant(0),
    loops: fc.constant(0),
    startedAt: fc
      .integer({ min: 0, max: 6 })
      .map((s) => new Date(Date.UTC(2025, 0, 1, 0, 0, s)).toISOString()),
    completedAt: fc
      .integer({ min: 0, max: 6 })
      .map((s) => new Date(Date.UTC(2025, 0, 1, 0, 0, s)).toISOString()),
    awaitingSince: fc.constantFrom('2025-01-01T00:00:03Z', 'soon'),
  },
  { requiredKeys: ['id', 'status', 'attempts', 'loops'] },
) as fc.Arbitrary<StepState>;

/** The table's rows as the view picked them before it kept anything per run: one pass over every step. */
function summaryRowsAfresh(steps: readonly StepState[], limit: number): StepState[] {
  const picked = new Set<number>();
  for (const status of SUMMARY_PRIORITY) {
    steps.forEach((s, index) => {
      if (s.status === status && picked.size < limit) picked.add(index);
    });
  }
  const recent: Array<{ index: number; at: number }> = [];
  steps.forEach((s, index) => {
    const times = [s.completedAt, s.awaitingSince, s.startedAt]
      .map((t) => (t ? Date.parse(t) : Number.NaN))
      .filter((ms) => !Number.isNaN(ms));
    if (times.length === 0 || picked.has(index)) return;
    const at = Math.max(...times);
    let slot = recent.length;
    while (slot > 0 && (recent[slot - 1] as { at: number }).at <= at) slot--;
    if (slot >= 5) return;
    recent.splice(slot, 0, { index, at });
    if (recent.length > 5) recent.pop();
  });
  for (const entry of recent) if (picked.size < limit) picked.add(entry.index);
  return [...picked].sort((a, b) => a - b).map((index) => steps[index] as StepState);
}

describe('the view from runs of steps', () => {
  it('picks the rows and counts the statuses as one pass over every step does', () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 33, maxLength: 150 }),
        edits(step as unknown as fc.Arbitrary<Record<string, unknown>>),
        fc.nat({ max: 60 }),
        (start, steps, limit) => {
          for (const list of lists(start, steps)) {
            expect(summaryRows(list, limit)).toEqual(summaryRowsAfresh(list, limit));
            const counts = new Map<string, number>();
            for (const s of list) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
            expect(new Map([...tallyStatuses(list)].sort())).toEqual(new Map([...counts].sort()));
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
