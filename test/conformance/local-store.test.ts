import { execFile, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok } from '../../src/engine/errors.js';
import type { Mutator } from '../../src/engine/molecule/store.js';
import { defaultStoreDir } from '../../src/local/store/default-store-dir.js';
import { acquireFileLock } from '../../src/local/store/file-lock.js';
import { createLocalStore } from '../../src/local/store/local-store.js';
import { makeTempRepo } from '../helpers/git.js';
import { completeStep, describeStoreConformance, makeMolecule } from './store-conformance.js';

const tempDir = async (prefix: string) => realpath(await mkdtemp(join(tmpdir(), prefix)));

describeStoreConformance('local file store', async () => {
  const dir = await tempDir('mol-store-');
  return {
    store: createLocalStore({ dir }),
    cleanup: () => rm(dir, { recursive: true, force: true }),
    makeConcurrentStores: async (n) => Array.from({ length: n }, () => createLocalStore({ dir })),
  };
});

describe('local file store', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir('mol-store-local-');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const fresh = async () => {
    const sub = await mkdtemp(join(dir, 's-'));
    return { sub, store: createLocalStore({ dir: sub }) };
  };

  it('keeps the documented layout and ignores itself in git', async () => {
    const { sub, store } = await fresh();
    await store.create(makeMolecule('m-layout', { status: 'complete' }));
    expect(JSON.parse(await readFile(join(sub, 'mols', 'm-layout.json'), 'utf8')).id).toBe('m-layout');
    expect(await readFile(join(sub, '.gitignore'), 'utf8')).toMatch(/^\*$/m);
    expect(await readdir(join(sub, 'locks'))).toEqual([]); // released
    for (let i = 0; i < 5; i++) await store.mutate('m-layout', completeStep(`s${i % 3}`, 'x'));
    // The snapshot and its journal of writes since; no temp files survive a run of writes.
    expect((await readdir(join(sub, 'mols'))).sort()).toEqual(['m-layout.journal', 'm-layout.json']);
  });

  it('refuses ids that are not file names, so nothing escapes the store', async () => {
    const { store } = await fresh();
    for (const id of ['../escape', 'a/b', '.hidden', 'x.archive']) {
      const loaded = await store.load(id);
      expect(loaded.ok).toBe(false);
      if (!loaded.ok) expect(loaded.error.code).toBe('invalid-id');
    }
  });

  it('a corrupt file is a `state-invalid` error naming it; mutate leaves it untouched; scan still shows the rest', async () => {
    const { sub, store } = await fresh();
    await store.create(makeMolecule('m-good'));
    const bad = join(sub, 'mols', 'm-bad.json');
    await writeFile(bad, '{"v": 1, "id": "m-bad", "rev": ');
    const loaded = await store.load('m-bad');
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) {
      expect(loaded.error.code).toBe('state-invalid');
      expect(loaded.error.file).toBe(bad);
      expect(loaded.error.message).toContain(bad);
    }
    const mutated = await store.mutate('m-bad', completeStep('s0', 'x'));
    expect(mutated.ok).toBe(false);
    expect(await readFile(bad, 'utf8')).toBe('{"v": 1, "id": "m-bad", "rev": ');

    const listed = await store.list();
    expect(listed.ok).toBe(false);
    if (!listed.ok) expect(listed.error.message).toContain('m-bad.json');

    const scanned = await store.scan();
    expect(scanned.ok && scanned.value.molecules.map((m) => m.id)).toEqual(['m-good']);
    expect(scanned.ok && scanned.value.problems.map((p) => p.file)).toEqual([bad]);
  });

  it('a valid JSON file that is not a molecule is reported with the field at fault', async () => {
    const { sub, store } = await fresh();
    const mol = makeMolecule('m-shape');
    await writeFile(join(sub, 'mols', 'm-shape.json'), JSON.stringify({ ...mol, rev: -1 })).catch(
      async () => {
        await mkdir(join(sub, 'mols'), { recursive: true });
        await writeFile(join(sub, 'mols', 'm-shape.json'), JSON.stringify({ ...mol, rev: -1 }));
      },
    );
    const loaded = await store.load('m-shape');
    expect(!loaded.ok && loaded.error.message).toMatch(/rev/);
  });

  it('a mutator that throws is an error value and writes nothing', async () => {
    const { store } = await fresh();
    await store.create(makeMolecule('m-throw'));
    const throwing: Mutator = () => {
      throw new Error('engine bug');
    };
    const result = await store.mutate('m-throw', throwing);
    expect(!result.ok && result.error.code).toBe('mutator-threw');
    expect((await store.load('m-throw')).ok && (await store.load('m-throw'))).toMatchObject({
      value: { rev: 0 },
    });
  });

  it('a mutator that edits its input in place does not corrupt the comparison or the file', async () => {
    const { store } = await fresh();
    await store.create(makeMolecule('m-inplace'));
    const inPlace: Mutator = (current) => {
      current.title = 'edited in place';
      return ok({ mol: current, effects: [] });
    };
    const result = await store.mutate('m-inplace', inPlace);
    expect(result.ok && result.value.mol.rev).toBe(1);
    const loaded = await store.load('m-inplace');
    expect(loaded.ok && loaded.value?.title).toBe('edited in place');
  });

  describe('lock file', () => {
    it('times out with `lock-timeout` naming the live holder', async () => {
      const { sub, store } = await fresh();
      await store.create(makeMolecule('m-held'));
      const lockPath = join(sub, 'locks', 'm-held.lock');
      const held = await acquireFileLock(lockPath);
      expect(held.ok).toBe(true);
      const slow = createLocalStore({ dir: sub, lock: { timeoutMs: 150 } });
      const started = Date.now();
      const result = await slow.mutate('m-held', completeStep('s0', 'x'));
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
      expect(!result.ok && result.error.code).toBe('lock-timeout');
      expect(!result.ok && result.error.message).toContain(`process ${process.pid}`);
      if (held.ok) await held.value.release();
      expect((await slow.mutate('m-held', completeStep('s0', 'x'))).ok).toBe(true);
    });

    it('takes over a lock whose holder process is dead', async () => {
      const { sub, store } = await fresh();
      await store.create(makeMolecule('m-dead'));
      const child = spawn(process.execPath, ['-e', '0']);
      const deadPid = await new Promise<number>((resolve) =>
        child.on('exit', () => resolve(child.pid as number)),
      );
      const holder = { pid: deadPid, host: hostname(), acquiredAt: new Date().toISOString(), nonce: 'dead' };
      await writeFile(join(sub, 'locks', 'm-dead.lock'), JSON.stringify(holder));
      const quick = createLocalStore({ dir: sub, lock: { timeoutMs: 500 } });
      const result = await quick.mutate('m-dead', completeStep('s0', 'x'));
      expect(result.ok).toBe(true);
      // The store keeps its lock a moment past a write, for a write that follows soon.
      await vi.waitFor(async () => expect(await readdir(join(sub, 'locks'))).toEqual([]), {
        timeout: 5_000,
        interval: 10,
      });
    });

    it('takes over a lock older than the TTL even from another host, but not a fresh one', async () => {
      const { sub, store } = await fresh();
      await store.create(makeMolecule('m-old'));
      const lockPath = join(sub, 'locks', 'm-old.lock');
      const fresh1 = { pid: 1, host: 'elsewhere', acquiredAt: new Date().toISOString(), nonce: 'fresh' };
      await writeFile(lockPath, JSON.stringify(fresh1));
      const quick = createLocalStore({ dir: sub, lock: { timeoutMs: 100 } });
      const blocked = await quick.mutate('m-old', completeStep('s0', 'x'));
      expect(!blocked.ok && blocked.error.code).toBe('lock-timeout');

      const old = { ...fresh1, acquiredAt: new Date(Date.now() - 31_000).toISOString(), nonce: 'old' };
      await writeFile(lockPath, JSON.stringify(old));
      expect((await quick.mutate('m-old', completeStep('s0', 'x'))).ok).toBe(true);
    });

    it('a stale holder that was broken into neither releases the new lock nor writes', async () => {
      const { sub, store } = await fresh();
      await store.create(makeMolecule('m-lost'));
      const lockPath = join(sub, 'locks', 'm-lost.lock');
      let clock = Date.now();
      const options = { now: () => clock, staleMs: 1_000 };
      const first = await acquireFileLock(lockPath, options);
      if (!first.ok) throw new Error(first.error.message);
      clock += 5_000; // the holder stalls past the TTL
      const intruder = await acquireFileLock(lockPath, options);
      if (!intruder.ok) throw new Error(intruder.error.message);
      expect(await first.value.isHeld()).toBe(false);
      await first.value.release();
      expect(await intruder.value.isHeld()).toBe(true);
      await intruder.value.release();
      expect(await readdir(join(sub, 'locks'))).toEqual([]);

      // The same inside mutate: someone replaces the lock while the reducer runs.
      const stalled = createLocalStore({ dir: sub });
      const theirs = JSON.stringify({
        pid: 1,
        host: 'elsewhere',
        acquiredAt: new Date().toISOString(),
        nonce: 'theirs',
      });
      const result = await stalled.mutate('m-lost', (current) => {
        writeFileSync(lockPath, theirs);
        return completeStep('s0', 'late')(current);
      });
      expect(!result.ok && result.error.code).toBe('lock-lost');
      const loaded = await store.load('m-lost');
      expect(loaded.ok && loaded.value?.rev).toBe(0);
      expect(await readFile(lockPath, 'utf8')).toBe(theirs);
    });
  });

  it('separate processes mutating one molecule lose no update', async () => {
    const bundle = join(dir, 'local-store.bundle.mjs');
    await build({
      entryPoints: [join(import.meta.dirname, '../../src/local/store/local-store.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: bundle,
      logLevel: 'silent',
    });
    const driver = join(import.meta.dirname, '../helpers/store-driver.mjs');
    const exec = promisify(execFile);
    for (let round = 0; round < 3; round++) {
      const { sub, store } = await fresh();
      const id = `m-procs-${round}`;
      await store.create(makeMolecule(id));
      const processes = 2 + round; // 2, 3, 4 writers
      await Promise.all(
        Array.from({ length: processes }, (_, p) =>
          exec(process.execPath, [driver, bundle, sub, id, '10', `p${p}`]),
        ),
      );
      const final = await store.load(id);
      expect(final.ok).toBe(true);
      if (!final.ok || !final.value) return;
      expect(final.value.rev).toBe(processes * 10);
      const expected = Array.from({ length: processes }, (_, p) =>
        Array.from({ length: 10 }, (_, i) => `p${p}-${i}`),
      ).flat();
      expect(final.value.history.map((h) => h.by).sort()).toEqual(expected.sort());
      expect(await readdir(join(sub, 'locks'))).toEqual([]);
    }
  });

  it('defaults to .molecular at the main working tree, also from a linked worktree', async () => {
    const repo = await makeTempRepo();
    try {
      const linked = join(repo.root, 'linked');
      await repo.git(['worktree', 'add', '-q', '-b', 'side', linked]);
      await mkdir(join(repo.dir, 'sub', 'deeper'), { recursive: true });
      expect(await defaultStoreDir(join(repo.dir, 'sub', 'deeper'))).toBe(join(repo.dir, '.molecular'));
      expect(await defaultStoreDir(linked)).toBe(join(repo.dir, '.molecular'));
      const outside = await tempDir('mol-nogit-');
      expect(await defaultStoreDir(outside)).toBe(join(outside, '.molecular'));
      await rm(outside, { recursive: true, force: true });
      // The store's own .gitignore keeps state out of `git add -A`.
      const store = createLocalStore({ dir: join(repo.dir, '.molecular') });
      await store.create(makeMolecule('m-ignored'));
      expect(await repo.git(['status', '--porcelain'])).toBe('');
      expect((await stat(join(repo.dir, '.molecular', 'mols', 'm-ignored.json'))).isFile()).toBe(true);
    } finally {
      await repo.cleanup();
    }
  });
});
