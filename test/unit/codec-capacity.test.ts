import { describe, expect, it } from 'vitest';
import { largestThatFits } from '../../src/engine/codec/capacity.js';
import { decodeState } from '../../src/engine/codec/decode.js';
import { encodeState } from '../../src/engine/codec/encode.js';
import type { HistoryEntry, Molecule, StepState } from '../../src/engine/molecule-schema.js';
import type { Proto } from '../../src/engine/proto.js';

const PEGS = ['A', 'B', 'C'];

/** Deterministic pseudo-random numbers (the engine forbids Math.random; so do reproducible tests). */
function lcg(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/**
 * A chain of n steps shaped like the corpus's largest formulas (towers-of-hanoi-10: 1,025 steps
 * `setup`, `move-1` … `move-1023`, each needing the one before), in its heaviest realistic state: every step done but the last (running under
 * a lease), times with millisecond precision and random durations, one step in ten retried after
 * a failure, and the full history of transitions (2 to 4 entries per step).
 */
function realisticChain(n: number): { mol: Molecule; proto: Proto } {
  const random = lcg(n);
  const ids = Array.from({ length: n }, (_, i) => (i === 0 ? 'setup' : `move-${i}`));
  const t0 = Date.UTC(2025, 0, 15, 9, 0, 0);
  let clock = t0;
  const at = (ms: number) => new Date(ms).toISOString();
  const by = 'github-actions[bot]';
  const history: HistoryEntry[] = [{ at: at(t0), event: 'pour', by: 'octocat', note: 'formula:long-chain' }];
  const steps: StepState[] = ids.map((id, i) => {
    const started = clock + Math.floor(random() * 8_000);
    history.push({ at: at(started), event: 'step', step: id, from: 'ready', to: 'in_progress', by });
    if (i === n - 1) {
      clock = started;
      return {
        id,
        status: 'in_progress',
        attempts: 1,
        loops: 0,
        startedAt: at(started),
        lease: { holder: 'run-9876543210', runId: '9876543210', expiresAt: at(started + 3_600_000) },
      };
    }
    const retried = i % 10 === 9;
    if (retried) {
      const failed = started + Math.floor(random() * 300_000);
      history.push({
        at: at(failed),
        event: 'step',
        step: id,
        from: 'in_progress',
        to: 'failed',
        by,
        note: 'exit 1',
      });
      history.push({ at: at(failed + 1_000), event: 'retry', step: id, from: 'failed', to: 'ready', by });
    }
    const completed = started + 5_000 + Math.floor(random() * 1_200_000);
    history.push({ at: at(completed), event: 'step', step: id, from: 'in_progress', to: 'completed', by });
    clock = completed;
    return {
      id,
      status: 'completed',
      attempts: retried ? 2 : 1,
      loops: 0,
      startedAt: at(started),
      completedAt: at(completed),
    };
  });
  const mol: Molecule = {
    v: 1,
    id: 'mol-long-chain-42',
    title: 'Long chain stress test',
    formula: {
      name: 'long-chain',
      source: { path: '.github/formulas/long-chain.formula.toml', blobSha: 'a'.repeat(40) },
    },
    vars: { feature: 'login', issue: '42' },
    kind: 'mol',
    status: 'in_progress',
    subject: { repo: 'acme/app', issue: 42 },
    base: { ref: 'main', sha: '0123456789abcdef0123456789abcdef01234567' },
    execution: 'local',
    rev: history.length,
    createdAt: at(t0),
    updatedAt: at(clock),
    steps,
    history,
  };
  const proto: Proto = {
    formula: 'long-chain',
    description: 'a long chain',
    type: 'workflow',
    execution: 'local',
    vars: {},
    maxLoops: 3,
    steps: ids.map((id, i) => ({
      id,
      title:
        i === 0 ? 'Verify initial state' : `Move disk ${(i % 7) + 1}: ${PEGS[i % 3]} → ${PEGS[(i + 1) % 3]}`,
      description: '',
      needs: i === 0 ? [] : [ids[i - 1] as string],
      type: 'task',
      gates: [],
      trigger: 'all_success',
    })),
  };
  return { mol, proto };
}

describe('state capacity of one comment', () => {
  it('holds a realistic chain of at least 5,000 steps within the 60,000-byte budget', () => {
    const capacity = largestThatFits(realisticChain, { max: 10_000 });
    const withoutTrimming = largestThatFits(realisticChain, {
      max: 20_000,
      accept: (e) => e.trimmedHistory === 0,
    });
    console.info(
      `largest chain within budget: ${capacity.n} steps; without trimming history: ${withoutTrimming.n}`,
    );
    expect(capacity.n).toBeGreaterThanOrEqual(5_000);
    // The search found the edge: one more step no longer fits.
    expect(
      encodeState(realisticChain(capacity.n + 1).mol, { proto: realisticChain(capacity.n + 1).proto }).ok,
    ).toBe(false);
    expect(Buffer.byteLength(capacity.encoded?.body ?? '', 'utf8')).toBeLessThanOrEqual(60_000);
    expect(withoutTrimming.n).toBeLessThan(capacity.n);
  });

  it('encodes and decodes 5,000 steps in well under a second, exactly', () => {
    const { mol, proto } = realisticChain(5_000);
    // The best of three runs: other processes on a shared machine only ever add time.
    let encodeMs = Number.POSITIVE_INFINITY;
    let decodeMs = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 3; run++) {
      const t0 = performance.now();
      const encoded = encodeState(mol, { proto });
      const t1 = performance.now();
      if (!encoded.ok) throw new Error(encoded.error.message);
      const decoded = decodeState(encoded.value.body);
      const t2 = performance.now();
      expect(decoded).toEqual({ ok: true, value: encoded.value.mol });
      expect(encoded.value.mol.history).toEqual(mol.history.slice(encoded.value.trimmedHistory));
      encodeMs = Math.min(encodeMs, t1 - t0);
      decodeMs = Math.min(decodeMs, t2 - t1);
    }
    console.info(
      `5,000 steps: encode ${encodeMs.toFixed(0)} ms, decode ${decodeMs.toFixed(0)} ms (best of 3)`,
    );
    expect(encodeMs).toBeLessThan(1_000);
    expect(decodeMs).toBeLessThan(1_000);
  });
});
