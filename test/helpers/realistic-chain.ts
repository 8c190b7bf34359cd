import type { Proto } from '../../src/engine/cook/proto.js';
import type { HistoryEntry, Molecule, StepState } from '../../src/engine/molecule/molecule-schema.js';

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
export function realisticChain(n: number): { mol: Molecule; proto: Proto } {
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
