/**
 * `mol rollback` of a local molecule through the real binary and real git: it only takes the
 * molecule's own commits off the branch. A person's commit after the steps makes it refuse (one
 * line, nothing changed) unless `--force`; afterwards the steps sent back show no old commit.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, useCliRepo } from '../helpers/cli.js';
import { localStateText } from '../helpers/local-molecule.js';

let file: string;

const { repo, run } = useCliRepo(async (repo) => {
  file = join(repo.flows, 'pair.formula.toml');
  await writeFile(
    file,
    `formula = "pair"
execution = "local"
[[steps]]
id = "one"
run = 'echo 1 > one.txt'
[[steps]]
id = "two"
needs = ["one"]
run = 'echo 2 > two.txt'
`,
  );
});

interface MolJson {
  status: string;
  steps: Array<{ id: string; status: string; checkpoint?: { commit?: string } }>;
}

const status = async (id: string) => json<MolJson>(await run(['status', id, '--json']));
const stateFile = (id: string) => localStateText(repo.dir, id);

/** Runs the pair to completion; returns the commits of its two steps. */
async function ranPair(id: string): Promise<{ one: string; two: string }> {
  const ran = await run(['run', file, '--id', id]);
  expect(ran.code, ran.stderr).toBe(0);
  const steps = (await status(id)).steps;
  const one = steps[0]?.checkpoint?.commit ?? '';
  const two = steps[1]?.checkpoint?.commit ?? '';
  expect(await repo.git(['rev-parse', 'HEAD'])).toBe(two);
  return { one, two };
}

describe('mol rollback', { timeout: 300_000 }, () => {
  it("refuses to drop a person's own commit, changing nothing; --force drops it", async () => {
    const { one, two } = await ranPair('rb1');
    await repo.write('mine.txt', 'my own work\n');
    const mine = await repo.commitAll('my own work on top');
    const stateBefore = await stateFile('rb1');

    const refused = await run(['rollback', 'rb1', 'one']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr.trimEnd().split('\n')).toEqual([
      `mol: rolling main back would drop a commit that is not molecule rb1's: ${mine.slice(0, 7)} "my own work on top"; nothing was changed (mol rollback --force drops it too)`,
    ]);
    expect(await repo.git(['rev-parse', 'HEAD'])).toBe(mine);
    expect(await repo.git(['status', '--porcelain'])).toBe('');
    expect(await stateFile('rb1')).toBe(stateBefore);

    const forced = await run(['rollback', 'rb1', 'one', '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await repo.git(['rev-parse', 'HEAD'])).toBe(one);
    const after = await status('rb1');
    expect(after.steps.map((s) => [s.id, s.status, s.checkpoint?.commit])).toEqual([
      ['one', 'completed', one],
      ['two', 'ready', undefined],
    ]);
    expect((await run(['status', 'rb1'])).stdout).not.toContain(two.slice(0, 7));
  });

  it("rolls back over the molecule's own commits without --force; the reset steps show no old commit", async () => {
    const { one, two } = await ranPair('rb2');
    const back = await run(['rollback', 'rb2', 'one']);
    expect(back.code, back.stderr).toBe(0);
    expect(await repo.git(['rev-parse', 'HEAD'])).toBe(one);
    const shown = await run(['status', 'rb2']);
    expect(shown.stdout).toContain(one.slice(0, 7));
    expect(shown.stdout).not.toContain(two.slice(0, 7));
    expect((await status('rb2')).steps[1]?.checkpoint).toBeUndefined();

    // Run again, and back to the base: every step's commit goes, and so does every checkpoint.
    const again = await run(['resume', 'rb2']);
    expect(again.code, again.stderr).toBe(0);
    const base = await run(['rollback', 'rb2']);
    expect(base.code, base.stderr).toBe(0);
    expect((await status('rb2')).steps.map((s) => s.checkpoint)).toEqual([undefined, undefined]);
    expect(await repo.git(['log', '--format=%s'])).toBe('initial commit');
  });
});
