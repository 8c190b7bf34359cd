/**
 * A disk that fills while a step runs (issue 20, item 9): the step's command succeeded, then the
 * local store could not be written. `mol run` says so (ENOSPC, the path) and fails; it does not
 * call the step "in progress elsewhere". Once there is room, `mol resume` records the step without
 * running its command again: its exit status was written over space reserved before it ran.
 *
 * The disk is the store's real one filled by `MOL_FULL_DISK` (crash-point.ts: while the named file
 * exists, writes that need new space in the store fail with ENOSPC); where this process may mount
 * a 2 MiB tmpfs (root on Linux), the same run also goes on a really full file system.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, mol, useCliRepo } from '../helpers/cli.js';

interface MolJson {
  status: string;
  steps: Array<{ id: string; status: string; checkpoint?: { commit?: string; filesModified: string[] } }>;
}

const { cli, repo } = useCliRepo();

/**
 * A local formula whose first step records each run of its command outside the tree, waits longer
 * than the store keeps its lock after a write (local-store.ts `LINGER_MS`), then fills the disk:
 * recording the step needs a new lock file, which the full disk refuses. (Filled while the store
 * still held the lock, the disk gets back the lock's space when it is let go, and the step is
 * recorded in the journal's space reserved before: nothing to recover.)
 */
async function formula(fill: string): Promise<{ file: string; runs: string }> {
  const runs = join(repo.root, 'one.runs');
  const file = join(repo.root, 'full.formula.toml');
  await writeFile(
    file,
    `formula = "full"
execution = "local"
[[steps]]
id = "one"
run = '''
echo run >> "${runs}"
echo 1 > one.txt
sleep 0.3
${fill}
'''
[[steps]]
id = "two"
needs = ["one"]
run = 'echo 2 > two.txt'
`,
  );
  return { file, runs };
}

async function expectRecordedOnce(
  id: string,
  runs: string,
  store: string[],
  env: Record<string, string> = {},
): Promise<void> {
  const resumed = await mol(cli, ['resume', id, ...store], { cwd: repo.dir, env });
  expect(resumed.code).toBe(0);
  // A progress line: on stderr, as every verb that runs steps prints them.
  expect(resumed.stderr).toContain('one: its command had ended with success before mol stopped');
  expect((await readFile(runs, 'utf8')).trim().split('\n')).toEqual(['run']);
  const m = json<MolJson>(await mol(cli, ['status', id, '--json', ...store], { cwd: repo.dir }));
  expect(m.status).toBe('complete');
  const one = m.steps.find((s) => s.id === 'one');
  expect(one?.checkpoint?.filesModified).toEqual(['one.txt']);
  expect(await repo.git(['show', `${one?.checkpoint?.commit}:one.txt`])).toBe('1');
}

describe('a disk that fills while a step runs', () => {
  it('is reported as ENOSPC with the path, and resume records the step without running it again', async () => {
    const full = join(repo.root, 'disk-is-full');
    const { file, runs } = await formula(`: > "${full}"`);
    const env = { MOL_FULL_DISK: full };

    const ran = await mol(cli, ['run', file, '--id', 'fd1'], { cwd: repo.dir, env });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain('mol: the result of one could not be recorded');
    expect(ran.stderr).toMatch(/\.molecular\/\S+: ENOSPC: no space left on device/);
    expect(ran.stderr).toContain('mol resume fd1');
    expect(ran.stdout + ran.stderr).not.toContain('in progress elsewhere');

    await rm(full);
    await expectRecordedOnce('fd1', runs, [], env);
  }, 120_000);

  it('on a really full tmpfs, the same', async (ctx) => {
    const mount = join(repo.root, 'tmpfs');
    await mkdir(mount);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mount], { stdio: 'ignore' });
    } catch {
      ctx.skip(); // not root, or no mount here: the injected full disk above stands for it
    }
    try {
      const filler = join(mount, 'filler');
      const { file, runs } = await formula(`cat /dev/zero > "${filler}" 2>/dev/null || true`);
      const store = ['--store', join(mount, 'store')];

      const ran = await mol(cli, ['run', file, '--id', 'fd2', ...store], { cwd: repo.dir });
      expect(ran.code).toBe(1);
      expect(ran.stderr).toContain(`${mount}/store/`);
      expect(ran.stderr).toContain('ENOSPC: no space left on device');
      expect(ran.stdout + ran.stderr).not.toContain('in progress elsewhere');

      await rm(filler);
      await expectRecordedOnce('fd2', runs, store);
    } finally {
      execFileSync('umount', [mount], { stdio: 'ignore' });
    }
  }, 120_000);
});
