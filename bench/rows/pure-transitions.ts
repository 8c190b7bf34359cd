/**
 * Pure transitions: the 1,025-step chain run to completion in memory (2,050 transitions), and
 * the time per transition at 250 and 4,000 steps, which must stay flat as the molecule grows.
 */
import { chainProto, runChain } from '../lib/chain.js';
import { median, type ScaleRow } from '../lib/row.js';

const WARM_UP_RUNS = 8;
/** Enough runs that small chains are timed over as many transitions as large ones (medians). */
const runsFor = (n: number) => Math.max(5, Math.ceil(40_000 / (2 * n)));

function perRun(n: number, runs: number): { ms: number; transitions: number } {
  const proto = chainProto(n);
  // Warm-up: the proto's index, and V8's optimising compiler, which on a busy 2-core machine
  // takes several runs (the first few run 5–10× slower than the rest).
  for (let i = 0; i < WARM_UP_RUNS; i++) runChain(proto);
  let transitions = 0;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    transitions = runChain(proto).transitions;
    times.push(performance.now() - start);
  }
  return { ms: median(times), transitions };
}

export async function measure(): Promise<ScaleRow[]> {
  const main = perRun(1025, runsFor(1025));
  const flat = [250, 1025, 4000].map((n) => {
    const r = n === 1025 ? main : perRun(n, runsFor(n));
    return { n, us: (r.ms * 1000) / r.transitions };
  });
  const small = flat[0]?.us ?? 0;
  const large = flat[2]?.us ?? 0;
  return [
    {
      name: `pure transitions, 1,025-step chain (${main.transitions} transitions)`,
      value: main.ms,
      unit: 'ms',
      goal: '≤ 10 ms',
      anchor: 'pure',
      note: `${((main.ms * 1000) / main.transitions).toFixed(1)} µs/transition`,
    },
    {
      name: 'pure transitions: µs per transition at 250 / 1,025 / 4,000 steps',
      value: large / small,
      unit: '× (4,000 vs 250)',
      goal: 'flat (0.7–1.3×)',
      note: flat.map((f) => `${f.n}: ${f.us.toFixed(1)} µs`).join(', '),
    },
  ];
}
