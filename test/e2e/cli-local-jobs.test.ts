/**
 * `--jobs N` on a local molecule: its steps share the working tree and run one at a time, so mol
 * says once that the option has no effect there instead of ignoring it silently. A distributed
 * molecule, which does run steps side by side, gets no such note.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCliRepo } from '../helpers/cli.js';

const { repo, run } = useCliRepo();

const NOTE = /--jobs \d+ has no effect/;

/** A fork: two steps that need nothing, then a join. A step without `run` keeps it waiting. */
async function fork(execution: string, withManualStep = false): Promise<string> {
  const path = join(repo.flows, `fork-${execution}.formula.toml`);
  await writeFile(
    path,
    `formula = "fork-${execution}"
execution = "${execution}"
[[steps]]
id = "left"
run = 'echo l > left.txt'
[[steps]]
id = "right"
run = 'echo r > right.txt'
${withManualStep ? '[[steps]]\nid = "check"\nneeds = ["left", "right"]\n' : ''}`,
  );
  return path;
}

describe('--jobs on a local molecule', { timeout: 300_000 }, () => {
  it('mol run prints one note that local steps run one at a time, then runs them; distributed ones get none', async () => {
    const ran = await run(['run', await fork('local'), '--jobs', '3', '--id', 'lj1']);
    expect(ran.code, ran.stderr).toBe(0);
    const notes = ran.stderr.split('\n').filter((l) => NOTE.test(l));
    expect(notes).toEqual([
      'mol: note: --jobs 3 has no effect here: fork-local runs locally, one step at a time in the working tree (execution = "distributed" runs steps side by side)',
    ]);
    expect(ran.stdout).not.toMatch(NOTE);
    // A distributed molecule does run steps side by side: no note there.
    const spread = await run(['run', await fork('distributed'), '--jobs', '2', '--id', 'dj1']);
    expect(spread.code, spread.stderr).toBe(0);
    expect(spread.stderr).not.toMatch(NOTE);
  });

  it('mol resume and mol run <mol-id> say it too; without --jobs, or with 1, nothing is said', async () => {
    const first = await run(['run', await fork('local', true), '--id', 'lj2']);
    expect(first.code, first.stderr).toBe(3); // waits on `check`, which has no run
    expect(first.stderr).not.toMatch(NOTE);
    const resumed = await run(['resume', 'lj2', '-j', '2']);
    expect(resumed.code).toBe(3);
    expect(resumed.stderr).toMatch(NOTE);
    const again = await run(['run', 'lj2', '--jobs', '4']);
    expect(again.stderr).toMatch(/--jobs 4 has no effect/);
    const one = await run(['resume', 'lj2', '--jobs', '1']);
    expect(one.stderr).not.toMatch(NOTE);
  });
});
