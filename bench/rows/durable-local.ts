/**
 * Durable on local disk: the 1,025-step chain driven through `createLocalStore` +
 * `createMoleculeManager` (every write locked, journaled and fdatasync'd before it returns), the
 * way a library user would drive it; plus the time per write at 250 and 4,000 steps.
 *
 * A runner going step by step reports each step and claims the next in one write
 * (`completeStep(…, { startNext })`), as LangGraph's checkpointer writes one checkpoint per step;
 * the row with a separate `startStep` before each `completeStep` (two writes per step) is printed
 * beside it.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalStore, createMoleculeManager } from '../../src/index.js';
import type { ScaleRow } from '../lib/row.js';

export async function drive(
  n: number,
  writesPerStep: 1 | 2 = 1,
): Promise<{ ms: number; transitions: number; writes: number; bytes: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'mol-bench-durable-'));
  try {
    const manager = createMoleculeManager(createLocalStore({ dir }));
    const steps = Array.from({ length: n }, (_, i) => ({
      id: `s${i}`,
      title: `Step ${i}`,
      dependsOn: i === 0 ? [] : [`s${i - 1}`],
    }));
    const mol = await manager.createMolecule('1', `chain of ${n}`, steps);
    const start = performance.now();
    if (writesPerStep === 2) {
      for (let i = 0; i < n; i++) {
        await manager.startStep(mol.id, `s${i}`);
        await manager.completeStep(mol.id, `s${i}`);
      }
    } else {
      await manager.startStep(mol.id, 's0');
      for (let i = 0; i < n; i++) {
        const startNext = i + 1 < n ? { startNext: `s${i + 1}` } : {};
        await manager.completeStep(mol.id, `s${i}`, undefined, startNext);
      }
    }
    const ms = performance.now() - start;
    const done = await manager.loadMolecule(mol.id);
    if (done?.status !== 'complete') throw new Error(`the chain ended ${done?.status}`);
    const files = await readdir(join(dir, 'mols'));
    let bytes = 0;
    for (const f of files) bytes += (await stat(join(dir, 'mols', f))).size;
    return { ms, transitions: 2 * n, writes: writesPerStep === 2 ? 2 * n : n + 1, bytes };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The run of median time among `runs` (the disk is shared: one slow fdatasync tail skews a run). */
async function medianDrive(
  n: number,
  runs: number,
  writesPerStep: 1 | 2 = 1,
): Promise<Awaited<ReturnType<typeof drive>>> {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await drive(n, writesPerStep));
  all.sort((a, b) => a.ms - b.ms);
  return all[Math.floor(all.length / 2)] as Awaited<ReturnType<typeof drive>>;
}

export async function measure(): Promise<ScaleRow[]> {
  // Warm-up: V8 compiles the store's and the engine's hot paths over the first few thousand
  // transitions; a 1,025 run straight after a short warm-up measured the compiler too.
  for (let i = 0; i < 2; i++) await drive(250, 2);
  const main = await medianDrive(1025, 3);
  const two = await medianDrive(1025, 3, 2);
  const flat: { n: number; us: number }[] = [];
  for (const n of [250, 4000]) {
    const r = await medianDrive(n, n > 1025 ? 1 : 3);
    flat.push({ n, us: (r.ms * 1000) / r.writes });
  }
  const perMain = (main.ms * 1000) / main.writes;
  flat.splice(1, 0, { n: 1025, us: perMain });
  return [
    {
      name: `durable on local disk, 1,025-step chain (${main.writes} writes: each step's report claims the next, createLocalStore + createMoleculeManager)`,
      value: main.ms,
      unit: 'ms',
      goal: '≤ 440 ms',
      anchor: 'durable',
      note: `${(perMain / 1000).toFixed(2)} ms/write, each locked + fdatasync'd; ${Math.round(main.bytes / 1024)} KB on disk at the end`,
    },
    {
      name: `same chain, startStep and completeStep apart (${two.writes} writes)`,
      value: two.ms,
      unit: 'ms',
      note: `${(two.ms / two.writes).toFixed(2)} ms/write`,
    },
    {
      name: 'durable: ms per write at 250 / 1,025 / 4,000 steps',
      value: (flat[2]?.us ?? 0) / (flat[0]?.us ?? 1),
      unit: '× (4,000 vs 250)',
      goal: 'flat (0.7–1.3×)',
      note: flat.map((f) => `${f.n}: ${(f.us / 1000).toFixed(2)} ms`).join(', '),
    },
  ];
}
