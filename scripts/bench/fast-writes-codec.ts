/**
 * The codec on the write path: a 1,025-step chain (towers-of-hanoi-10) driven to completion with
 * no-op steps, its state encoded for the comment after every transition, as the App does. Also
 * the parts of one encode of the finished molecule, so the floor (deflate) is visible.
 * Standalone: `node scripts/bench-fast-writes.mjs codec`.
 */
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { decodeState } from '../../src/engine/codec/decode.js';
import { encodeState } from '../../src/engine/codec/encode.js';
import { packTable } from '../../src/engine/codec/pack-table.js';
import { cook } from '../../src/engine/cook/cook.js';
import type { Proto } from '../../src/engine/cook/proto.js';
import { parseFormula } from '../../src/engine/formula/parse-formula.js';
import type { Effect } from '../../src/engine/molecule/effects.js';
import { type Molecule, MoleculeSchema } from '../../src/engine/molecule/molecule-schema.js';
import { pour } from '../../src/engine/molecule/ops/pour.js';
import { transition } from '../../src/engine/molecule/ops/transition.js';
import { renderView } from '../../src/engine/render/markdown.js';
import { median, type Row, timeIt } from './stats.js';

const HANOI = 'test/fixtures/corpus/gastown/internal/formula/formulas/towers-of-hanoi-10.formula.toml';
/** What the App's comment store gives the codec (the seal takes the rest). */
const BUDGET = 59_000;

function hanoi(): Proto {
  const parsed = parseFormula(readFileSync(HANOI, 'utf8'), HANOI);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const cooked = cook(parsed.value, {});
  if (!cooked.ok) throw new Error(cooked.error.message);
  return cooked.value.proto;
}

/** Every state the molecule passes through, in order. */
function states(proto: Proto): Molecule[] {
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const now = () => {
    clock += 1000;
    return new Date(clock);
  };
  const poured = pour(proto, {
    id: 'bench',
    now: now(),
    vars: {},
    formula: { name: proto.formula, source: 'builtin@bench' },
  });
  if (!poured.ok) throw new Error(poured.error.message);
  const out = [poured.value.mol];
  const queue = dispatched(poured.value.effects);
  for (let step = queue.shift(); step !== undefined; step = queue.shift()) {
    for (const event of [{ type: 'start', step } as const, { type: 'complete', step } as const]) {
      const next = transition(proto, out[out.length - 1] as Molecule, event, now());
      if (!next.ok) throw new Error(next.error.message);
      out.push(next.value.mol);
      queue.push(...dispatched(next.value.effects));
    }
  }
  return out;
}

function dispatched(effects: Effect[]): string[] {
  return effects.flatMap((e) => (e.type === 'dispatch' ? [e.step] : []));
}

export async function benchFastWritesCodec(): Promise<{ rows: Row[] }> {
  const proto = hanoi();
  const all = states(proto);
  const transitions = all.length - 1;
  const totals: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < 3; run++) {
    const before = process.cpuUsage();
    totals.push(
      timeIt(() => {
        for (let i = 1; i < all.length; i++) {
          const encoded = encodeState(all[i] as Molecule, { proto, budgetBytes: BUDGET });
          if (!encoded.ok) throw new Error(encoded.error.message);
        }
      }),
    );
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1e6);
  }
  const last = all[all.length - 1] as Molecule;
  const encodeLast = median(
    Array.from({ length: 21 }, () => timeIt(() => encodeState(last, { proto, budgetBytes: BUDGET }))),
  );
  const encoded = encodeState(last, { proto, budgetBytes: BUDGET });
  if (!encoded.ok) throw new Error(encoded.error.message);
  const decodeLast = median(Array.from({ length: 9 }, () => timeIt(() => decodeState(encoded.value.body))));
  const packedJson = JSON.stringify({
    ...last,
    steps: packTable(last.steps),
    history: packTable(last.history),
  });
  const deflateMs = median(
    Array.from({ length: 21 }, () => timeIt(() => deflateSync(Buffer.from(packedJson)))),
  );
  const deflate1Ms = median(
    Array.from({ length: 21 }, () => timeIt(() => deflateSync(Buffer.from(packedJson), { level: 1 }))),
  );
  const validateMs = median(Array.from({ length: 21 }, () => timeIt(() => MoleculeSchema.safeParse(last))));
  const renderMs = median(Array.from({ length: 21 }, () => timeIt(() => renderView(last, proto))));
  const packMs = median(
    Array.from({ length: 21 }, () =>
      timeIt(() =>
        JSON.stringify({ ...last, steps: packTable(last.steps), history: packTable(last.history) }),
      ),
    ),
  );
  const plainBytes = JSON.stringify(last).length;
  return {
    rows: [
      {
        name: `codec: encode after every transition, ${proto.steps.length}-step chain (${transitions} encodes)`,
        value: median(totals) / 1000,
        unit: 's',
        goal: '≤ 1 s',
        note: `median of 3; CPU time ${median(cpu).toFixed(2)} s (the machine is shared)`,
      },
      {
        name: `codec: one encode of the finished ${proto.steps.length}-step molecule`,
        value: encodeLast,
        unit: 'ms',
        goal: '≤ 0.5 ms',
        note: `${encoded.value.body.length} bytes, compressed=${encoded.value.compressed}, view=${encoded.value.view}`,
      },
      { name: 'codec: decode it', value: decodeLast, unit: 'ms' },
      { name: '  of which: whole-molecule schema validation', value: validateMs, unit: 'ms' },
      { name: '  of which: render the view', value: renderMs, unit: 'ms' },
      {
        name: '  of which: pack + JSON',
        value: packMs,
        unit: 'ms',
        note: `${packedJson.length} bytes packed, ${plainBytes} bytes plain JSON`,
      },
      { name: '  floor: zlib deflate of the packed JSON (level 6)', value: deflateMs, unit: 'ms' },
      { name: '  floor: zlib deflate of the packed JSON (level 1)', value: deflate1Ms, unit: 'ms' },
    ],
  };
}
