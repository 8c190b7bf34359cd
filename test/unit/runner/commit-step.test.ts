/**
 * A step's commit told by the `git status` read just before it (tree-status.ts): files git tracks
 * are committed with no `git add` (deletions too), a person's changed files stay out, and the
 * commit's files are the status's own unless one is intricate (staged, then changed again), which
 * git is asked about. Each answer is checked against git's own view of the commit.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitStep } from '../../../src/runner/commit-step.js';
import { pathExists } from '../../../src/runner/path-exists.js';
import { treeStatus } from '../../../src/runner/tree-status.js';
import { makeTempRepo, type TempRepo } from '../../helpers/git.js';

let repo: TempRepo;
let base: string;
beforeEach(async () => {
  repo = await makeTempRepo();
  await repo.write('a.txt', 'a\n');
  await repo.write('b.txt', 'b\n');
  await repo.write('mine.txt', 'mine\n');
  base = await repo.commitAll('files');
});
afterEach(() => repo.cleanup());

const must = <T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

async function commitAfterStatus(exclude: string[] = [], reflog?: boolean) {
  const status = must(await treeStatus(repo.dir));
  if (status === undefined) throw new Error('no status');
  return must(
    await commitStep({
      cwd: repo.dir,
      molId: 'm',
      stepId: 's',
      message: 's',
      baseCommit: base,
      exclude,
      status,
      ...(reflog === undefined ? {} : { reflog }),
    }),
  );
}

const filesOf = async (commit: string) =>
  (await repo.git(['diff-tree', '--no-commit-id', '--name-only', '-r', '--no-renames', `${commit}^`, commit]))
    .split('\n')
    .filter(Boolean);

describe('commitStep after a status', () => {
  it("commits tracked changes and a deletion with no add, leaving a person's changed file out", async () => {
    await repo.write('mine.txt', 'person\n');
    const preexisting = ['mine.txt'];
    await repo.write('b.txt', 'changed\n');
    await rm(join(repo.dir, 'a.txt'));
    const made = await commitAfterStatus(preexisting);
    expect(made.committed).toBe(true);
    expect(made.commit).toBe(await repo.git(['rev-parse', 'HEAD']));
    expect(made.filesModified).toEqual(await filesOf(made.commit));
    expect(made.filesModified).toEqual(['a.txt', 'b.txt']);
    expect(await repo.git(['status', '--porcelain'])).toBe('M mine.txt');
  });

  it('adds untracked files, and lists files in git’s order', async () => {
    await repo.write('z/new.txt', 'n\n');
    await repo.write('b.txt', 'changed\n');
    await repo.write('a-new.txt', 'x\n');
    const made = await commitAfterStatus();
    expect(made.filesModified).toEqual(await filesOf(made.commit));
    expect(made.filesModified).toEqual(['a-new.txt', 'b.txt', 'z/new.txt']);
    expect(await repo.git(['status', '--porcelain'])).toBe('');
  });

  it('asks git for the files when one was staged and then changed back', async () => {
    await repo.write('a.txt', 'staged\n');
    await repo.git(['add', 'a.txt']);
    await repo.write('a.txt', 'a\n');
    await repo.write('b.txt', 'changed\n');
    const made = await commitAfterStatus();
    expect(made.filesModified).toEqual(['b.txt']);
    expect(made.filesModified).toEqual(await filesOf(made.commit));
  });

  it('asks git for the files when one was taken out of the index and left untracked', async () => {
    await repo.git(['rm', '-q', '--cached', 'a.txt']);
    await repo.write('b.txt', 'changed\n');
    const made = await commitAfterStatus();
    expect(made.filesModified).toEqual(['b.txt']);
    expect(made.filesModified).toEqual(await filesOf(made.commit));
  });

  it('starts no reflog for the branch where none is wanted, and keeps the reflog a checkout has', async () => {
    const logOf = (branch: string) => join(repo.dir, '.git/logs/refs/heads', branch);
    for (const [branch, reflog] of [
      ['step', false],
      ['mine', true],
    ] as const) {
      await repo.git(['-c', 'core.logAllRefUpdates=false', 'checkout', '-q', '-b', branch, base]);
      await repo.write('b.txt', `${branch}\n`);
      await commitAfterStatus([], reflog);
      expect(await pathExists(logOf(branch))).toBe(reflog);
    }
  });
});
