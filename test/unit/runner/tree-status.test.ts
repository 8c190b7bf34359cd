import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { treeStatus } from '../../../src/runner/tree-status.js';
import { makeTempRepo, type TempRepo } from '../../helpers/git.js';

let repo: TempRepo;
beforeEach(async () => {
  repo = await makeTempRepo();
});
afterEach(() => repo.cleanup());

const must = <T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe('treeStatus', () => {
  it('answers HEAD, its branch and every changed path (staged, unstaged, deleted, untracked), in one process', async () => {
    await repo.write('tracked.txt', 'a\n');
    await repo.write('gone.txt', 'g\n');
    await repo.write('dir with space/kept file.txt', 'k\n');
    await repo.commitAll('files');
    await repo.write('tracked.txt', 'changed\n');
    await repo.write('staged new.txt', 's\n');
    await repo.git(['add', 'staged new.txt']);
    // Changed again after it was staged: what a commit of the tree holds depends on more than its path.
    await repo.write('staged new.txt', 's2\n');
    await rm(join(repo.dir, 'gone.txt'));
    await repo.write('dir with space/kept file.txt', 'changed\n');
    await repo.write('untracked/deep/new.txt', 'u\n');
    await repo.write('tab\there.txt', 't\n');
    const status = must(await treeStatus(repo.dir));
    expect(status?.head).toBe(await repo.git(['rev-parse', 'HEAD']));
    expect(status?.branch).toBe('main');
    expect([...(status?.changed ?? [])].sort()).toEqual([
      'dir with space/kept file.txt',
      'gone.txt',
      'staged new.txt',
      'tab\there.txt',
      'tracked.txt',
      'untracked/deep/new.txt',
    ]);
    expect([...(status?.untracked ?? [])].sort()).toEqual(['tab\there.txt', 'untracked/deep/new.txt']);
    expect(status?.intricate).toEqual(['staged new.txt']);
  });

  it('says so on a detached HEAD, and leaves an unborn branch to the long way', async () => {
    await repo.git(['checkout', '-q', '--detach']);
    expect(must(await treeStatus(repo.dir))).toEqual({
      head: await repo.git(['rev-parse', 'HEAD']),
      branch: undefined,
      changed: [],
      untracked: [],
      intricate: [],
    });
    await repo.git(['checkout', '-q', '--orphan', 'empty']);
    expect(must(await treeStatus(repo.dir))).toBeUndefined();
  });
});
