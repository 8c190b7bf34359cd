/**
 * Engine benchmarks: cook + run to completion with no-op steps, time per transition, and the
 * largest molecule whose state fits a GitHub comment. Bundled and run by scripts/bench.mjs.
 */
import { readFileSync } from 'node:fs';
import { stringify } from 'smol-toml';
import { largestThatFits } from '../../src/engine/codec/capacity.js';
import { decodeState } from '../../src/engine/codec/decode.js';
import { encodeState } from '../../src/engine/codec/encode.js';
import { cook } from '../../src/engine/cook/cook.js';
import type { Proto } from '../../src/engine/cook/proto.js';
import { parseFormula } from '../../src/engine/formula/parse-formula.js';
import type { Effect } from '../../src/engine/molecule/effects.js';
import type { Molecule } from '../../src/engine/molecule/molecule-schema.js';
import { pour } from '../../src/engine/molecule/ops/pour.js';
import { transition } from '../../src/engine/molecule/ops/transition.js';
import { realisticChain } from '../../test/helpers/realistic-chain.js';
import { median, type Row, timeIt } from './stats.js';

const HANOI = 'test/fixtures/corpus/gastown/internal/formula/formulas/towers-of-hanoi-10.formula.toml';

function cookText(text: string, file: string): Proto {
  const parsed = parseFormula(text, file);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const cooked = cook(parsed.value, {});
  if (!cooked.ok) throw new Error(cooked.error.message);
  return cooked.value.proto;
}

/**
 * Pour, then start and complete every step the engine dispatches until the molecule is done —
 * the way the runners drive it: from `dispatch` effects, never by rescanning the molecule.
 */
function runToCompletion(proto: Proto): { mol: Molecule; transitions: number } {
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const now = () => {
    clock += 1;
    return new Date(clock);
  };
  const poured = pour(proto, {
    id: 'bench',
    now: now(),
    vars: {},
    formula: { name: proto.formula, source: 'builtin@bench' },
  });
  if (!poured.ok) throw new Error(poured.error.message);
  let mol = poured.value.mol;
  const queue = dispatched(poured.value.effects);
  let transitions = 0;
  for (let step = queue.shift(); step !== undefined; step = queue.shift()) {
    for (const event of [{ type: 'start', step } as const, { type: 'complete', step } as const]) {
      const next = transition(proto, mol, event, now());
      if (!next.ok) throw new Error(next.error.message);
      mol = next.value.mol;
      queue.push(...dispatched(next.value.effects));
      transitions++;
    }
  }
  if (mol.status !== 'complete') throw new Error(`molecule ended ${mol.status}`);
  return { mol, transitions };
}

function dispatched(effects: Effect[]): string[] {
  return effects.flatMap((e) => (e.type === 'dispatch' ? [e.step] : []));
}

/** A random DAG of n steps (seeded), each needing up to 3 earlier steps. */
function randomDagToml(n: number, seed = 42): string {
  let s = seed;
  const rand = () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
  const steps = Array.from({ length: n }, (_, i) => {
    const needs = new Set<string>();
    const k = i === 0 ? 0 : Math.floor(rand() * 4);
    for (let j = 0; j < k; j++) needs.add(`s${Math.floor(rand() * i)}`);
    return { id: `s${i}`, title: `Step ${i}`, needs: [...needs] };
  });
  return stringify({ formula: 'random-dag', steps });
}

function benchCookAndRun(name: string, text: string, file: string, runs: number): Row[] {
  const cookMs: number[] = [];
  const runMs: number[] = [];
  let transitions = 0;
  let steps = 0;
  for (let i = 0; i < runs; i++) {
    let proto!: Proto;
    cookMs.push(timeIt(() => (proto = cookText(text, file))));
    steps = proto.steps.length;
    runMs.push(timeIt(() => (transitions = runToCompletion(proto).transitions)));
  }
  const total = cookMs.map((c, i) => c + (runMs[i] ?? 0));
  return [
    { name: `${name}: parse + cook (${steps} steps)`, value: median(cookMs), unit: 'ms' },
    {
      name: `${name}: run to completion, no-op steps (${transitions} transitions)`,
      value: median(runMs),
      unit: 'ms',
    },
    {
      name: `${name}: cook + run, total`,
      value: median(total),
      unit: 'ms',
      goal: name.startsWith('towers') ? '≤ 100 ms' : undefined,
    },
    { name: `${name}: time per transition`, value: (median(runMs) * 1000) / transitions, unit: 'µs' },
  ];
}

function benchCodec(): Row[] {
  const proto = cookText(randomDagToml(1000, 7), 'dag.toml');
  const { mol } = runToCompletion(proto);
  const encodeMs = median(Array.from({ length: 9 }, () => timeIt(() => encodeState(mol, { proto }))));
  const encoded = encodeState(mol, { proto });
  if (!encoded.ok) throw new Error(encoded.error.message);
  const decodeMs = median(Array.from({ length: 9 }, () => timeIt(() => decodeState(encoded.value.body))));
  // The heaviest realistic state (see the helper): every step done but the last, full history.
  const capacity = largestThatFits(realisticChain, { max: 12_000 });
  return [
    {
      name: 'codec: encode a finished 1,000-step molecule',
      value: encodeMs,
      unit: 'ms',
      note: `${encoded.value.body.length} bytes`,
    },
    { name: 'codec: decode it', value: decodeMs, unit: 'ms' },
    {
      name: 'largest molecule (towers-shaped chain, full history) within the 60,000-byte comment budget',
      value: capacity.n,
      unit: 'steps',
      goal: '≥ 5,000',
      note: capacity.encoded
        ? `compressed=${capacity.encoded.compressed}, history trimmed=${capacity.encoded.trimmedHistory}`
        : '',
    },
  ];
}

export function benchEngine(): { rows: Row[] } {
  const hanoi = readFileSync(HANOI, 'utf8');
  return {
    rows: [
      ...benchCookAndRun('towers-of-hanoi-10', hanoi, HANOI, 9),
      ...benchCookAndRun('random DAG', randomDagToml(5000), 'random-dag.toml', 5),
      ...benchCodec(),
    ],
  };
}
