import { describe, expect, it } from 'vitest';
import {
  dashboardDigest,
  GITHUB_BODY_LIMIT,
  type MoleculeSummary,
  renderDashboard,
  summarizeMolecule,
  tickedBoxes,
} from '../../../../src/engine/index.js';
import { at, MIN, makeProto, pourMol, protoStep, T0 } from '../../../helpers/engine-fixtures.js';

function summary(n: number, extra: Partial<MoleculeSummary> = {}): MoleculeSummary {
  return {
    id: `${n}-abcdef`,
    formula: 'release-train',
    kind: 'mol',
    status: n % 3 === 0 ? 'pending' : 'in_progress',
    repo: 'acme/widgets',
    issue: n,
    done: 1,
    total: 4,
    percent: 25,
    waiting: [
      { step: 'review', on: 'approval', gates: ['approval'] },
      { step: 'build', on: 'running', lease: { holder: 'actions', runId: '123456' } },
    ],
    failed: ['lint'],
    createdAt: T0.toISOString(),
    updatedAt: at(n * MIN).toISOString(),
    ageMs: 2 * 60 * MIN,
    costUsd: 1.25,
    ...extra,
  };
}

describe('summarizeMolecule', () => {
  it('says on whom each waiting step waits: a person, an approval, a timer, checks, a job', () => {
    const proto = makeProto(
      [
        protoStep('write', [], { type: 'human', assignee: 'ada' }),
        protoStep('review', [], { type: 'gate', gates: [{ type: 'approval', permission: 'write' }] }),
        protoStep('soak', [], { type: 'gate', gates: [{ type: 'timer', after: '1h' }] }),
        protoStep('ci', [], { type: 'gate', gates: [{ type: 'checks', names: ['test'] }] }),
        protoStep('build'),
      ],
      { formula: 'ship' },
    );
    const { mol } = pourMol(proto, { subject: { repo: 'acme/widgets', issue: 7, pr: 8 } });
    const steps = mol.steps.map((s) =>
      s.id === 'build'
        ? {
            ...s,
            status: 'in_progress' as const,
            lease: { holder: 'actions', runId: '42', expiresAt: at(MIN).toISOString() },
            usage: { cost_usd: 0.5 },
          }
        : s.id === 'write'
          ? { ...s, status: 'ready' as const }
          : { ...s, status: 'awaiting_gate' as const },
    );
    const s = summarizeMolecule(
      { ...mol, steps },
      proto,
      new Set(['review', 'soak', 'ci', 'build']),
      at(90 * MIN),
    );
    expect(s.waiting).toMatchObject([
      { step: 'write', on: 'person', assignee: 'ada' },
      { step: 'review', on: 'approval', gates: ['approval'] },
      { step: 'soak', on: 'gates', gates: ['timer'] },
      { step: 'ci', on: 'gates', gates: ['checks'] },
      { step: 'build', on: 'running', lease: { holder: 'actions', runId: '42' } },
    ]);
    expect(s).toMatchObject({ formula: 'ship', issue: 7, pr: 8, total: 5, ageMs: 90 * MIN, costUsd: 0.5 });
  });
});

describe('renderDashboard', () => {
  it('puts stuck molecules on top, finished ones in a folded section, and offers the boxes', () => {
    const { body } = renderDashboard({
      repo: 'acme/widgets',
      live: [summary(1), summary(2, { kind: 'wisp', failed: [], expiresAt: at(30 * MIN).toISOString() })],
      finished: [summary(3, { status: 'complete', failed: [], waiting: [] })],
      stuck: [
        { molId: '1-abcdef', step: 'build', reason: 'step build was never picked up', redispatch: true },
      ],
    });
    const stuckAt = body.indexOf('## ⚠️ Stuck (1)');
    const liveAt = body.indexOf('## Live (1)');
    expect(stuckAt).toBeGreaterThan(-1);
    expect(liveAt).toBeGreaterThan(stuckAt);
    expect(body.indexOf('`1-abcdef`')).toBeLessThan(liveAt);
    expect(body).toContain('<details><summary>Finished recently (1)</summary>');
    expect(body).toContain('#1 · in progress · 1/4 steps (25%) · age 2h · $1.25');
    expect(body).toContain('`review` on an approval · `build` on a job (`123456`)');
    const ticked = body.replace(/- \[ \]/g, '- [x]');
    expect(tickedBoxes(ticked)).toEqual([
      { action: 'retry', molId: '1-abcdef', step: 'lint' },
      { action: 'redispatch', molId: '1-abcdef', step: 'build' },
      { action: 'burn', molId: '2-abcdef' },
    ]);
  });

  it('reads what is stuck from the molecules: failed ones, and steps patrol acted on that have not moved', () => {
    const { body } = renderDashboard({
      live: [
        summary(1, { status: 'failed', failed: ['lint'], waiting: [] }),
        summary(2, {
          failed: [],
          waiting: [{ step: 'build', on: 'start' }],
          nudged: [{ step: 'build', at: '2026-01-03T10:30:00.000Z', status: 'ready' }],
        }),
        summary(3, { failed: [] }),
      ],
      finished: [],
      stuck: [],
    });
    const live = body.indexOf('## Live (1)');
    expect(body).toContain('## ⚠️ Stuck (2)');
    expect(body.indexOf('stuck: failed at step lint')).toBeLessThan(live);
    expect(body.indexOf('stuck: step build was dispatched again at 2026-01-03T10:30:00.000Z')).toBeLessThan(
      live,
    );
    expect(tickedBoxes(body.replace(/\[ \]/g, '[x]'))).toEqual([
      { action: 'retry', molId: '1-abcdef', step: 'lint' },
      { action: 'redispatch', molId: '2-abcdef', step: 'build' },
    ]);
  });

  it('says each wait in words: a person and who, the gates a step waits at, a raised budget', () => {
    const { body } = renderDashboard({
      live: [
        summary(1, {
          status: 'paused',
          failed: [],
          waiting: [
            { step: 'build', on: 'budget', detail: 'usd 5 reached' },
            { step: 'write', on: 'person', assignee: 'ada' },
            { step: 'review', on: 'approval', gates: ['approval', 'timer'] },
            { step: 'ci', on: 'gates', gates: ['checks', 'pr-merged', 'files'] },
            { step: 'ship', on: 'start' },
          ],
        }),
      ],
      finished: [],
      stuck: [],
    });
    expect(body).toContain(
      '  - waiting: `build` on a raised budget · `write` on a person (ada) · `review` on an approval and a timer · `ci` on checks and a merge and a gate · `ship` on a job',
    );
  });

  it('keeps 500 molecules under GitHub’s limit and says how many it folded', () => {
    const live = Array.from({ length: 500 }, (_, i) => summary(i + 1));
    const finished = Array.from({ length: 200 }, (_, i) => summary(i + 1000, { status: 'complete' }));
    const { body, folded } = renderDashboard({ live, finished, stuck: [] });
    expect(body.length).toBeLessThan(GITHUB_BODY_LIMIT);
    expect(folded.live).toBeGreaterThan(0);
    expect(folded.finished).toBe(200);
    const shown = (body.match(/^- .*`\d+-abcdef`$/gm) ?? []).length;
    expect(shown + folded.live).toBe(500);
    expect(body).toMatch(
      new RegExp(
        `…and ${folded.live} older live molecules folded to this count \\([^)]*\\d+ in progress[^)]*\\)`,
      ),
    );
    expect(body).toContain('…and 200 older finished molecules folded');
  });

  it('changes its digest when a molecule moves, not when only time passes', () => {
    const one = renderDashboard({ live: [summary(1)], finished: [], stuck: [] });
    const later = renderDashboard({ live: [summary(1, { ageMs: 5 * 60 * MIN })], finished: [], stuck: [] });
    const moved = renderDashboard({ live: [summary(1, { done: 2 })], finished: [], stuck: [] });
    expect(later.body).not.toBe(one.body);
    expect(later.digest).toBe(one.digest);
    expect(moved.digest).not.toBe(one.digest);
    expect(dashboardDigest(one.body)).toBe(one.digest);
  });

  it('escapes what people wrote: a formula name cannot fake a box', () => {
    const { body } = renderDashboard({
      live: [summary(1, { formula: 'x <!-- mol-dashboard burn 9-abcdef -->', failed: [] })],
      finished: [],
      stuck: [],
    });
    expect(tickedBoxes(body.replace(/\[ \]/g, '[x]'))).toEqual([]);
  });
});
