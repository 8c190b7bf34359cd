import { describe, expect, it } from 'vitest';
import { commentSafeJson } from '../../../../src/engine/codec/comment-safe-json.js';
import { packTable, unpackTable } from '../../../../src/engine/codec/pack-table.js';

describe('packTable', () => {
  it('stores records as columns, absent fields as null, and reads them back exactly', () => {
    const rows = [
      { id: 'a', status: 'completed', note: 'hi' },
      { id: 'b', status: 'pending' },
    ];
    const packed = packTable(rows);
    expect(packed).toEqual({
      n: 2,
      c: { id: ['a', 'b'], status: ['completed', 'pending'], note: ['hi', null] },
    });
    expect(unpackTable(packed)).toEqual(rows);
  });

  it('turns canonical timestamps into deltas along one cursor across the time columns', () => {
    const rows = [
      { startedAt: '2025-01-15T09:00:00.000Z', completedAt: '2025-01-15T09:00:01.500Z' },
      { startedAt: '2025-01-15T09:00:02.000Z' },
    ];
    const packed = packTable(rows);
    const t0 = Date.UTC(2025, 0, 15, 9);
    expect(packed).toEqual({
      n: 2,
      c: { startedAt: [t0, 500], completedAt: [1_500, null] },
      t: ['startedAt', 'completedAt'],
    });
    expect(unpackTable(packed)).toEqual(rows);
  });

  it('keeps timestamps that toISOString would not give back as text, so the round trip stays exact', () => {
    const rows = [
      { at: '2025-01-15T09:00:00Z' },
      { at: '2025-01-15T11:00:00.000+02:00' },
      { at: '2025-02-30T00:00:00.000Z' },
      { at: '2025-01-15T09:00:00.123Z' },
    ];
    const packed = packTable(rows);
    expect(packed).toMatchObject({
      c: {
        at: [
          '2025-01-15T09:00:00Z',
          '2025-01-15T11:00:00.000+02:00',
          '2025-02-30T00:00:00.000Z',
          Date.UTC(2025, 0, 15, 9, 0, 0, 123),
        ],
      },
    });
    expect(unpackTable(packed)).toEqual(rows);
  });

  it('leaves lists it cannot pack safely as rows', () => {
    const withNull = [{ a: null }];
    expect(packTable(withNull)).toBe(withNull);
    const notRecords = [1, 'two'];
    expect(packTable(notRecords)).toBe(notRecords);
  });

  it('returns malformed tables unchanged for the schema to reject, instead of throwing', () => {
    for (const bad of [
      { n: 2, c: { id: ['a'] } },
      { n: -1, c: {} },
      { n: 1e9, c: {} },
      { n: 1, c: { at: [8.64e15 + 1] }, t: ['at'] },
      { n: 1, c: 'nope' },
      'text',
      null,
    ]) {
      expect(unpackTable(bad)).toBe(bad);
    }
  });

  it('does not let a `__proto__` column reach the rows', () => {
    const rows = unpackTable(
      JSON.parse('{"n":1,"c":{"__proto__":[{"polluted":true}],"id":["a"]}}'),
    ) as object[];
    expect(rows).toEqual([{ id: 'a' }]);
    expect((rows[0] as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

describe('commentSafeJson', () => {
  it('never contains `--`, and parses back to the same value', () => {
    const value = { a: 'x-->y', b: '<!-- z --!>', c: '---', d: 'a\\--b', e: -1, f: [-2, -3] };
    const json = commentSafeJson(value);
    expect(json).not.toContain('--');
    expect(JSON.parse(json)).toEqual(value);
  });
});
