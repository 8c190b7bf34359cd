/**
 * scripts/bench-app.mjs's harness (BENCHMARKS.md's "GitHub App" section), loaded at run time
 * from the package root rather than bundled into the row: it bundles the App and the fake with
 * their own `import.meta` (the fake finds its OpenAPI subset by it), which a row bundle loses.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchRoot } from './root.js';

/** One App in this process, the fake in a worker thread (see scripts/bench-app.mjs). */
export interface BenchApp {
  gh: { call(op: string, ...args: unknown[]): Promise<unknown> };
  close(): Promise<void>;
}

export interface OperationCalls {
  pour: string[];
  done: string[];
  status: string[];
  shipPour: string[];
  completion: string[];
}

interface Harness {
  loadWorld(dir: string, contents?: string): Promise<{ world: Record<string, unknown>; file: string }>;
  startApp(loaded: { world: unknown; file: string; dir: string }, config: string): Promise<BenchApp>;
  operationCalls(app: BenchApp, world: unknown): Promise<OperationCalls>;
}

/**
 * Runs `fn` with the harness and a scratch directory under node_modules/.cache (inside the
 * project, so bundles resolve their packages), removed afterwards.
 */
export async function withHarness<T>(
  fn: (harness: Harness, dir: string, root: string) => Promise<T>,
): Promise<T> {
  const root = benchRoot();
  const harness = (await import(pathToFileURL(join(root, 'scripts/bench-app.mjs')).href)) as Harness;
  await mkdir(join(root, 'node_modules/.cache'), { recursive: true });
  const dir = await mkdtemp(join(root, 'node_modules/.cache', 'mol-bench-row-'));
  try {
    return await fn(harness, dir, root);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
