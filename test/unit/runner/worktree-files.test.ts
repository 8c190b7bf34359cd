/**
 * A step's worktree made and removed through its files (worktree-files.ts): git must see exactly
 * what `git worktree add -b` would have made — the same registration files, the branch at the
 * commit, a clean checkout — and what it cannot make as git would, it leaves to git untouched.
 */
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pathExists } from '../../../src/runner/path-exists.js';
import { addWorktreeByFiles, removeWorktreeByFiles } from '../../../src/runner/worktree-files.js';
import { makeTempRepo, type TempRepo } from '../../helpers/git.js';

let repo: TempRepo;
let commit: string;
beforeEach(async () => {
  repo = await makeTempRepo();
  await repo.write('src/app.txt', 'app\n');
  await repo.write('run.sh', '#!/bin/sh\necho hi\n');
  await chmod(join(repo.dir, 'run.sh'), 0o755);
  commit = await repo.commitAll('files');
});
afterEach(() => repo.cleanup());

const must = <T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

const admin = (id: string) => join(repo.dir, '.git', 'worktrees', id);
const registration = async (id: string, path: string) => ({
  gitdir: (await readFile(join(admin(id), 'gitdir'), 'utf8')).replace(path, '<path>'),
  commondir: await readFile(join(admin(id), 'commondir'), 'utf8'),
  HEAD: await readFile(join(admin(id), 'HEAD'), 'utf8'),
  link: (await readFile(join(path, '.git'), 'utf8')).replace(admin(id), '<admin>'),
});

describe('addWorktreeByFiles', () => {
  it('registers the worktree as git worktree add -b does, on a new branch at the commit, checked out clean', async () => {
    const path = join(repo.root, 'trees', 'm1', 's1');
    expect(must(await addWorktreeByFiles(repo.dir, 'molecular/m1/s1', path, commit))).toBe(commit);
    const twin = join(repo.root, 'twins', 's2');
    await repo.git(['worktree', 'add', '-q', '-b', 'molecular/m1/s2', twin, commit]);

    expect(await registration('s1', path)).toEqual({
      ...(await registration('s2', twin)),
      HEAD: 'ref: refs/heads/molecular/m1/s1\n',
    });
    expect(await pathExists(join(admin('s1'), 'locked'))).toBe(false);
    expect(await repo.git(['rev-parse', 'refs/heads/molecular/m1/s1'])).toBe(commit);
    expect(await repo.git(['status', '--porcelain', '--branch'], path)).toBe('## molecular/m1/s1');
    expect(await readFile(join(path, 'src/app.txt'), 'utf8')).toBe('app\n');
    expect((await stat(join(path, 'run.sh'))).mode & 0o111).not.toBe(0);
    const listed = await repo.git(['worktree', 'list', '--porcelain']);
    expect(listed).toContain(`worktree ${path}\nHEAD ${commit}\nbranch refs/heads/molecular/m1/s1`);
    // Git works in it and removes it as one of its own.
    await repo.write('new.txt', 'n\n', path);
    await repo.commitAll('in the worktree', path);
    await repo.git(['worktree', 'remove', '--force', path]);
    expect(await repo.git(['worktree', 'list', '--porcelain'])).not.toContain(path);
  });

  it('takes its base by name, looked up in the transaction that creates the branch; a name of nothing writes nothing', async () => {
    await repo.git(['branch', 'molecular/m1/plan', 'HEAD~1']);
    const path = join(repo.root, 'trees', 'm1', 'build');
    const base = await repo.git(['rev-parse', 'HEAD~1']);
    expect(
      must(await addWorktreeByFiles(repo.dir, 'molecular/m1/build', path, 'molecular/m1/plan^{commit}')),
    ).toBe(base);
    expect(await repo.git(['rev-parse', 'HEAD'], path)).toBe(base);

    const none = join(repo.root, 'trees', 'm1', 'none');
    expect(
      must(await addWorktreeByFiles(repo.dir, 'molecular/m1/none', none, 'molecular/m1/gone^{commit}')),
    ).toBeUndefined();
    // A line break would add a command of its own to the transaction: never sent.
    const sneaky = join(repo.root, 'trees', 'm1', 'sneaky');
    const injected = `${commit}\ndelete refs/heads/main`;
    expect(must(await addWorktreeByFiles(repo.dir, 'molecular/m1/sneaky', sneaky, injected))).toBeUndefined();
    for (const left of [none, sneaky, admin('none'), admin('sneaky')])
      expect(await pathExists(left)).toBe(false);
    expect(await repo.git(['branch', '--list', 'molecular/m1/none', 'molecular/m1/sneaky'])).toBe('');
    expect(await repo.git(['rev-parse', 'main'])).toBe(commit);
  });

  it('leaves an existing branch, and everything else, to git: nothing is written', async () => {
    await repo.git(['branch', 'molecular/m1/s1', 'HEAD~1']);
    const path = join(repo.root, 'trees', 'm1', 's1');
    expect(must(await addWorktreeByFiles(repo.dir, 'molecular/m1/s1', path, commit))).toBeUndefined();
    expect(await pathExists(path)).toBe(false);
    expect(await pathExists(admin('s1'))).toBe(false);
    expect(await repo.git(['rev-parse', 'molecular/m1/s1'])).toBe(await repo.git(['rev-parse', 'HEAD~1']));
  });

  it('leaves to git a worktree id git would rewrite, a folder that exists, and a repository whose worktrees inherit settings', async () => {
    const odd = join(repo.root, 'trees', 'm1', 'step.one');
    expect(must(await addWorktreeByFiles(repo.dir, 'molecular/m1/odd', odd, commit))).toBeUndefined();

    const there = join(repo.root, 'trees', 'm1', 'there');
    await mkdir(there, { recursive: true });
    expect(must(await addWorktreeByFiles(repo.dir, 'molecular/m1/there', there, commit))).toBeUndefined();
    expect(await pathExists(admin('there'))).toBe(false);

    await writeFile(join(repo.dir, '.git', 'config.worktree'), '[core]\n\tsparseCheckout = true\n');
    const sparse = join(repo.root, 'trees', 'm1', 's3');
    expect(must(await addWorktreeByFiles(repo.dir, 'molecular/m1/s3', sparse, commit))).toBeUndefined();
    expect(await repo.git(['branch', '--list', 'molecular/*'])).toBe('');
  });
});

describe('the worktree id', () => {
  it('is numbered as git numbers it when another molecule’s step has it, and a dead registration of the same folder is taken over', async () => {
    const other = join(repo.root, 'trees', 'm0', 'build');
    await repo.git(['worktree', 'add', '-q', '-b', 'molecular/m0/build', other, commit]);
    const path = join(repo.root, 'trees', 'm1', 'build');
    expect(must(await addWorktreeByFiles(repo.dir, 'molecular/m1/build', path, commit))).toBe(commit);
    expect(await readFile(join(path, '.git'), 'utf8')).toBe(`gitdir: ${admin('build1')}\n`);
    expect(await readFile(join(admin('build'), 'gitdir'), 'utf8')).toBe(`${join(other, '.git')}\n`);

    // A crash left a registration for this folder (its folder gone): it is dropped, not numbered past.
    const again = join(repo.root, 'trees', 'm2', 'ship');
    await mkdir(admin('ship'), { recursive: true });
    await writeFile(join(admin('ship'), 'locked'), 'initializing\n');
    await writeFile(join(admin('ship'), 'gitdir'), `${join(again, '.git')}\n`);
    expect(must(await addWorktreeByFiles(repo.dir, 'molecular/m2/ship', again, commit))).toBe(commit);
    expect(await readFile(join(again, '.git'), 'utf8')).toBe(`gitdir: ${admin('ship')}\n`);
    expect(await pathExists(join(admin('ship'), 'locked'))).toBe(false);
    expect(await repo.git(['worktree', 'prune', '--dry-run', '-v'])).toBe('');
    const listed = await repo.git(['worktree', 'list', '--porcelain']);
    for (const tree of [other, path, again]) expect(listed).toContain(`worktree ${tree}\n`);
  });
});

describe('removeWorktreeByFiles', () => {
  it('removes a registered worktree so that git has nothing left to prune', async () => {
    const path = join(repo.root, 'trees', 'm1', 's1');
    must(await addWorktreeByFiles(repo.dir, 'molecular/m1/s1', path, commit));
    await repo.write('scratch/untracked.txt', 'u\n', path);
    expect(await removeWorktreeByFiles(repo.dir, path)).toBe(true);
    expect(await pathExists(path)).toBe(false);
    expect(await repo.git(['worktree', 'prune', '--dry-run', '-v'])).toBe('');
    expect(await repo.git(['worktree', 'list', '--porcelain'])).not.toContain(path);
    // The branch and its work stay.
    expect(await repo.git(['rev-parse', 'molecular/m1/s1'])).toBe(commit);
  });

  it('leaves a locked worktree, and a folder that is not one, to git', async () => {
    const path = join(repo.root, 'trees', 'm1', 's1');
    await repo.git(['worktree', 'add', '-q', '--lock', '-b', 'molecular/m1/s1', path, commit]);
    expect(await removeWorktreeByFiles(repo.dir, path)).toBe(false);
    expect(await pathExists(path)).toBe(true);

    const plain = join(repo.root, 'plain');
    await mkdir(plain);
    await writeFile(join(plain, '.git'), `gitdir: ${join(repo.root, 'elsewhere')}\n`);
    expect(await removeWorktreeByFiles(repo.dir, plain)).toBe(false);
    expect(await pathExists(plain)).toBe(true);
  });
});
