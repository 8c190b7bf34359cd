/**
 * Ref transactions through one long-lived `git update-ref --stdin` per repository: several go
 * through one process; one git refuses changes nothing and the next still goes through; a process
 * killed between two (found among this process's children by its command line and directory) is
 * replaced and the next transaction is applied, once.
 */
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refTransaction } from '../../../src/runner/ref-transaction.js';
import { makeTempRepo, type TempRepo } from '../../helpers/git.js';

let repo: TempRepo;
let head: string;
beforeEach(async () => {
  repo = await makeTempRepo();
  head = await repo.git(['rev-parse', 'HEAD']);
});
afterEach(() => repo.cleanup());

const refs = () => repo.git(['for-each-ref', '--format=%(refname)', 'refs/test/']);

/** This process's `update-ref --stdin` children working in `dir` (Linux's /proc). */
function updateRefProcesses(dir: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (parent !== process.pid || !command.includes('update-ref')) continue;
      if (readlinkSync(`/proc/${name}/cwd`) === dir) found.push(Number(name));
    } catch {
      // Gone while we looked.
    }
  }
  return found;
}

describe.runIf(process.platform === 'linux')('refTransaction', () => {
  it('applies transactions one after another through one process', async () => {
    expect((await refTransaction(repo.dir, `update refs/test/a ${head}\n`)).ok).toBe(true);
    const first = updateRefProcesses(repo.dir);
    expect(first).toHaveLength(1);
    expect((await refTransaction(repo.dir, `update refs/test/b ${head}\ndelete refs/test/a\n`)).ok).toBe(
      true,
    );
    expect(updateRefProcesses(repo.dir)).toEqual(first);
    expect(await refs()).toBe('refs/test/b');
  });

  it('creates a branch with no reflog, where git by default would start one', async () => {
    expect((await refTransaction(repo.dir, `create refs/heads/molecular/m/s ${head}\n`)).ok).toBe(true);
    expect(await repo.git(['rev-parse', 'refs/heads/molecular/m/s'])).toBe(head);
    expect(existsSync(join(repo.dir, '.git/logs/refs/heads/molecular/m/s'))).toBe(false);
    await repo.git(['update-ref', 'refs/heads/theirs', head]);
    expect(existsSync(join(repo.dir, '.git/logs/refs/heads/theirs'))).toBe(true);
  });

  it('a refused transaction writes none of its lines, and the next one goes through', async () => {
    await repo.git(['update-ref', 'refs/test/there', head]);
    const refused = await refTransaction(repo.dir, `update refs/test/new ${head}\nverify refs/test/there\n`);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toMatch(/refs\/test\/there/);
    expect(await refs()).toBe('refs/test/there');
    expect((await refTransaction(repo.dir, `update refs/test/new ${head}\n`)).ok).toBe(true);
    expect(await refs()).toBe('refs/test/new\nrefs/test/there');
  });

  it('a process killed between two transactions is replaced; the next is applied once', async () => {
    expect((await refTransaction(repo.dir, `update refs/test/a ${head}\n`)).ok).toBe(true);
    const [killed] = updateRefProcesses(repo.dir);
    expect(killed).toBeDefined();
    process.kill(killed as number, 'SIGKILL');
    // Whether the runner notices the death before or during the next transaction, it goes through.
    const next = await refTransaction(repo.dir, `update refs/test/b ${head} ${'0'.repeat(head.length)}\n`);
    const again = next.ok
      ? next
      : await refTransaction(repo.dir, `update refs/test/b ${head} ${'0'.repeat(head.length)}\n`);
    expect(again.ok).toBe(true);
    expect(await refs()).toBe('refs/test/a\nrefs/test/b');
    expect(updateRefProcesses(repo.dir)).not.toContain(killed);
  });
});
