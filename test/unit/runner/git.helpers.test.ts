import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commitStep } from '../../../src/runner/commit-step.js';
import { diffStep } from '../../../src/runner/diff-step.js';
import { deleteMoleculeBranches } from '../../../src/runner/molecule-branches.js';
import { pathExists } from '../../../src/runner/path-exists.js';
import { prepareWorkspace } from '../../../src/runner/prepare-workspace.js';
import { pushBranch } from '../../../src/runner/push-branch.js';
import { resetBranch } from '../../../src/runner/reset-branch.js';
import { listLeftoverWorktrees, removeWorktree } from '../../../src/runner/worktrees.js';
import { makeTempRepo, type TempRepo } from '../../helpers/git.js';

let repo: TempRepo;
let worktreeRoot: string;
beforeEach(async () => {
  repo = await makeTempRepo();
  worktreeRoot = join(repo.root, 'worktrees');
});
afterEach(() => repo.cleanup());

const worktree = async (stepId: string, molId = 'm1') => {
  const ws = await prepareWorkspace({
    repoDir: repo.dir,
    molId,
    stepId,
    execution: 'distributed',
    baseBranches: [],
    baseRef: 'main',
    worktreeRoot,
  });
  if (!ws.ok) throw new Error(ws.error.message);
  return ws.value;
};

describe('commitStep', () => {
  // A machine with no git identity at all: no global or system config, no author variables.
  const saved = { ...process.env };
  let emptyHome: string;
  beforeAll(async () => {
    emptyHome = await realpath(await mkdtemp(join(tmpdir(), 'mol-home-')));
    Object.assign(process.env, { HOME: emptyHome, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' });
    for (const key of [
      'GIT_AUTHOR_NAME',
      'GIT_AUTHOR_EMAIL',
      'GIT_COMMITTER_NAME',
      'GIT_COMMITTER_EMAIL',
      'EMAIL',
    ])
      delete process.env[key];
  });
  afterAll(async () => {
    process.env = saved;
    await rm(emptyHome, { recursive: true, force: true });
  });

  it('commits everything, as Molecular, with trailers, and lists the files changed since the base', async () => {
    const ws = await worktree('s1');
    await repo.write('new.txt', 'n\n', ws.cwd);
    await repo.write('README.md', 'changed\n', ws.cwd);
    const result = await commitStep({
      cwd: ws.cwd,
      molId: 'm1',
      stepId: 's1',
      message: 'Step one',
      baseCommit: ws.baseCommit,
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.committed).toBe(true);
    expect(result.value.filesModified.sort()).toEqual(['README.md', 'new.txt']);
    expect(result.value.commit).toBe(await repo.git(['rev-parse', 'HEAD'], ws.cwd));
    const log = await repo.git(['log', '-1', '--format=%an <%ae>%n%B'], ws.cwd);
    expect(log).toContain('Molecular <molecular@users.noreply.github.com>');
    expect(log).toContain('Step one');
    expect(log).toContain('Molecule: m1\nStep: s1');
    expect(await repo.git(['status', '--porcelain'], ws.cwd)).toBe('');
  });

  it('with nothing to commit, makes no commit and reports the base as HEAD', async () => {
    const ws = await worktree('s1');
    const result = await commitStep({
      cwd: ws.cwd,
      molId: 'm1',
      stepId: 's1',
      message: 'nothing',
      baseCommit: ws.baseCommit,
    });
    expect(result.ok && result.value).toEqual({ commit: ws.baseCommit, committed: false, filesModified: [] });
  });

  it('counts files against the step base across several commits, and handles odd file names', async () => {
    const ws = await worktree('s1');
    await repo.write('first.txt', '1', ws.cwd);
    await repo.commitAll('by hand', ws.cwd);
    await repo.write('with space\nand newline.txt', '2', ws.cwd);
    const result = await commitStep({
      cwd: ws.cwd,
      molId: 'm1',
      stepId: 's1',
      message: 'm',
      baseCommit: ws.baseCommit,
    });
    expect(result.ok && result.value.filesModified.sort()).toEqual([
      'first.txt',
      'with space\nand newline.txt',
    ]);
  });
});

describe('pushBranch', () => {
  it('pushes the step branch to the remote, and force-pushes a rebuilt one', async () => {
    const ws = await worktree('s1');
    await repo.write('a.txt', 'a', ws.cwd);
    const first = await commitStep({ cwd: ws.cwd, molId: 'm1', stepId: 's1', message: 'a' });
    const pushed = await pushBranch({ cwd: ws.cwd, remote: 'origin', branch: 'molecular/m1/s1' });
    expect(pushed.ok && first.ok && pushed.value.commit).toBe(first.ok && first.value.commit);
    expect(await repo.git(['rev-parse', 'refs/heads/molecular/m1/s1'], repo.remote)).toBe(
      first.ok ? first.value.commit : '',
    );

    // A retry rebuilds the branch from main: not a fast-forward of what the remote has.
    const retry = await worktree('s1');
    await repo.write('b.txt', 'b', retry.cwd);
    const second = await commitStep({ cwd: retry.cwd, molId: 'm1', stepId: 's1', message: 'b' });
    expect((await pushBranch({ cwd: retry.cwd, remote: 'origin', branch: 'molecular/m1/s1' })).ok).toBe(true);
    expect(await repo.git(['rev-parse', 'refs/heads/molecular/m1/s1'], repo.remote)).toBe(
      second.ok ? second.value.commit : '',
    );
  });

  it('fails with a value for a missing branch or an unreachable remote', async () => {
    const missing = await pushBranch({ cwd: repo.dir, remote: 'origin', branch: 'molecular/m1/none' });
    expect(!missing.ok && missing.error.code).toBe('unknown-branch');
    const unreachable = await pushBranch({
      cwd: repo.dir,
      remote: join(repo.root, 'nowhere.git'),
      branch: 'main',
    });
    expect(!unreachable.ok && unreachable.error.code).toBe('push-failed');
    const option = await pushBranch({ cwd: repo.dir, remote: '--upload-pack=touch /tmp/x', branch: 'main' });
    expect(!option.ok && option.error.code).toBe('invalid-remote');
  });
});

describe('diffStep and resetBranch (mol diff, mol rollback)', () => {
  it('lists added, modified and deleted files between a base and a branch', async () => {
    await repo.write('old.txt', 'o');
    await repo.write('keep.txt', 'k');
    const base = await repo.commitAll('base');
    const ws = await worktree('s1');
    await repo.write('keep.txt', 'k2', ws.cwd);
    await repo.write('added.txt', 'a', ws.cwd);
    await rm(join(ws.cwd, 'old.txt'));
    await commitStep({ cwd: ws.cwd, molId: 'm1', stepId: 's1', message: 'm' });
    const diff = await diffStep({ repoDir: repo.dir, baseRef: base, branchOrCommit: 'molecular/m1/s1' });
    expect(diff.ok && diff.value).toEqual({
      added: ['added.txt'],
      modified: ['keep.txt'],
      deleted: ['old.txt'],
    });
    const unknown = await diffStep({ repoDir: repo.dir, baseRef: 'main', branchOrCommit: 'no-such-branch' });
    expect(!unknown.ok && unknown.error.code).toBe('unknown-ref');
  });

  it('moves a branch back to a checkpoint commit, also when it is checked out in a worktree', async () => {
    const ws = await worktree('s1');
    await repo.write('one.txt', '1', ws.cwd);
    const c1 = await commitStep({ cwd: ws.cwd, molId: 'm1', stepId: 's1', message: '1' });
    await repo.write('two.txt', '2', ws.cwd);
    await commitStep({ cwd: ws.cwd, molId: 'm1', stepId: 's1', message: '2' });
    if (!c1.ok) throw new Error(c1.error.message);

    const reset = await resetBranch({
      repoDir: repo.dir,
      branch: 'molecular/m1/s1',
      commit: c1.value.commit,
    });
    expect(reset.ok && reset.value.to).toBe(c1.value.commit);
    expect(await repo.git(['rev-parse', 'HEAD'], ws.cwd)).toBe(c1.value.commit);
    expect(await pathExists(join(ws.cwd, 'two.txt'))).toBe(false);

    // Not checked out anywhere: the ref moves.
    await removeWorktree({ repoDir: repo.dir, path: ws.cwd });
    const toBase = await resetBranch({ repoDir: repo.dir, branch: 'molecular/m1/s1', commit: ws.baseCommit });
    expect(toBase.ok).toBe(true);
    expect(await repo.git(['rev-parse', 'molecular/m1/s1'])).toBe(ws.baseCommit);
  });

  it('refuses to reset over uncommitted changes to tracked files unless forced; keeps untracked files', async () => {
    const ws = await worktree('s1');
    await repo.write('one.txt', '1', ws.cwd);
    await commitStep({ cwd: ws.cwd, molId: 'm1', stepId: 's1', message: '1' });
    await repo.write('one.txt', 'edited', ws.cwd);
    await repo.write('unsaved.txt', 'precious', ws.cwd);
    const reset = (force?: boolean) =>
      resetBranch({
        repoDir: repo.dir,
        branch: 'molecular/m1/s1',
        commit: ws.baseCommit,
        ...(force === undefined ? {} : { force }),
      });
    const refused = await reset();
    expect(!refused.ok && refused.error.code).toBe('dirty-worktree');
    expect(!refused.ok && refused.error.message).toMatch(
      /has uncommitted changes to file one\.txt; .*--force.* \(untracked files are kept either way\)/,
    );
    expect(await readFile(join(ws.cwd, 'one.txt'), 'utf8')).toBe('edited');
    const forced = await reset(true);
    expect(forced.ok).toBe(true);
    expect(await repo.git(['rev-parse', 'HEAD'], ws.cwd)).toBe(ws.baseCommit);
    expect(await pathExists(join(ws.cwd, 'one.txt'))).toBe(false);
    // What --force says it keeps, it keeps.
    expect(await readFile(join(ws.cwd, 'unsaved.txt'), 'utf8')).toBe('precious');
  });

  it('an untracked file alone does not stop a rollback, and stays; one the target tracks does', async () => {
    const ws = await worktree('s1');
    await repo.write('one.txt', '1', ws.cwd);
    const first = await commitStep({ cwd: ws.cwd, molId: 'm1', stepId: 's1', message: '1' });
    if (!first.ok) throw new Error(first.error.message);
    await repo.git(['rm', '-q', 'one.txt'], ws.cwd);
    await commitStep({ cwd: ws.cwd, molId: 'm1', stepId: 's2', message: '2' });
    await repo.write('notes.txt', 'mine', ws.cwd);
    const options = { repoDir: repo.dir, branch: 'molecular/m1/s1', commit: first.value.commit };
    await repo.write('one.txt', 'mine too', ws.cwd);
    const clash = await resetBranch({ ...options, force: true });
    expect(!clash.ok && clash.error.message).toMatch(
      /untracked file one\.txt, which the commit rolled back to tracks/,
    );
    await rm(join(ws.cwd, 'one.txt'));
    expect((await resetBranch(options)).ok).toBe(true);
    expect(await readFile(join(ws.cwd, 'notes.txt'), 'utf8')).toBe('mine');
  });
});

describe('deleteMoleculeBranches, listLeftoverWorktrees, removeWorktree (mol burn, mol gc)', () => {
  it('deletes exactly the molecule’s branches, worktrees included, locally and on the remote', async () => {
    for (const step of ['a', 'b']) {
      const ws = await worktree(step, 'm1');
      await repo.write(`${step}.txt`, step, ws.cwd);
      await commitStep({ cwd: ws.cwd, molId: 'm1', stepId: step, message: step });
      await pushBranch({ cwd: ws.cwd, remote: 'origin', branch: `molecular/m1/${step}` });
    }
    const other = await worktree('a', 'm10'); // a molecule whose id starts with the same text
    await pushBranch({ cwd: other.cwd, remote: 'origin', branch: 'molecular/m10/a' });

    const deleted = await deleteMoleculeBranches({ repoDir: repo.dir, molId: 'm1', remote: 'origin' });
    if (!deleted.ok) throw new Error(deleted.error.message);
    expect(deleted.value.local.sort()).toEqual(['molecular/m1/a', 'molecular/m1/b']);
    expect(deleted.value.remote.sort()).toEqual(['molecular/m1/a', 'molecular/m1/b']);
    expect(await repo.git(['branch', '--list', 'molecular/*'])).toBe('+ molecular/m10/a');
    expect(
      await repo.git(['for-each-ref', '--format=%(refname)', 'refs/heads/molecular/'], repo.remote),
    ).toBe('refs/heads/molecular/m10/a');
    expect(await pathExists(join(worktreeRoot, 'm1', 'a'))).toBe(false);
    expect(await pathExists(other.cwd)).toBe(true);

    const again = await deleteMoleculeBranches({ repoDir: repo.dir, molId: 'm1', remote: 'origin' });
    expect(again.ok && again.value).toEqual({ local: [], remote: [] });
  });

  it('lists the worktrees under the root with their molecule and step, and removes one', async () => {
    await worktree('s1', 'm1');
    await worktree('s2', 'm2');
    const listed = await listLeftoverWorktrees({ repoDir: repo.dir, worktreeRoot });
    if (!listed.ok) throw new Error(listed.error.message);
    expect(listed.value.map((t) => [t.molId, t.stepId, t.branch])).toEqual([
      ['m1', 's1', 'molecular/m1/s1'],
      ['m2', 's2', 'molecular/m2/s2'],
    ]);
    const target = listed.value[0];
    if (!target) throw new Error('none');
    await repo.write('scratch.txt', 'untracked', target.path);
    expect(
      (await removeWorktree({ repoDir: repo.dir, path: target.path, deleteBranch: 'molecular/m1/s1' })).ok,
    ).toBe(true);
    expect(await pathExists(target.path)).toBe(false);
    expect(await repo.git(['branch', '--list', 'molecular/m1/s1'])).toBe('');
    const after = await listLeftoverWorktrees({ repoDir: repo.dir, worktreeRoot });
    expect(after.ok && after.value.map((t) => t.molId)).toEqual(['m2']);
  });

  it('forgets a worktree whose folder was deleted by hand', async () => {
    const ws = await worktree('s1');
    await rm(ws.cwd, { recursive: true, force: true });
    const listed = await listLeftoverWorktrees({ repoDir: repo.dir, worktreeRoot });
    expect(listed.ok && listed.value[0]?.prunable).toBe(true);
    expect((await removeWorktree({ repoDir: repo.dir, path: ws.cwd })).ok).toBe(true);
    const after = await listLeftoverWorktrees({ repoDir: repo.dir, worktreeRoot });
    expect(after.ok && after.value).toEqual([]);
  });
});
