/**
 * The zeros written ahead of the journal's lines: a write lands in them without changing the
 * file's size until the lines outgrow them, and then one write adds the next run; reading stops at
 * the first zero byte; and whatever a crash can leave of a write (any prefix of its bytes, any of
 * its sectors on disk without the others, the file's new size or the old one) reads as the state
 * before the write or after it, and the next writer's state is what a fresh reader then gets.
 */
import { open, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Mutator } from '../../../../src/engine/index.js';
import type { Molecule } from '../../../../src/engine/molecule/molecule-schema.js';
import { MIN_COMPACT_BYTES, TAIL_BYTES } from '../../../../src/local/store/journal.js';
import { createLocalStore } from '../../../../src/local/store/local-store.js';
import { completeStep, makeMolecule } from '../../../conformance/store-conformance.js';
import { linesOf, plain, storeDirs, value } from '../../../helpers/journal-files.js';

const fresh = storeDirs('mol-journal-tail-');

const readOrAbsent = (path: string) => readFile(path).catch(() => undefined);

const SECTOR = 512;

/** A write whose journal line is a few dozen bytes. */
const retitle =
  (title: string): Mutator =>
  (mol) => ({ ok: true, value: { mol: { ...mol, title }, effects: [] } });

/**
 * What a crash during the write that turned `before` into `after` can leave: any prefix of the
 * new bytes (a process killed mid-write), any subset of the sectors they touch (the disk wrote
 * some and not others), each with the file at its old size or its new one.
 */
function tears(before: Buffer | undefined, after: Buffer, from: number, to: number): Buffer[] {
  const old = before ?? Buffer.alloc(0);
  const sizes = [...new Set([old.length, after.length])];
  const images: Buffer[] = [];
  const withBytes = (pick: (at: number) => boolean) => {
    for (const size of sizes) {
      const image = Buffer.alloc(size);
      old.copy(image, 0, 0, Math.min(size, old.length));
      for (let at = from; at < Math.min(to, size); at++) if (pick(at)) image[at] = after[at] as number;
      images.push(image);
    }
  };
  for (let k = 0; k <= to - from; k += k < 4 || to - from - k < 4 ? 1 : 41) withBytes((at) => at < from + k);
  const first = Math.floor(from / SECTOR);
  const sectors = Math.floor((to - 1) / SECTOR) - first + 1;
  for (let mask = 0; mask < 2 ** sectors; mask++)
    withBytes((at) => (mask & (1 << (Math.floor(at / SECTOR) - first))) !== 0);
  return images;
}

describe('local store journal: the zeros ahead of the lines', () => {
  it('a write lands in the zeros without changing the size; outgrowing them adds a run, doubling up to the fold', async () => {
    const { dir, store, mols } = await fresh();
    value(await store.create(makeMolecule('m-run', {}, 4)));
    const journal = join(mols, 'm-run.journal');
    value(await store.mutate('m-run', completeStep('s0', 'a')));
    const first = await readFile(journal);
    const end = linesOf(first).length;
    expect(first.length).toBe(2 * end + TAIL_BYTES);
    expect(first.subarray(end).every((b) => b === 0)).toBe(true);
    value(await store.mutate('m-run', completeStep('s1', 'b')));
    expect((await stat(journal)).size).toBe(first.length);
    // Lines that outgrow the zeros: the file doubles, but not past where the journal is folded.
    const folds = Math.max(MIN_COMPACT_BYTES, (await stat(join(mols, 'm-run.json'))).size);
    const wide = (mol: Molecule) => ({ ...mol, summary: 'x'.repeat(TAIL_BYTES) });
    const grown = value(
      await store.mutate('m-run', (c) => ({ ok: true, value: { mol: wide(c), effects: [] } })),
    );
    const bytes = await readFile(journal);
    const lines = linesOf(bytes).length;
    expect(bytes.length).toBe(Math.min(2 * lines, folds) + TAIL_BYTES);
    expect(bytes.subarray(lines).every((b) => b === 0)).toBe(true);
    // A journal without zeros (as one written before them was): the next write adds a run.
    await truncate(journal, lines);
    value(await createLocalStore({ dir }).mutate('m-run', completeStep('s2', 'c')));
    const again = await readFile(journal);
    expect(again.length).toBeGreaterThan(linesOf(again).length);
    const read = value(await createLocalStore({ dir }).load('m-run'));
    expect(read?.rev).toBe(grown.mol.rev + 1);
    expect(read?.summary).toBe(grown.mol.summary);
  });

  it('a line after the first zero byte is never read, and the next write leaves no trace of it', async () => {
    const { dir, store, mols } = await fresh();
    value(await store.create(makeMolecule('m-ghost', {}, 4)));
    const one = value(await store.mutate('m-ghost', completeStep('s0', 'a'))).mol;
    const journal = join(mols, 'm-ghost.journal');
    const end = linesOf(await readFile(journal)).length;
    // The second half of a write whose first sectors never reached the disk: a whole line past zeros.
    const ghost = '{"rev":2,"snap":0,"set":{"title":"ghost"}}\n';
    const file = await open(journal, 'r+');
    await file.write(ghost, end + SECTOR, 'utf8');
    await file.close();
    const reader = createLocalStore({ dir });
    expect(plain(value(await reader.load('m-ghost')))).toEqual(plain(one));
    const two = value(await reader.mutate('m-ghost', completeStep('s1', 'b'))).mol;
    const three = value(await reader.mutate('m-ghost', completeStep('s2', 'c'))).mol;
    expect(two.title).toBe('Molecule m-ghost');
    expect((await readFile(journal, 'utf8')).includes('ghost"}')).toBe(false);
    expect(plain(value(await createLocalStore({ dir }).load('m-ghost')))).toEqual(plain(three));
  });

  it('a store that read the molecule before reads on from where it was: new lines, then a torn prefix, as a fresh reader does', async () => {
    const { dir, store, mols } = await fresh();
    value(await store.create(makeMolecule('m-on', {}, 6)));
    value(await store.mutate('m-on', completeStep('s0', 'a')));
    const early = createLocalStore({ dir });
    value(await early.load('m-on'));
    const two = value(await store.mutate('m-on', completeStep('s1', 'b'))).mol;
    expect(plain(value(await early.load('m-on')))).toEqual(plain(two));
    // A writer killed mid-write: a prefix of its line over the zeros.
    const journal = join(mols, 'm-on.journal');
    const end = linesOf(await readFile(journal)).length;
    const file = await open(journal, 'r+');
    await file.write(`{"rev":3,"snap":0,"set":{"title":"${'half'.repeat(500)}`, end, 'utf8');
    await file.close();
    expect(plain(value(await early.load('m-on')))).toEqual(plain(two));
    const three = value(await early.mutate('m-on', completeStep('s2', 'c'))).mol;
    expect(plain(value(await store.load('m-on')))).toEqual(plain(three));
    expect(plain(value(await createLocalStore({ dir }).load('m-on')))).toEqual(plain(three));
    expect((await readFile(journal, 'utf8')).includes('half')).toBe(false);
  });

  it('a crash anywhere in a write (the one that creates the journal or adds zeros too) reads as before or after it', async () => {
    const { dir, store, mols } = await fresh();
    value(await store.create(makeMolecule('m-tear', {}, 12)));
    const journal = join(mols, 'm-tear.journal');
    let prev = value(await store.load('m-tear')) as Molecule;
    let cases = 0;
    for (let i = 0; i < 6; i++) {
      // Writes 0 (creates the journal) and 3 (a journal without zeros left) add a run of zeros.
      if (i === 3) await truncate(journal, linesOf(await readFile(journal)).length);
      const before = await readOrAbsent(journal);
      const from = before ? linesOf(before).length : 0;
      // Long lines: each crosses a sector boundary with hundreds of bytes on either side.
      const by = `w${i}-`.padEnd(700, '.');
      const next = value(await createLocalStore({ dir }).mutate('m-tear', completeStep(`s${i}`, by))).mol;
      const after = await readFile(journal);
      const to = linesOf(after).length;
      if (i === 0 || i === 3) expect(after.length).toBeGreaterThan(before?.length ?? 0);
      else expect(after.length).toBe(before?.length);
      for (const image of tears(before, after, from, to)) {
        cases++;
        await writeFile(journal, image);
        const read = value(await createLocalStore({ dir }).load('m-tear'));
        expect([plain(prev), plain(next)]).toContainEqual(plain(read));
        // Short writes after it, so later lines reach past whatever the crash left beyond the zeros.
        const later = createLocalStore({ dir });
        let then: Molecule | undefined;
        for (let k = 0; k < 6; k++) then = value(await later.mutate('m-tear', retitle(`t${k}`))).mol;
        expect(then?.rev).toBe((read?.rev ?? 0) + 6);
        expect(plain(value(await createLocalStore({ dir }).load('m-tear')))).toEqual(plain(then));
      }
      await writeFile(journal, after);
      prev = next;
    }
    expect(cases).toBeGreaterThan(100);
    expect(plain(value(await store.load('m-tear')))).toEqual(plain(prev));
  });
});
