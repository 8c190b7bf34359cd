/**
 * What Tab offers, from the descriptors: verbs, a verb's options, and for arguments and option
 * values what they name (molecule ids, step ids of the molecule typed before, formulas, files).
 */
import { describe, expect, it } from 'vitest';
import { candidates, type Lookups } from '../../../src/cli/completion/candidates.js';
import { VERBS } from '../../../src/cli/verbs.js';

const seen: { store?: string | undefined; molId?: string }[] = [];
const lookups: Lookups = {
  molecules: async (store) => {
    seen.push({ store });
    return ['hello-1a2b3c', 'hello-ffffff', 'shiny-000001'];
  },
  steps: async (molId, store) => {
    seen.push({ molId, store });
    return molId === 'hello-1a2b3c' ? ['greet', 'count', 'shout', 'join'] : [];
  },
  formulas: () => ['hello', 'shiny'],
};
const complete = (...words: string[]) => candidates(words, VERBS, lookups);

describe('completion candidates', () => {
  it('offers the verbs a user sees, by prefix, and not the hidden one', async () => {
    expect((await complete('')).words).toContain('status');
    expect((await complete('')).words).not.toContain('__complete');
    expect((await complete('r')).words).toEqual(['run', 'ready', 'retry', 'rollback', 'resume']);
    expect((await complete('--v')).words).toEqual(['--version']);
  });

  it("offers a verb's own options, --help among them", async () => {
    expect((await complete('run', '--j')).words).toEqual(['--jobs', '--json']);
    expect((await complete('status', 'x', '--')).words).toEqual([
      '--json',
      '--graph',
      '--watch',
      '--store',
      '--help',
    ]);
  });

  it('offers molecule ids, then the step ids of the molecule typed', async () => {
    expect((await complete('done', 'hello-')).words).toEqual(['hello-1a2b3c', 'hello-ffffff']);
    expect((await complete('done', 'hello-1a2b3c', '')).words).toEqual(['greet', 'count', 'shout', 'join']);
    expect((await complete('done', 'hello-1a2b3c', 's')).words).toEqual(['shout']);
    // Options before the id, and their values, are not arguments.
    expect((await complete('diff', '--json', 'hello-1a2b3c', 'g')).words).toEqual(['greet']);
    // A note after the step is free text: nothing to offer.
    expect((await complete('rollback', 'hello-1a2b3c', 'greet', '')).words).toEqual([]);
  });

  it('reads ids from the store --store names', async () => {
    seen.length = 0;
    await complete('status', '--store', '/tmp/s', '');
    await complete('done', '--store=/tmp/t', 'hello-1a2b3c', '');
    expect(seen).toEqual([{ store: '/tmp/s' }, { molId: 'hello-1a2b3c', store: '/tmp/t' }]);
  });

  it('offers formula names and files for a formula, folders for a DIR value, shells for completion', async () => {
    expect(await complete('pour', 'h')).toEqual({ words: ['hello'], files: 'file' });
    expect(await complete('run', '--formulas', '')).toEqual({ words: [], files: 'dir' });
    expect(await complete('run', '--jobs', '')).toEqual({ words: [] });
    expect((await complete('completion', '')).words).toEqual(['bash', 'zsh', 'fish']);
    expect((await complete('help', 'sq')).words).toEqual(['squash']);
  });

  it('offers nothing after an unknown verb', async () => {
    expect(await complete('frobnicate', '')).toEqual({ words: [] });
  });
});
