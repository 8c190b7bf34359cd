/**
 * The persistent lists a molecule's steps and history live in (persistent-lists.ts) must behave
 * as the plain arrays they replace would: every version reads as its own copy would, whatever
 * was derived from it or from an older version afterwards (a caller may hand any molecule it
 * kept back to the engine), across trie depths and history buffers appended in place, copied
 * and rebuilt.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry, StepState } from '../../src/engine/molecule/molecule-schema.js';
import { HistoryLog, StepVector } from '../../src/engine/molecule/ops/persistent-lists.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);

const stepAt = (i: number, mark: number): StepState => ({
  id: `s${i}`,
  status: 'pending',
  attempts: mark,
  loops: 0,
});

describe('StepVector', () => {
  it('every version reads as a plain copy would, after edits from any earlier version', () => {
    fc.assert(
      fc.property(
        // Up to three levels (32, 1,024 and more steps), edges included.
        fc.oneof(fc.integer({ min: 0, max: 70 }), fc.constantFrom(32, 33, 1024, 1025, 1100)),
        fc.array(
          fc.record({
            from: fc.nat(),
            sets: fc.array(fc.tuple(fc.nat(), fc.boolean()), { minLength: 1, maxLength: 6 }),
          }),
          { maxLength: 25 },
        ),
        (size, edits) => {
          const first = Array.from({ length: size }, (_, i) => stepAt(i, 0));
          const versions: { vector: StepVector; model: StepState[] }[] = [
            { vector: StepVector.of(first), model: first.slice() },
          ];
          let mark = 0;
          for (const { from, sets } of edits) {
            if (size === 0) break;
            const base = versions[from % versions.length] as (typeof versions)[number];
            const edit = base.vector.edit();
            const model = base.model.slice();
            for (const [at, twice] of sets) {
              const i = at % size;
              const step = stepAt(i, ++mark);
              edit.set(i, step);
              model[i] = step;
              expect(edit.get(i)).toBe(step);
              if (twice) {
                // A step set again in the same edit: the node copied once is written again.
                const again = stepAt(i, ++mark);
                edit.set(i, again);
                model[i] = again;
              }
            }
            versions.push({ vector: edit.done(), model });
          }
          for (const { vector, model } of versions) {
            expect(vector.size).toBe(model.length);
            expect(vector.toArray()).toEqual(model);
            expect(model.findIndex((step, i) => vector.get(i) !== step)).toBe(-1);
          }
          // Between any two versions, the changes read off the shared nodes are exactly the
          // positions whose steps differ, and turn one version into the other.
          for (const was of versions) {
            for (const now of versions) {
              const changed = now.vector.changedSince(was.vector);
              const expected = now.model.flatMap((step, i) => (step === was.model[i] ? [] : [[i, step]]));
              expect(changed).toEqual(expected);
            }
          }
          expect(
            StepVector.of(first.concat(stepAt(size, 0))).changedSince(versions[0]?.vector as StepVector),
          ).toBe(undefined);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('HistoryLog', () => {
  it('every version holds the newest `limit` entries of its own log, after appends to any earlier version', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.nat({ max: 30 }), { maxLength: 12 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 5 })), { maxLength: 60 }),
        (limit, initial, appends) => {
          let made = 0;
          const entries = (n: number): HistoryEntry[] =>
            Array.from({ length: n }, () => ({ at: '2026-01-01T00:00:00.000Z', event: `e${made++}` }));
          // The molecule's own array: appending must never change it.
          const own = entries(initial.length);
          const ownCopy = own.slice();
          const versions: { log: HistoryLog; all: HistoryEntry[] }[] = [
            { log: HistoryLog.of(own), all: own.slice() },
          ];
          for (const [from, n] of appends) {
            const base = versions[from % versions.length] as (typeof versions)[number];
            const added = entries(n);
            const { log, dropped } = base.log.append(added, limit);
            const all = base.all.concat(added);
            const kept = n === 0 ? base.log.length : Math.min(all.length, limit);
            expect(dropped).toBe(n === 0 ? 0 : Math.max(0, base.log.length + n - limit));
            versions.push({ log, all: all.slice(-kept) });
            if (n === 0) expect(log).toBe(base.log);
          }
          for (const { log, all } of versions) {
            expect(log.length).toBe(all.length);
            expect(log.toArray()).toEqual(all);
          }
          // Where one version continues another in a shared buffer, dropping its oldest `drop`
          // entries and appending `added` gives the other, entry for entry.
          let told = 0;
          for (const was of versions) {
            for (const now of versions) {
              const since = now.log.since(was.log);
              if (since === undefined) continue;
              told++;
              const rebuilt = was.all.slice(since.drop).concat(since.added);
              expect(rebuilt.length).toBe(now.all.length);
              expect(rebuilt.findIndex((e, i) => e !== now.all[i])).toBe(-1);
            }
          }
          expect(told).toBeGreaterThanOrEqual(versions.length);
          expect(own).toEqual(ownCopy);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
