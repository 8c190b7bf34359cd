/**
 * The local store's journal: a write appends what changed; a fresh reader rebuilds exactly the
 * state the writer returned (also across compactions); a torn last line is ignored and cut off;
 * a corrupt line is named; molecules stored in the old single-file format read and migrate; the
 * bytes a transition appends do not grow with the molecule; the lines are followed by zeros written
 * ahead of them, which end what is read, and whatever a crash left past the last line is ignored.
 */
import { open, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Molecule } from '../../../../src/engine/molecule/molecule-schema.js';
import { createLocalStore } from '../../../../src/local/store/local-store.js';
import { completeStep, makeMolecule } from '../../../conformance/store-conformance.js';
import { linesOf, plain, storeDirs, value } from '../../../helpers/journal-files.js';

const fresh = storeDirs('mol-journal-');

/** The journal's text up to its first zero byte: the lines, without the zeros written ahead of them. */
async function journalText(journal: string): Promise<string> {
  return linesOf(await readFile(journal)).toString('utf8');
}

/** Writes `text` over the zeros right after the journal's lines, as a writer (or a torn write) would. */
async function writeAtEnd(journal: string, text: string): Promise<void> {
  const at = Buffer.byteLength(await journalText(journal));
  const file = await open(journal, 'r+');
  try {
    await file.write(text, at, 'utf8');
  } finally {
    await file.close();
  }
}

describe('local store journal', () => {
  it('a reader that starts from the files rebuilds exactly what the writer returned', async () => {
    const { dir, store, mols } = await fresh();
    value(await store.create(makeMolecule('m-replay', {}, 6)));
    let last: Molecule | undefined;
    for (let i = 0; i < 6; i++)
      last = value(await store.mutate('m-replay', completeStep(`s${i}`, `w${i}`))).mol;
    const lines = (await journalText(join(mols, 'm-replay.journal'))).trim().split('\n');
    expect(lines).toHaveLength(6);
    const reader = createLocalStore({ dir });
    expect(plain(value(await reader.load('m-replay')))).toEqual(plain(last));
    expect(last?.rev).toBe(6);
  });

  it('writes queued at once go out together and all land; compaction folds them into the snapshot', async () => {
    const { dir, store, mols } = await fresh();
    // A wide molecule so 400 writes grow the journal past the snapshot and force compactions.
    value(await store.create(makeMolecule('m-group', {}, 400)));
    const results = await Promise.all(
      Array.from({ length: 400 }, (_, i) => store.mutate('m-group', completeStep(`s${i}`, `w${i}`))),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const revs = results.map((r) => (r.ok ? r.value.mol.rev : -1)).sort((a, b) => a - b);
    expect(revs).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
    const snapshot = JSON.parse(await readFile(join(mols, 'm-group.json'), 'utf8')) as Molecule;
    expect(snapshot.rev).toBeGreaterThan(0); // compacted at least once
    const reader = createLocalStore({ dir });
    const loaded = value(await reader.load('m-group'));
    expect(loaded?.rev).toBe(400);
    expect(loaded?.steps.every((s) => s.status === 'completed')).toBe(true);
    expect(loaded?.history.map((h) => h.by).sort()).toEqual(
      Array.from({ length: 400 }, (_, i) => `w${i}`).sort(),
    );
  });

  it('ignores a torn last line, and the next write cuts it off before appending', async () => {
    const { dir, store, mols } = await fresh();
    value(await store.create(makeMolecule('m-torn')));
    const one = value(await store.mutate('m-torn', completeStep('s0', 'a'))).mol;
    const journal = join(mols, 'm-torn.journal');
    await writeAtEnd(journal, '{"rev":2,"snap":0,"add":[{"at":"2026-');
    const reader = createLocalStore({ dir });
    expect(plain(value(await reader.load('m-torn')))).toEqual(plain(one));
    const two = value(await reader.mutate('m-torn', completeStep('s1', 'b'))).mol;
    expect(two.rev).toBe(2);
    expect((await journalText(journal)).endsWith('\n')).toBe(true);
    expect((await journalText(journal)).split('\n')).toHaveLength(3);
    expect(plain(value(await createLocalStore({ dir }).load('m-torn')))).toEqual(plain(two));
  });

  it('a complete line that is not valid is `state-invalid` naming the journal; nothing is written over it', async () => {
    const { dir, store, mols } = await fresh();
    value(await store.create(makeMolecule('m-bad')));
    value(await store.mutate('m-bad', completeStep('s0', 'a')));
    const journal = join(mols, 'm-bad.journal');
    await writeAtEnd(journal, '{"rev":2,"snap":0,"steps":[[0,{"id":"s0","status":"exploded"}]]}\n');
    const before = await readFile(journal, 'utf8');
    const reader = createLocalStore({ dir });
    const loaded = await reader.load('m-bad');
    expect(!loaded.ok && loaded.error.code).toBe('state-invalid');
    expect(!loaded.ok && loaded.error.file).toBe(journal);
    expect(!loaded.ok && loaded.error.message).toContain('line 2');
    expect((await reader.mutate('m-bad', completeStep('s1', 'b'))).ok).toBe(false);
    expect(await readFile(journal, 'utf8')).toBe(before);
  });

  it('reads a molecule stored in the old single-file format and journals its next write', async () => {
    const { dir, store, mols } = await fresh();
    value(await store.create(makeMolecule('m-seed'))); // makes the layout
    const old = makeMolecule('m-old', { rev: 7 }, 4);
    await writeFile(join(mols, 'm-old.json'), `${JSON.stringify(old, null, 2)}\n`);
    expect(plain(value(await store.load('m-old')))).toEqual(plain(old));
    const next = value(await store.mutate('m-old', completeStep('s2', 'x'))).mol;
    expect(next.rev).toBe(8);
    expect(await readFile(join(mols, 'm-old.json'), 'utf8')).toBe(`${JSON.stringify(old, null, 2)}\n`);
    expect(plain(value(await createLocalStore({ dir }).load('m-old')))).toEqual(plain(next));
    expect(value(await createLocalStore({ dir }).list()).map((m) => m.id)).toEqual(['m-old', 'm-seed']);
  });

  it('skips lines older than the snapshot (a compaction interrupted before it emptied the journal)', async () => {
    const { dir, store, mols } = await fresh();
    value(await store.create(makeMolecule('m-half')));
    value(await store.mutate('m-half', completeStep('s0', 'a')));
    const two = value(await store.mutate('m-half', completeStep('s1', 'b'))).mol;
    // Step one of a compaction: the snapshot now holds rev 2, the journal still rev 1 and 2.
    await writeFile(join(mols, 'm-half.json'), `${JSON.stringify(two, null, 2)}\n`);
    const reader = createLocalStore({ dir });
    expect(plain(value(await reader.load('m-half')))).toEqual(plain(two));
    const three = value(await reader.mutate('m-half', completeStep('s2', 'c'))).mol;
    expect(plain(value(await createLocalStore({ dir }).load('m-half')))).toEqual(plain(three));
  });

  it('appends the same number of bytes per transition whatever the size of the molecule', async () => {
    const appended = async (steps: number) => {
      const { store, mols } = await fresh();
      value(await store.create(makeMolecule('m-size', {}, steps)));
      value(await store.mutate('m-size', completeStep('s1', 'a')));
      const journal = join(mols, 'm-size.journal');
      const before = Buffer.byteLength(await journalText(journal));
      value(await store.mutate('m-size', completeStep('s2', 'a')));
      return Buffer.byteLength(await journalText(journal)) - before;
    };
    const small = await appended(10);
    const large = await appended(2_000);
    expect(large).toBe(small);
    expect(small).toBeLessThan(400);
  });

  it('burn removes snapshot and journal; an id can be poured again afterwards', async () => {
    const { store, mols } = await fresh();
    value(await store.create(makeMolecule('m-burn')));
    value(await store.mutate('m-burn', completeStep('s0', 'a')));
    value(
      await store.mutate('m-burn', (c) => ({
        ok: true,
        value: { mol: { ...c, status: 'burned' }, effects: [] },
      })),
    );
    expect(value(await store.load('m-burn'))).toBeUndefined();
    await expect(stat(join(mols, 'm-burn.journal'))).rejects.toThrow();
    // A journal a crashed burn left behind does not leak into the new molecule.
    await writeFile(join(mols, 'm-burn.journal'), '{"rev":1,"snap":0,"set":{"title":"ghost"}}\n');
    value(await store.create(makeMolecule('m-burn')));
    expect(value(await store.load('m-burn'))?.title).toBe('Molecule m-burn');
  });

  it('keeps the step objects a write returned; one with a key the schema lacks is stored as read back', async () => {
    const { dir, store } = await fresh();
    value(await store.create(makeMolecule('m-same', {}, 3)));
    let returned: Molecule['steps'][number] | undefined;
    const kept = value(
      await store.mutate('m-same', (c) => {
        const mol = value(completeStep('s0', 'a')(c)).mol;
        returned = mol.steps[0];
        return { ok: true, value: { mol, effects: [] } };
      }),
    ).mol;
    expect(kept.steps[0]).toBe(returned);
    expect(Object.isFrozen(returned)).toBe(true);
    const odd = value(
      await store.mutate('m-same', (c) => {
        const mol = value(completeStep('s1', 'b')(c)).mol;
        const steps = mol.steps.map((s, i) => (i === 1 ? { ...s, stray: 1 } : s));
        return { ok: true, value: { mol: { ...mol, steps }, effects: [] } };
      }),
    ).mol;
    expect(odd.steps[1]).not.toHaveProperty('stray');
    expect(plain(value(await createLocalStore({ dir }).load('m-same')))).toEqual(plain(odd));
  });

  it('hands out frozen steps: editing one in place throws instead of diverging from the disk', async () => {
    const { store } = await fresh();
    value(await store.create(makeMolecule('m-frozen')));
    const loaded = value(await store.load('m-frozen')) as Molecule;
    expect(() => {
      (loaded.steps[0] as { status: string }).status = 'completed';
    }).toThrow(TypeError);
    loaded.title = 'top level is the caller’s own';
    expect(value(await store.load('m-frozen'))?.title).toBe('Molecule m-frozen');
  });
});
