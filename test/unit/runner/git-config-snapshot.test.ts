/**
 * Git's configuration after a step, told without asking git when every file it came from holds the
 * bytes it held (gitConfigNow): whatever changed a setting git would read — a file an include
 * names, one that did not exist yet, a file reached through an `includeIf` — is still seen. "Git
 * was not asked" is shown by taking git off the PATH for the check: it can then only succeed from
 * the bytes it remembered.
 */
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  changedSettings,
  gitConfigNow,
  gitConfigOfNewWorktree,
  gitConfigSnapshot,
} from '../../../src/runner/git-config-snapshot.js';
import { makeTempRepo, type TempRepo } from '../../helpers/git.js';

let repo: TempRepo;
let home: string;
const saved = { HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME };
beforeEach(async () => {
  repo = await makeTempRepo();
  home = join(repo.root, 'home');
  await mkdir(home);
  // A home of the test's own: a step's `~/.gitconfig` is a file this test may create.
  process.env.HOME = home;
  delete process.env.XDG_CONFIG_HOME;
});
afterEach(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await repo.cleanup();
});

const must = <T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

/** `gitConfigNow` with no git to run: it answers only from what it remembered. */
async function withoutGit<T>(check: () => Promise<T>): Promise<T> {
  const path = process.env.PATH;
  process.env.PATH = join(repo.root, 'no-git-here');
  try {
    return await check();
  } finally {
    process.env.PATH = path;
  }
}

const FILTER = '[filter "evil"]\n\tclean = touch pwned; cat\n';

describe('gitConfigNow', () => {
  it('answers an unchanged configuration from the bytes it remembered, without git', async () => {
    await writeFile(join(repo.root, 'inc.gitconfig'), '[x]\n\ty = 1\n');
    await repo.git(['config', 'include.path', '../../inc.gitconfig']);
    must(await gitConfigSnapshot(repo.dir, { remember: true }));
    // The first listing named the include: the next one reads it before git does, and is kept.
    const before = must(await gitConfigSnapshot(repo.dir, { remember: true }));
    expect(before.some((e) => e.includes('"x.y"'))).toBe(true);
    const now = must(await withoutGit(() => gitConfigNow(repo.dir, before)));
    expect(now).toEqual(before);
  });

  it('sees a filter written into a file an include names (relative to .git/config)', async () => {
    await writeFile(join(repo.root, 'inc.gitconfig'), '[x]\n\ty = 1\n');
    await repo.git(['config', 'include.path', '../../inc.gitconfig']);
    must(await gitConfigSnapshot(repo.dir, { remember: true }));
    const before = must(await gitConfigSnapshot(repo.dir, { remember: true }));
    await appendFile(join(repo.root, 'inc.gitconfig'), FILTER);
    // Git must be asked now: without it the check fails rather than answering "unchanged".
    expect((await withoutGit(() => gitConfigNow(repo.dir, before))).ok).toBe(false);
    expect(changedSettings(before, must(await gitConfigNow(repo.dir, before)))).toEqual([
      'filter.evil.clean',
    ]);
  });

  it('sees an included file that did not exist when the step began, and a ~/.gitconfig created since', async () => {
    await repo.git(['config', 'include.path', join(repo.root, 'later.gitconfig')]);
    must(await gitConfigSnapshot(repo.dir, { remember: true }));
    const before = must(await gitConfigSnapshot(repo.dir, { remember: true }));
    await writeFile(join(repo.root, 'later.gitconfig'), FILTER);
    expect(changedSettings(before, must(await gitConfigNow(repo.dir, before, { remember: true })))).toEqual([
      'filter.evil.clean',
    ]);

    const again = must(await gitConfigSnapshot(repo.dir, { remember: true }));
    await writeFile(join(home, '.gitconfig'), '[core]\n\tsshCommand = touch pwned; ssh\n');
    expect(changedSettings(again, must(await gitConfigNow(repo.dir, again)))).toEqual(['core.sshcommand']);
  });

  it('asks git every time an includeIf is set, and sees what the file it names says', async () => {
    const target = join(repo.root, 'cond.gitconfig');
    await writeFile(target, '[x]\n\ty = 1\n');
    await repo.git(['config', `includeIf.gitdir:${repo.dir}/.git.path`, target]);
    must(await gitConfigSnapshot(repo.dir, { remember: true }));
    const before = must(await gitConfigSnapshot(repo.dir, { remember: true }));
    expect((await withoutGit(() => gitConfigNow(repo.dir, before))).ok).toBe(false);
    await appendFile(target, FILTER);
    expect(changedSettings(before, must(await gitConfigNow(repo.dir, before)))).toEqual([
      'filter.evil.clean',
    ]);
  });

  it('asks git when .git/config changed, and a harmless change (an identity) is still no change', async () => {
    const before = must(await gitConfigSnapshot(repo.dir, { remember: true }));
    await repo.git(['config', 'user.email', 'agent@example.com']);
    expect((await withoutGit(() => gitConfigNow(repo.dir, before))).ok).toBe(false);
    expect(changedSettings(before, must(await gitConfigNow(repo.dir, before)))).toEqual([]);
  });

  it('never answers from memory for a listing it was not asked to remember', async () => {
    const before = must(await gitConfigSnapshot(repo.dir));
    const other = join(repo.root, 'elsewhere');
    await mkdir(other);
    expect((await withoutGit(() => gitConfigNow(other, before))).ok).toBe(false);
  });

  it("tells a new worktree's configuration from the main checkout's, as git would list it there", async () => {
    await writeFile(join(repo.root, 'inc.gitconfig'), '[x]\n\ty = 1\n');
    await repo.git(['config', 'include.path', '../../inc.gitconfig']);
    must(await gitConfigSnapshot(repo.dir, { remember: true }));
    must(await gitConfigSnapshot(repo.dir, { remember: true }));
    const tree = join(repo.root, 'tree');
    await repo.git(['worktree', 'add', '-q', '-b', 'step', tree]);
    const told = must(await withoutGit(() => gitConfigOfNewWorktree(tree, repo.dir)));
    expect(told).toEqual(must(await gitConfigSnapshot(tree)));
    expect(told.some((e) => e.includes('"x.y"'))).toBe(true);
    await appendFile(join(repo.root, 'inc.gitconfig'), FILTER);
    expect(changedSettings(told, must(await gitConfigNow(tree, told)))).toEqual(['filter.evil.clean']);
  });

  it('asks git in a worktree that has a config.worktree of its own', async () => {
    await repo.git(['config', 'extensions.worktreeConfig', 'true']);
    must(await gitConfigSnapshot(repo.dir, { remember: true }));
    const tree = join(repo.root, 'tree');
    await repo.git(['worktree', 'add', '-q', '-b', 'step', tree]);
    await repo.git(['config', '--worktree', 'x.y', '2'], tree);
    expect((await withoutGit(() => gitConfigOfNewWorktree(tree, repo.dir))).ok).toBe(false);
    const told = must(await gitConfigOfNewWorktree(tree, repo.dir));
    expect(told.some((e) => e.includes('"worktree"') && e.includes('"x.y"'))).toBe(true);
  });
});
