/**
 * The layering rule holds by itself: `npm run lint` (and CI's `biome ci`) refuses an import that
 * points the wrong way. Each case plants one file in a scratch tree linted with the project's own
 * biome.json, so the test exercises the real configuration, not a copy of its rules.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../..');
const BIOME = join(ROOT, 'node_modules/.bin/biome');
/** The Biome plugins biome.json names (their paths are relative to the config). */
const PLUGINS = ['scripts/engine-determinism.grit', 'scripts/github-calls.grit'];

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'mol-boundaries-'));
  const config = JSON.parse(await readFile(join(ROOT, 'biome.json'), 'utf8'));
  delete config.$schema;
  config.vcs = { enabled: false };
  config.files = { includes: ['**'] };
  await writeFile(join(scratch, 'biome.json'), JSON.stringify(config));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** Lints one planted file; returns biome's exit code and what it said. */
async function lint(path: string, source: string): Promise<{ code: number; said: string }> {
  const dir = await mkdtemp(join(scratch, 'case-'));
  await mkdir(dirname(join(dir, path)), { recursive: true });
  await writeFile(join(dir, path), source);
  await writeFile(join(dir, 'biome.json'), await readFile(join(scratch, 'biome.json')));
  await mkdir(join(dir, 'scripts'), { recursive: true });
  for (const plugin of PLUGINS) await writeFile(join(dir, plugin), await readFile(join(ROOT, plugin)));
  try {
    const { stdout, stderr } = await run(BIOME, ['lint', '--max-diagnostics=5', 'src'], { cwd: dir });
    return { code: 0, said: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, said: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe('import boundaries', () => {
  it.each([
    ['the engine importing a face', 'src/engine/planted.ts', "import { EXIT } from '../cli/io.js';"],
    ['the engine doing I/O', 'src/engine/planted.ts', "import { readFile } from 'node:fs/promises';"],
    [
      'a store importing the shell',
      'src/github/planted.ts',
      "import { changeMolecule } from '../shell/change-molecule.js';",
    ],
    [
      'the runner importing the GitHub adapter',
      'src/runner/planted.ts',
      "import { reply } from '../github/reply.js';",
    ],
    ['the shell importing a face', 'src/shell/planted.ts', "import { main } from '../cli/main.js';"],
    [
      'the webhooks importing the App',
      'src/webhooks/planted.ts',
      "import { createMolecularApp } from '../app/create-app.js';",
    ],
    ['one face importing another', 'src/app/planted.ts', "import { runMode } from '../action/run-mode.js';"],
    ['the library entry exporting a face', 'src/index.ts', "export { main } from './cli/main.js';"],
    [
      'the library entry loading LangGraph',
      'src/index.ts',
      "export { toStateGraph } from './langgraph/to-state-graph.js';",
    ],
    [
      'the library entry importing @langchain',
      'src/index.ts',
      "import { StateGraph } from '@langchain/langgraph';",
    ],
    [
      'the LangGraph entry reaching past the library entry',
      'src/langgraph/planted.ts',
      "import { createMoleculeManager } from '../shell/manager.js';",
    ],
    [
      'the engine formula layer importing cook (an up-arrow inside the engine)',
      'src/engine/formula/planted.ts',
      "import type { FormulaLibrary } from '../cook/cook-context.js';",
    ],
    [
      'the engine render layer importing the codec',
      'src/engine/render/planted.ts',
      "import { encode } from '../codec/encode.js';",
    ],
    [
      'a molecule op importing render',
      'src/engine/molecule/ops/planted.ts',
      "import { renderView } from '../../render/markdown.js';",
    ],
    [
      "the engine's root files importing a layer",
      'src/engine/planted.ts',
      "import { leaseLive } from './molecule/lease.js';",
    ],
    [
      'the generic shell importing the GitHub room',
      'src/shell/step/planted.ts',
      "import { openStore } from '../github/molecule-store.js';",
    ],
    [
      "the shell's root importing the GitHub room",
      'src/shell/planted.ts',
      "import { openStore } from './github/molecule-store.js';",
    ],
    [
      'the GitHub room importing an event handler',
      'src/shell/github/planted.ts',
      "import { handleIssueComment } from '../../webhooks/issue-comment.js';",
    ],
    [
      'an Action mode other than event importing src/webhooks',
      'src/action/step/planted.ts',
      "import { handleRepoEvent } from '../../webhooks/route-event.js';",
    ],
    [
      'the CLI importing the GitHub room',
      'src/cli/planted.ts',
      "import { openStore } from '../shell/github/molecule-store.js';",
    ],
    [
      'a face reaching past the engine door',
      'src/cli/planted.ts',
      "import { transition } from '../engine/molecule/ops/transition.js';",
    ],
  ])('refuses %s', async (_what, path, line) => {
    const { code, said } = await lint(path, `${line}\nexport const planted = 1;\n`);
    expect(code).not.toBe(0);
    expect(said).toContain('noRestrictedImports');
  });

  it.each([
    [
      'a face using the shell',
      'src/cli/planted.ts',
      "import { changeMolecule } from '../shell/change-molecule.js';",
    ],
    [
      'a face using the engine through its door',
      'src/action/planted.ts',
      "import { transition } from '../engine/index.js';",
    ],
    [
      'the LangGraph entry using the library entry',
      'src/langgraph/planted.ts',
      "import { createMoleculeManager } from '../index.js';",
    ],
    [
      'the codec using render (down inside the engine)',
      'src/engine/codec/planted.ts',
      "import { groupDigits } from '../render/group-digits.js';",
    ],
    [
      'cook using formula',
      'src/engine/cook/planted.ts',
      "import { substitute } from '../formula/substitute.js';",
    ],
    [
      'the generic shell using the GitHub adapter',
      'src/shell/step/planted.ts',
      "import { httpStatus } from '../../github/client.js';",
    ],
    [
      'the Action using the GitHub room',
      'src/action/step/planted.ts',
      "import { openStore } from '../../shell/github/molecule-store.js';",
    ],
    [
      "the Action's event mode handing a payload to the router",
      'src/action/modes/event.ts',
      "import { handleRepoEvent } from '../../webhooks/route-event.js';",
    ],
    [
      'the shell using a store',
      'src/shell/planted.ts',
      "import { createLocalStore } from '../local/store/local-store.js';",
    ],
  ])('allows %s', async (_what, path, line) => {
    const { code, said } = await lint(path, `${line}\nexport const planted = 1;\n`);
    expect(said).not.toContain('noRestrictedImports');
    expect(code).toBe(0);
  });
});

/** The engine decides from what it is given: a clock, randomness or a timer inside it fails the lint. */
describe('engine determinism', () => {
  it.each([
    ['Date.now()', 'export const planted = Date.now();'],
    ['new Date()', 'export const planted = new Date().toISOString();'],
    ['Date()', 'export const planted = Date();'],
    ['Math.random()', 'export const planted = Math.random();'],
    ['crypto.randomUUID()', 'export const planted = crypto.randomUUID();'],
    ['performance.now()', 'export const planted = performance.now();'],
    ['setTimeout', 'export const planted = setTimeout(() => {}, 1);'],
    ['setInterval', 'export const planted = setInterval(() => {}, 1);'],
    ['setImmediate', 'export const planted = setImmediate(() => {});'],
    ['queueMicrotask', 'export const planted = 1;\nqueueMicrotask(() => {});'],
  ])('refuses %s in src/engine', async (_what, source) => {
    const { code, said } = await lint('src/engine/molecule/planted.ts', `${source}\n`);
    expect(code).not.toBe(0);
    expect(said).toMatch(/the engine is deterministic|noRestrictedGlobals/);
  });

  it.each([
    ['Date.parse', "export const planted = Date.parse('2026-01-01T00:00:00Z');"],
    ['new Date(ms)', 'export const planted = (ms: number): string => new Date(ms).toISOString();'],
    ['Date.UTC', 'export const planted = Date.UTC(2026, 0, 1);'],
    ['the Date type', 'export const planted = (now: Date): number => now.getTime();'],
    ['Math.max', 'export const planted = Math.max(1, 2);'],
  ])('allows %s in src/engine', async (_what, source) => {
    const { code, said } = await lint('src/engine/molecule/planted.ts', `${source}\n`);
    expect(said).not.toContain('deterministic');
    expect(code).toBe(0);
  });

  it('leaves the clock to the shell', async () => {
    const { code, said } = await lint('src/shell/planted.ts', 'export const planted = Date.now();\n');
    expect(said).not.toContain('deterministic');
    expect(code).toBe(0);
  });
});

/** Every REST and GraphQL call is made in src/github: a call elsewhere fails the lint. */
describe('GitHub calls', () => {
  it.each([
    ['a REST call in the GitHub room', 'src/shell/github/planted.ts'],
    ['a REST call in the App', 'src/app/planted.ts'],
    ['a REST call in the Action', 'src/action/step/planted.ts'],
  ])('refuses %s', async (_what, path) => {
    const source =
      "export const planted = (o: { request: (route: string) => unknown }) => o.request('GET /app');\n";
    const { code, said } = await lint(path, source);
    expect(code).not.toBe(0);
    expect(said).toContain('GitHub calls live in src/github');
  });

  it('allows one in src/github', async () => {
    const source =
      "export const planted = (o: { request: (route: string) => unknown }) => o.request('GET /app');\n";
    const { code, said } = await lint('src/github/planted.ts', source);
    expect(said).not.toContain('GitHub calls live in src/github');
    expect(code).toBe(0);
  });
});

/** Unit tests mirror the sources: a stray test name fails `npm run lint`. */
describe('test names', () => {
  it('refuses a unit test that names no source file', async () => {
    const copy = await mkdtemp(join(tmpdir(), 'mol-test-names-'));
    try {
      await mkdir(join(copy, 'scripts'), { recursive: true });
      await writeFile(
        join(copy, 'scripts/check-test-names.mjs'),
        await readFile(join(ROOT, 'scripts/check-test-names.mjs')),
      );
      await mkdir(join(copy, 'src/engine'), { recursive: true });
      await writeFile(join(copy, 'src/engine/ref-name.ts'), 'export {};\n');
      await mkdir(join(copy, 'test/unit/engine'), { recursive: true });
      await writeFile(join(copy, 'test/unit/engine/ref-name.test.ts'), '');
      await writeFile(join(copy, 'test/unit/engine/ref-name.git.test.ts'), '');
      await expect(run('node', ['scripts/check-test-names.mjs'], { cwd: copy })).resolves.toBeDefined();
      await writeFile(join(copy, 'test/unit/engine/ref-names.test.ts'), '');
      const refused = await run('node', ['scripts/check-test-names.mjs'], { cwd: copy }).catch((e) => e);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('test/unit/engine/ref-names.test.ts: names no source file');
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});
