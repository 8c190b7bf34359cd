/**
 * The dashboard's boxes, rendered then ticked by a person: whatever molecules and steps the
 * dashboard shows, and whichever of its boxes are ticked, the parser reads back exactly the
 * ticked ones, and unticking them gives back the body as rendered. Bounded runs; the seed is
 * printed so a failure can be replayed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DashboardBox,
  type MoleculeSummary,
  renderDashboard,
  tickedBoxes,
  untickBoxes,
} from '../../src/engine/index.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 80);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
console.log(`dashboard-boxes property seed: ${SEED}`);

/** Step ids as formulas allow, and a few that would break a careless marker. */
const stepId = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9_-]{0,12}$/),
  fc.constantFrom('a b', '-->', 'x%2', 'é', '[x]', '`tick`'),
);
const molId = fc.stringMatching(/^[0-9]{1,3}-[a-f0-9]{6}$/);

const summary = fc
  .record({
    id: molId,
    failed: fc.uniqueArray(stepId, { maxLength: 4 }),
    wisp: fc.boolean(),
    status: fc.constantFrom('pending', 'in_progress', 'paused', 'failed') as fc.Arbitrary<
      MoleculeSummary['status']
    >,
  })
  .map(
    ({ id, failed, wisp, status }): MoleculeSummary => ({
      id,
      formula: 'ship',
      kind: wisp ? 'wisp' : 'mol',
      status,
      issue: 1,
      done: 0,
      total: 3,
      percent: 0,
      waiting: [],
      failed,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      ageMs: 0,
    }),
  );

const BOX = /^\s*- \[ \] .*<!-- mol-dashboard /;

describe('dashboard boxes (property)', () => {
  it('reads back exactly the boxes ticked, and unticking restores the body', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(summary, { maxLength: 6, selector: (s) => s.id }),
        fc.array(fc.boolean(), { maxLength: 40 }),
        fc.constantFrom('\n', '\r\n'),
        (live, ticks, eol) => {
          const body = renderDashboard({ live, finished: [], stuck: [] }).body.split('\n').join(eol);
          const lines = body.split(eol);
          const expected: DashboardBox[] = [];
          const boxes = lines.flatMap((line, i) => (BOX.test(line) ? [i] : []));
          // Failed molecules are stuck: their section comes first.
          const ordered = [
            ...live.filter((m) => m.status === 'failed'),
            ...live.filter((m) => m.status !== 'failed'),
          ];
          const want = ordered.flatMap((m) => [
            ...m.failed.map((step): DashboardBox => ({ action: 'retry', molId: m.id, step })),
            ...(m.kind === 'wisp' && m.status !== 'failed'
              ? [{ action: 'burn', molId: m.id } as DashboardBox]
              : []),
          ]);
          expect(boxes).toHaveLength(want.length);
          boxes.forEach((lineNo, n) => {
            if (!ticks[n]) return;
            lines[lineNo] = (lines[lineNo] as string).replace('- [ ]', n % 2 ? '- [x]' : '- [X]');
            expected.push(want[n] as DashboardBox);
          });
          const ticked = lines.join(eol);
          expect(tickedBoxes(ticked)).toEqual(expected);
          expect(untickBoxes(ticked)).toBe(body);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('never reads a box from text that is not one', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        if (tickedBoxes(text).length > 0) expect(text).toContain('<!-- mol-dashboard ');
        expect(untickBoxes(text).length).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
