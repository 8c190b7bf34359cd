import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitStep } from '../../../src/runner/commit-step.js';
import { pathExists } from '../../../src/runner/path-exists.js';
import { prepareWorkspace, type Workspace } from '../../../src/runner/prepare-workspace.js';
import { listWorktrees, removeWorktree } from '../../../src/runner/worktrees.js';
import { makeTempRepo, type TempRepo } from '../../helpers/git.js';

let repo: TempRepo;
let worktreeRoot: string;
beforeEach(async () => {
  repo = await makeTempRepo();
  worktreeRoot = join(repo.root, 'worktrees');
});
afterEach(() => repo.cleanup());

const prepare = async (stepId: string, baseBranches: string[] = [], molId = 'm1') => {
  const result = await prepareWorkspace({
    repoDir: repo.dir,
    molId,
    stepId,
    execution: 'distributed',
    baseBranches,
    baseRef: 'main',
    worktreeRoot,
  });
  return result;
};
const must = async (stepId: string, baseBranches: string[] = [], molId = 'm1'): Promise<Workspace> => {
  const result = await prepare(stepId, baseBranches, molId);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};
/** Does a step's work: writes files in its worktree and commits them on its branch. */
const work = async (ws: Workspace, files: Record<string, string>, stepId: string) => {
  for (const [path, content] of Object.entries(files)) await repo.write(path, content, ws.cwd);
  const commit = await commitStep({
    cwd: ws.cwd,
    molId: 'm1',
    stepId,
    message: stepId,
    baseCommit: ws.baseCommit,
  });
  if (!commit.ok) throw new Error(commit.error.message);
  await removeWorktree({ repoDir: repo.dir, path: ws.cwd });
  return commit.value;
};

describe('prepareWorkspace: distributed', () => {
  it('gives each step a worktree on molecular/<mol>/<step>, and the next step sees the previous step’s work', async () => {
    const s1 = await must('s1');
    expect(s1.cwd).toBe(join(worktreeRoot, 'm1', 's1'));
    expect(s1.branch).toBe('molecular/m1/s1');
    expect(s1.baseCommit).toBe(await repo.git(['rev-parse', 'main']));
    expect(await repo.git(['rev-parse', '--abbrev-ref', 'HEAD'], s1.cwd)).toBe('molecular/m1/s1');
    const c1 = await work(s1, { 'design.md': 'the design\n' }, 's1');
    expect(await repo.git(['rev-parse', 'molecular/m1/s1'])).toBe(c1.commit);

    const s2 = await must('s2', ['molecular/m1/s1']);
    expect(await readFile(join(s2.cwd, 'design.md'), 'utf8')).toBe('the design\n');
    expect(s2.baseCommit).toBe(c1.commit);
    // The main working tree is untouched.
    expect(await pathExists(join(repo.dir, 'design.md'))).toBe(false);
  });

  it('fork-join: the join starts from the merge of both parents and sees both files', async () => {
    await work(await must('left'), { 'left.txt': 'L\n' }, 'left');
    await work(await must('right'), { 'right.txt': 'R\n' }, 'right');
    const join2 = await must('join', ['molecular/m1/left', 'molecular/m1/right']);
    expect(await readFile(join(join2.cwd, 'left.txt'), 'utf8')).toBe('L\n');
    expect(await readFile(join(join2.cwd, 'right.txt'), 'utf8')).toBe('R\n');
    const parents = (await repo.git(['rev-list', '--parents', '-n', '1', 'HEAD'], join2.cwd)).split(' ');
    expect(parents).toHaveLength(3); // a real merge commit
    expect(await repo.git(['log', '-1', '--format=%an <%ae>'], join2.cwd)).toBe(
      'Molecular <molecular@users.noreply.github.com>',
    );
  });

  it('merge conflict: names the conflicting path and leaves nothing half-merged behind', async () => {
    await repo.write('shared.txt', 'line one\n');
    await repo.commitAll('shared file');
    await work(await must('a'), { 'shared.txt': 'line one from a\n', 'only-a.txt': 'a\n' }, 'a');
    await work(await must('b'), { 'shared.txt': 'line one from b\n' }, 'b');
    const result = await prepare('join', ['molecular/m1/a', 'molecular/m1/b']);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('merge-conflict');
    expect(result.error.message).toContain('shared.txt');
    expect(result.error.message).not.toContain('only-a.txt');
    expect(result.error.diagnostics?.map((d) => d.file)).toEqual(['shared.txt']);
    // Clean: no join worktree or branch, the main tree untouched, no merge in progress anywhere.
    expect(await pathExists(join(worktreeRoot, 'm1', 'join'))).toBe(false);
    expect(await repo.git(['branch', '--list', 'molecular/m1/join'])).toBe('');
    expect(await repo.git(['status', '--porcelain'])).toBe('');
    const trees = await listWorktrees(repo.dir);
    expect(trees.ok && trees.value.map((t) => t.path)).toEqual([repo.dir]);
  });

  it('re-running a step after a crash replaces only that step’s worktree and branch', async () => {
    await work(await must('other'), { 'other.txt': 'o\n' }, 'other');
    const first = await must('s1');
    await repo.write('half-done.txt', 'crashed here\n', first.cwd);
    await repo.commitAll('partial', first.cwd);
    // The process dies: worktree, branch and a partial commit stay behind.
    const again = await must('s1');
    expect(again.cwd).toBe(first.cwd);
    expect(await pathExists(join(again.cwd, 'half-done.txt'))).toBe(false);
    expect(await repo.git(['rev-parse', 'molecular/m1/s1'])).toBe(await repo.git(['rev-parse', 'main']));
    expect(await repo.git(['rev-parse', '--verify', 'molecular/m1/other'])).not.toBe('');
  });

  it('keeps the tip a failed attempt left on the branch at its attempt ref before rebuilding the branch', async () => {
    const first = await must('s1');
    await repo.write('half-done.txt', 'attempt 1\n', first.cwd);
    await repo.commitAll('WIP attempt 1', first.cwd);
    const tip = await repo.git(['rev-parse', 'molecular/m1/s1']);
    const again = await prepareWorkspace({
      repoDir: repo.dir,
      molId: 'm1',
      stepId: 's1',
      execution: 'distributed',
      baseBranches: [],
      baseRef: 'main',
      worktreeRoot,
      previousAttempt: 1,
    });
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value.keptAttempt).toBe('refs/molecular/attempts/m1/s1/1');
    expect(await repo.git(['rev-parse', 'refs/molecular/attempts/m1/s1/1'])).toBe(tip);
    expect(await repo.git(['show', 'refs/molecular/attempts/m1/s1/1:half-done.txt'])).toBe('attempt 1');
    expect(await repo.git(['rev-parse', 'molecular/m1/s1'])).toBe(await repo.git(['rev-parse', 'main']));

    // An attempt that left nothing beyond its base keeps no ref.
    const third = await prepareWorkspace({
      repoDir: repo.dir,
      molId: 'm1',
      stepId: 's1',
      execution: 'distributed',
      baseBranches: [],
      baseRef: 'main',
      worktreeRoot,
      previousAttempt: 2,
    });
    if (!third.ok) throw new Error(third.error.message);
    expect(third.value.keptAttempt).toBeUndefined();
    expect(await repo.git(['for-each-ref', '--format=%(refname)', 'refs/molecular/attempts/m1/s1/'])).toBe(
      'refs/molecular/attempts/m1/s1/1',
    );
  });

  it('recovers when git still registers a folder that was removed by hand, with no branch left', async () => {
    const path = join(worktreeRoot, 'm1', 's1');
    await repo.git(['worktree', 'add', '-q', '--detach', path, 'main']);
    await rm(path, { recursive: true, force: true });
    const ws = await must('s1');
    expect(ws.cwd).toBe(path);
    expect(await pathExists(join(ws.cwd, 'README.md'))).toBe(true);
    expect(await repo.git(['rev-parse', 'molecular/m1/s1'])).toBe(ws.baseCommit);
    const trees = await listWorktrees(repo.dir);
    expect(trees.ok && trees.value.filter((t) => t.path === path).map((t) => t.branch)).toEqual([
      'molecular/m1/s1',
    ]);
  });

  it('recovers when the previous attempt’s folder exists but git never registered it', async () => {
    await repo.write('stray.txt', 'x', join(worktreeRoot, 'm1', 's1'));
    const ws = await must('s1');
    expect(await pathExists(join(ws.cwd, 'stray.txt'))).toBe(false);
    expect(await pathExists(join(ws.cwd, 'README.md'))).toBe(true);
  });

  it('fetches base branches from a remote when asked (a fresh checkout has only main)', async () => {
    const ws = await must('s1');
    await repo.write('pushed.txt', 'p\n', ws.cwd);
    await repo.commitAll('pushed', ws.cwd);
    await repo.git(['push', '-q', 'origin', 'molecular/m1/s1'], ws.cwd);
    await removeWorktree({ repoDir: repo.dir, path: ws.cwd, deleteBranch: 'molecular/m1/s1' });
    expect(await repo.git(['branch', '--list', 'molecular/m1/s1'])).toBe('');

    const next = await prepareWorkspace({
      repoDir: repo.dir,
      molId: 'm1',
      stepId: 's2',
      execution: 'distributed',
      baseBranches: ['molecular/m1/s1'],
      baseRef: 'main',
      worktreeRoot,
      remote: 'origin',
    });
    expect(next.ok).toBe(true);
    if (next.ok) expect(await readFile(join(next.value.cwd, 'pushed.txt'), 'utf8')).toBe('p\n');
  });

  it('says which base is missing, and refuses step ids git cannot use as a branch', async () => {
    const missing = await prepare('s2', ['molecular/m1/never-ran']);
    expect(!missing.ok && missing.error.code).toBe('unknown-base');
    expect(!missing.ok && missing.error.message).toContain('molecular/m1/never-ran');
    const bad = await prepare('bad..id');
    expect(!bad.ok && bad.error.code).toBe('invalid-branch');
  });
});

describe('prepareWorkspace: local', () => {
  /** Step s1 of m1 in the working tree itself. */
  const prepareLocal = async (): Promise<Workspace> => {
    const prepared = await prepareWorkspace({
      repoDir: repo.dir,
      molId: 'm1',
      stepId: 's1',
      execution: 'local',
      baseBranches: [],
      baseRef: 'main',
      worktreeRoot,
    });
    if (!prepared.ok) throw new Error(prepared.error.message);
    return prepared.value;
  };
  /** Its work committed as the finish half does, against its base and leaving out what was there. */
  const commitLocal = async (prepared: Workspace) => {
    const made = await commitStep({
      cwd: repo.dir,
      molId: 'm1',
      stepId: 's1',
      message: 's1',
      baseCommit: prepared.baseCommit,
      exclude: prepared.preexisting,
    });
    if (!made.ok) throw new Error(made.error.message);
    return made;
  };

  it('never sweeps changes made before a local step into its commit', async () => {
    await repo.write('tracked.txt', 'v1\n');
    await repo.commitAll('tracked');
    // A person's work in progress: an edit, a staged edit, an untracked secret.
    await repo.write('tracked.txt', 'v1\nwip\n');
    await repo.write('staged.txt', 'staged\n');
    await repo.git(['add', 'staged.txt']);
    await repo.write('.env', 'TOKEN=secret\n');
    const prepared = await prepareLocal();
    expect([...(prepared.preexisting ?? [])].sort()).toEqual(['.env', 'staged.txt', 'tracked.txt']);

    await repo.write('out/result.txt', 'made by the step\n');
    const made = await commitLocal(prepared);
    expect(made.value).toMatchObject({ committed: true, filesModified: ['out/result.txt'] });
    expect(await repo.git(['show', '--name-only', '--format=', 'HEAD'])).toBe('out/result.txt');
    // The person's changes are where they were: the edit unstaged, the staged file staged, .env untracked.
    expect(await repo.git(['status', '--porcelain'])).toBe('A  staged.txt\n M tracked.txt\n?? .env'.trim());
  });

  it('counts what a step committed itself with what it left uncommitted, against its base', async () => {
    const prepared = await prepareLocal();
    expect(prepared.branch).toBe('main');
    await repo.write('own.txt', 'committed by the step\n');
    await repo.commitAll('the step commits by itself');
    await repo.write('left.txt', 'left uncommitted\n');
    const made = await commitLocal(prepared);
    expect(made.value).toMatchObject({ committed: true, filesModified: ['left.txt', 'own.txt'] });
  });

  it('works on a detached HEAD, with no branch', async () => {
    await repo.git(['checkout', '-q', '--detach']);
    const prepared = await prepareLocal();
    expect(prepared.branch).toBeUndefined();
    expect(prepared.baseCommit).toBe(await repo.git(['rev-parse', 'HEAD']));
  });

  it('commits nothing when the step only touched files that were already changed', async () => {
    await repo.write('.env', 'TOKEN=secret\n');
    const base = await repo.git(['rev-parse', 'HEAD']);
    await repo.write('.env', 'TOKEN=changed by the step\n');
    const made = await commitStep({
      cwd: repo.dir,
      molId: 'm1',
      stepId: 's1',
      message: 's1',
      baseCommit: base,
      exclude: ['.env'],
    });
    if (!made.ok) throw new Error(made.error.message);
    expect(made.value).toEqual({ commit: base, committed: false, filesModified: [] });
  });

  it('uses the working tree itself, on its current branch', async () => {
    const result = await prepareWorkspace({
      repoDir: repo.dir,
      molId: 'm1',
      stepId: 's1',
      execution: 'local',
      baseBranches: [],
      baseRef: 'main',
      worktreeRoot,
    });
    expect(result.ok && result.value).toEqual({
      cwd: repo.dir,
      branch: 'main',
      baseCommit: await repo.git(['rev-parse', 'HEAD']),
      isWorktree: false,
      preexisting: [],
    });
    expect(await pathExists(worktreeRoot)).toBe(false);
  });
});
