/**
 * What the local store's journal tests share: a fresh store directory per test under one temp root
 * (removed after the file), results unwrapped, molecules compared as JSON stores them, and the
 * journal's lines without the zeros written ahead of them.
 */
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Molecule } from '../../src/engine/molecule/molecule-schema.js';
import { createLocalStore } from '../../src/local/store/local-store.js';

/** A function giving a new store directory (with a store on it) for each call. */
export function storeDirs(prefix: string) {
  let root: string;
  beforeAll(async () => {
    root = await realpath(await mkdtemp(join(tmpdir(), prefix)));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));
  return async () => {
    const dir = await mkdtemp(join(root, 's-'));
    return { dir, store: createLocalStore({ dir }), mols: join(dir, 'mols') };
  };
}

export function value<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** The molecule as JSON would store it (undefined-valued keys gone). */
export const plain = (mol: Molecule | undefined) => JSON.parse(JSON.stringify(mol));

/** The bytes up to the first zero: the journal's lines. */
export function linesOf(bytes: Buffer): Buffer {
  const zero = bytes.indexOf(0);
  return bytes.subarray(0, zero < 0 ? bytes.length : zero);
}
