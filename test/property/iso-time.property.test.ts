/**
 * isoTime (src/engine/iso-time.ts) remembers the date part between calls, so it must give
 * exactly `toISOString()` whatever order times arrive in: same day, next millisecond, across
 * midnight, before 1970, and at or past the ends of the years toISOString writes with four digits.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoTime } from '../../src/engine/iso-time.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const DAY = 86_400_000;
const EDGES = [
  0,
  -1,
  DAY - 1,
  DAY,
  -DAY,
  Date.parse('0000-01-01T00:00:00.000Z') - 1,
  Date.parse('0000-01-01T00:00:00.000Z'),
  Date.parse('9999-12-31T23:59:59.999Z'),
  Date.parse('9999-12-31T23:59:59.999Z') + 1,
  8.64e15,
  -8.64e15,
];
const time = fc.oneof(
  fc.integer({ min: -8.64e15, max: 8.64e15 }),
  fc.constantFrom(...EDGES),
  fc.integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 }),
);

describe('isoTime', () => {
  it('is toISOString for any sequence of valid times', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(time, fc.integer({ min: -2 * DAY, max: 2 * DAY })), { maxLength: 20 }),
        (times) => {
          for (const [at, step] of times) {
            for (const ms of [at, at + step]) {
              if (Math.abs(ms) > 8.64e15) continue;
              const date = new Date(ms);
              expect(isoTime(date)).toBe(date.toISOString());
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('throws as toISOString does on an invalid date', () => {
    expect(() => isoTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
