import { describe, expect, it } from 'vitest';
import { cook } from '../../../src/engine/cook/cook.js';
import type { Proto } from '../../../src/engine/cook/proto.js';
import { err, ok, type Result } from '../../../src/engine/errors.js';
import { parseFormula } from '../../../src/engine/formula/parse-formula.js';
import type { GateResult, Molecule } from '../../../src/engine/molecule/molecule-schema.js';
import type { MoleculeEvent } from '../../../src/engine/molecule/ops/events.js';
import { pour } from '../../../src/engine/molecule/ops/pour.js';
import { transition } from '../../../src/engine/molecule/ops/transition.js';
import {
  outcomeLabel,
  type PatrolFace,
  type PatrolWrite,
  patrolRound,
} from '../../../src/shell/patrol-round.js';
import { MemoryStore } from '../../helpers/memory-store.js';

const NOW = new Date('2025-03-01T12:00:00Z');
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

const FORMULA = `formula = "work"
[[steps]]
id = "build"
timeout = "2h"
max_retries = 0
[[steps]]
id = "wait"
needs = ["build"]
gate = { type = "timer", after = "1h" }
`;

function proto(): Proto {
  const parsed = parseFormula(FORMULA, 'work.formula.toml');
  if (!parsed.ok) throw new Error(parsed.error.message);
  const cooked = cook(parsed.value);
  if (!cooked.ok) throw new Error(cooked.error.message);
  return cooked.value.proto;
}

function molecule(id: string, events: Array<[MoleculeEvent, Date]>): Molecule {
  const p = proto();
  const poured = pour(p, {
    id,
    now: ago(5 * HOUR),
    vars: {},
    formula: { name: 'work', source: 'builtin@1' },
  });
  if (!poured.ok) throw new Error(poured.error.message);
  let mol = poured.value.mol;
  for (const [event, at] of events) {
    const next = transition(p, mol, event, at);
    if (!next.ok) throw new Error(next.error.message);
    mol = next.value.mol;
  }
  return mol;
}

const start = (step: string): MoleculeEvent => ({ type: 'start', step, by: 'someone' });
const done = (step: string): MoleculeEvent => ({
  type: 'complete',
  step,
  checkpoint: { filesModified: [], testsPassed: true, notes: '', capturedAt: ago(HOUR).toISOString() },
});

/** A face over an in-memory store whose write path is the engine's transition under the store's lock. */
function face(store: MemoryStore, more: Partial<PatrolFace> = {}) {
  const writes: MoleculeEvent[] = [];
  const f: PatrolFace = {
    survey: async () => {
      const all = await store.list();
      return { molecules: all.ok ? all.value : [], problems: [] };
    },
    protoOf: async () => ok(proto()),
    thresholds: { nudgeAfterMs: 10 * HOUR },
    liveRuns: async () => new Set(),
    write: async ({ proto: p, mol }, event): Promise<Result<PatrolWrite>> => {
      writes.push(event);
      const written = await store.mutate(mol.id, (current) => transition(p, current, event, NOW));
      if (!written.ok) return written;
      return ok({ mol: written.value.mol, changed: written.value.mol.rev !== mol.rev, problems: [] });
    },
    judgeGates: async () => [],
    ...more,
  };
  return { face: f, writes };
}

describe('patrolRound', () => {
  it('writes nothing when nothing is stuck', async () => {
    const store = new MemoryStore();
    await store.create(molecule('fresh', [[start('build'), ago(HOUR)]]));
    const writesBefore = store.writes;
    const { face: f, writes } = face(store);
    const report = await patrolRound(f, NOW);
    expect(report).toMatchObject({ surveyed: 1, outcomes: [], problems: [] });
    expect(writes).toEqual([]);
    expect(store.writes).toBe(writesBefore);
  });

  it('applies the engine decision for a stuck step through the face write path', async () => {
    const store = new MemoryStore();
    await store.create(molecule('stuck', [[start('build'), ago(3 * HOUR)]]));
    const { face: f, writes } = face(store);
    const report = await patrolRound(f, NOW);
    expect(writes.map((e) => e.type)).toEqual(['timeout']);
    expect(report.outcomes.map(outcomeLabel)).toEqual(['timeout stuck/build']);
    expect(report.outcomes[0]?.status).toBe('done');
    const after = await store.load('stuck');
    expect(after.ok && after.value?.steps[0]?.status).toBe('failed');
  });

  it('leaves molecules that cannot move out, and tells the protos it cannot load', async () => {
    const store = new MemoryStore();
    await store.create(molecule('a', [[start('build'), ago(3 * HOUR)]]));
    await store.create(molecule('b', [[start('build'), ago(3 * HOUR)]]));
    const { face: f, writes } = face(store, {
      protoOf: async (mol) =>
        mol.id === 'b' ? err('formula-unloadable', 'b cannot be loaded') : ok(proto()),
    });
    const report = await patrolRound(f, NOW);
    expect(report.surveyed).toBe(1);
    expect(report.problems).toEqual(['b cannot be loaded']);
    expect(writes).toHaveLength(1);
  });

  it('counts a refused write as failed, with the reason', async () => {
    const store = new MemoryStore();
    await store.create(molecule('stuck', [[start('build'), ago(3 * HOUR)]]));
    const { face: f } = face(store, { write: async () => err('conflict', 'someone moved it') });
    const report = await patrolRound(f, NOW);
    expect(report.outcomes).toEqual([
      { type: 'timeout', molId: 'stuck', step: 'build', status: 'failed', error: 'someone moved it' },
    ]);
  });

  it('sends a step whose run is gone back, and keeps one whose run the face knows alive', async () => {
    const store = new MemoryStore();
    const leased = (id: string, runId: string) =>
      molecule(id, [
        [
          { type: 'start', step: 'build', by: 'x', lease: { holder: 'x', runId, ttlMs: 10 * HOUR } },
          ago(HOUR),
        ],
      ]);
    await store.create(leased('gone', 'r1'));
    await store.create(leased('alive', 'r2'));
    const { face: f } = face(store, { liveRuns: async () => new Set(['r2']) });
    const report = await patrolRound(f, NOW);
    expect(report.outcomes.map(outcomeLabel)).toEqual(['redispatch gone/build']);
  });

  it('asks the face to judge waiting gates again and records the decided results', async () => {
    const store = new MemoryStore();
    await store.create(
      molecule('gated', [
        [start('build'), ago(3 * HOUR)],
        // `wait` has no work: it waits for its timer as soon as build is done.
        [done('build'), ago(2 * HOUR)],
      ]),
    );
    const before = await store.load('gated');
    expect(before.ok && before.value?.steps[1]?.status).toBe('awaiting_gate');
    const passed: GateResult[] = [{ type: 'timer', passed: true, detail: 'waited 1h' }];
    const asked: string[] = [];
    const { face: f, writes } = face(store, {
      judgeGates: async ({ mol }, step) => {
        asked.push(`${mol.id}/${step.id}`);
        return passed;
      },
    });
    const report = await patrolRound(f, NOW);
    expect(asked).toEqual(['gated/wait']);
    expect(writes).toEqual([{ type: 'gates', step: 'wait', gates: passed }]);
    expect(report.outcomes.map((o) => [outcomeLabel(o), o.status])).toEqual([['gates gated/wait', 'done']]);
  });

  it('releases stale locks only through a face that can', async () => {
    const store = new MemoryStore();
    await store.create(molecule('locked', []));
    const locks = async () => [{ molId: 'locked', expiresAt: ago(HOUR).toISOString() }];
    const without = await patrolRound(face(store, { locks }).face, NOW);
    expect(without.outcomes).toEqual([]);
    const released: string[] = [];
    const withRelease = await patrolRound(
      face(store, {
        locks,
        releaseLock: async (molId) => {
          released.push(molId);
          return true;
        },
      }).face,
      NOW,
    );
    expect(released).toEqual(['locked']);
    expect(withRelease.outcomes).toEqual([{ type: 'release-lock', molId: 'locked', status: 'done' }]);
  });

  it('passes survey problems and problems after a write on', async () => {
    const store = new MemoryStore();
    await store.create(molecule('stuck', [[start('build'), ago(3 * HOUR)]]));
    const { face: f } = face(store, {
      survey: async () => {
        const all = await store.list();
        return { molecules: all.ok ? all.value : [], problems: ['a forged state comment'] };
      },
      write: async ({ mol }) => ok({ mol, changed: true, problems: ['the dispatch failed'] }),
    });
    const report = await patrolRound(f, NOW);
    expect(report.problems).toEqual(['a forged state comment', 'the dispatch failed']);
  });
});
