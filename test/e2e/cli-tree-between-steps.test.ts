/**
 * Local steps one after another in the working tree: each starts from the tree the step before
 * left, taken from that step's own reading where nothing ran since (step-host.ts `treeAfter`),
 * read again where something did. Either way a person's work in progress and a file a gate wrote
 * are the next step's "before" and stay out of its commit, and every step commits its own files.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, useCliRepo } from '../helpers/cli.js';

interface MolJson {
  status: string;
  steps: Array<{ id: string; status: string; checkpoint?: { commit?: string; filesModified: string[] } }>;
}

const { repo, run } = useCliRepo(async (repo) => {
  await repo.write('notes.txt', 'tracked\n');
  await repo.commitAll('notes');
  // A person's work in progress: a tracked file changed, one staged, one untracked.
  await repo.write('notes.txt', 'mine\n');
  await repo.write('staged.txt', 'staged\n');
  await repo.git(['add', 'staged.txt']);
  await repo.write('scratch.txt', 'scratch\n');
});

describe('the tree between two local steps', () => {
  it('keeps a person’s changes and a gate’s file out of every later step’s commit', async () => {
    const file = join(repo.root, 'between.formula.toml');
    await writeFile(
      file,
      `formula = "between"
execution = "local"
[[steps]]
id = "one"
run = 'echo 1 > one.txt'
gates = [{ type = "command", run = "echo report > gate-report.txt" }]
[[steps]]
id = "two"
needs = ["one"]
run = 'echo 2 > two.txt && echo more >> notes.txt'
[[steps]]
id = "three"
needs = ["two"]
run = 'echo 3 > three.txt && rm one.txt'
[[steps]]
id = "four"
needs = ["three"]
run = 'echo 4 > four.txt'
`,
    );
    const ran = await run(['run', file, '--id', 'tb1']);
    expect(ran.code).toBe(0);
    const m = json<MolJson>(await run(['status', 'tb1', '--json']));
    expect(m.status).toBe('complete');
    const files = Object.fromEntries(m.steps.map((s) => [s.id, s.checkpoint?.filesModified]));
    expect(files).toEqual({
      one: ['one.txt'],
      two: ['two.txt'],
      three: ['one.txt', 'three.txt'],
      four: ['four.txt'],
    });
    // Each step's commit holds its files alone, one on top of the other.
    const commits = m.steps.map((s) => s.checkpoint?.commit as string);
    for (const [i, commit] of commits.entries()) {
      const shown = await repo.git(['show', '--name-only', '--format=%P', commit]);
      const [parent, ...paths] = shown.split('\n').filter((line) => line !== '');
      expect(parent).toBe(i === 0 ? await repo.git(['rev-parse', `${commits[0]}~1`]) : commits[i - 1]);
      expect(paths).toEqual(files[m.steps[i]?.id as string]);
    }
    expect(await repo.git(['rev-parse', 'HEAD'])).toBe(commits.at(-1));
    // What the person and the gate left is where they left it, uncommitted.
    expect(await repo.git(['diff', '--name-only'])).toBe('notes.txt');
    expect(await repo.git(['diff', '--cached', '--name-only'])).toBe('staged.txt');
    expect(await repo.git(['ls-files', '--others', '--exclude-standard'])).toBe(
      'gate-report.txt\nscratch.txt',
    );
    expect(await readFile(join(repo.dir, 'notes.txt'), 'utf8')).toBe('mine\nmore\n');
  });
});
