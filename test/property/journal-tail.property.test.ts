/**
 * Reading a local journal (src/local/store/journal.ts) whatever follows its complete lines: zeros,
 * a line cut short, and any bytes at all past a zero byte (what a machine crash can leave when a
 * write's later sectors reached the disk and its earlier ones did not). The reader gets the state
 * after the complete lines, never an error, and a write after that is what a fresh reader gets.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Molecule } from '../../src/engine/molecule/molecule-schema.js';
import { createLocalStore } from '../../src/local/store/local-store.js';
import { applyDelta, diffMolecule } from '../../src/local/store/molecule-delta.js';
import { completeStep, makeMolecule } from '../conformance/store-conformance.js';
import { plain, storeDirs, value } from '../helpers/journal-files.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const STEPS = 6;
const fresh = storeDirs('mol-journal-prop-');

/** The molecule after each of STEPS completions, and the journal line each one writes. */
function history(): { states: Molecule[]; lines: string[] } {
  let mol = makeMolecule('m-tail', {}, STEPS);
  const states = [mol];
  const lines: string[] = [];
  for (let i = 0; i < STEPS; i++) {
    const next = value(completeStep(`s${i}`, `w${i}`)(mol)).mol;
    const applied = value(applyDelta(mol, diffMolecule(mol, next, 0)));
    lines.push(`${JSON.stringify(applied.delta)}\n`);
    mol = applied.mol;
    states.push(mol);
  }
  return { states, lines };
}

const tail = fc.record({
  cut: fc.option(fc.nat(), { nil: undefined }), // how much of the next line a killed writer left
  zeros: fc.integer({ min: 0, max: 600 }),
  // Past the zeros: the later part of the lines that were being written, or any bytes at all.
  junk: fc.option(
    fc.oneof(
      fc.nat().map((from) => ({ from })),
      fc.uint8Array({ minLength: 1, maxLength: 300 }),
    ),
    {
      nil: undefined,
    },
  ),
  after: fc.integer({ min: 0, max: 100 }),
});

describe('local journal: what follows the complete lines', () => {
  it('reads as the state after the complete lines, and the next write is what a fresh reader gets', async () => {
    const { states, lines } = history();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: STEPS - 1 }), tail, async (k, t) => {
        const { dir, mols, store } = await fresh();
        value(await store.create(states[0] as Molecule));
        const next = lines[k] as string;
        const cut = next.slice(0, (t.cut ?? 0) % next.length); // never its newline
        // Junk only ever lies past a zero byte: nothing else can put it there.
        const zeros = t.junk && t.zeros === 0 ? 1 : t.zeros;
        const unwritten = lines.slice(k).join('');
        const junk =
          t.junk === undefined
            ? Buffer.alloc(0)
            : t.junk instanceof Uint8Array
              ? Buffer.from(t.junk)
              : Buffer.from(unwritten.slice(t.junk.from % unwritten.length));
        const bytes = Buffer.concat([
          Buffer.from(lines.slice(0, k).join('') + cut),
          Buffer.alloc(zeros),
          junk,
          Buffer.alloc(t.junk ? t.after : 0),
        ]);
        await writeFile(join(mols, 'm-tail.journal'), bytes);
        const reader = createLocalStore({ dir });
        expect(plain(value(await reader.load('m-tail')))).toEqual(plain(states[k]));
        const wrote = value(await reader.mutate('m-tail', completeStep(`s${k}`, 'again'))).mol;
        expect(plain(value(await createLocalStore({ dir }).load('m-tail')))).toEqual(plain(wrote));
      }),
      { numRuns: RUNS },
    );
  });
});
