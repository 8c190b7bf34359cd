/**
 * Pure transitions: the 1,025-step chain run to completion in memory (2,050 transitions), and
 * the time per transition at 250 and 4,000 steps, which must stay flat as the molecule grows.
 */
import { chainProto, runChain } from '../lib/chain.js';
import { median, type ScaleRow } from '../lib/row.js';

function perRun(n: number, runs: number): { ms: number; transitions: number } {
  const proto = chainProto(n);
  runChain(proto); // warm-up: JIT and the proto's index
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
  const main = perRun(1025, 9);
  const flat = [250, 1025, 4000].map((n) => {
    const r = n === 1025 ? main : perRun(n, 5);
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
