/**
 * Real git repositories in temp directories for runner and store tests: a working repository with
 * one commit on `main`, and a bare remote it pushes to (standing in for GitHub).
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const IDENTITY = ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false'];

export interface TempRepo {
  /** The temp directory holding everything below; removed by cleanup. */
  root: string;
  /** The working repository (branch `main`, remote `origin`). */
  dir: string;
  /** The bare repository `origin` points at. */
  remote: string;
  /** Runs git in `cwd` (default: the working repository) and returns trimmed stdout. */
  git(args: string[], cwd?: string): Promise<string>;
  /** Writes a file relative to `cwd` (default: the working repository), creating folders. */
  write(path: string, content: string, cwd?: string): Promise<void>;
  /** `git add -A` and commit with a test identity; returns the new commit's sha. */
  commitAll(message: string, cwd?: string): Promise<string>;
  cleanup(): Promise<void>;
}

export async function makeTempRepo(): Promise<TempRepo> {
  // realpath: macOS's /var -> /private/var would make paths from git and from us differ.
  const root = await realpath(await mkdtemp(join(tmpdir(), 'mol-git-')));
  const dir = join(root, 'repo');
  const remote = join(root, 'remote.git');
  const git = async (args: string[], cwd = dir) =>
    (await run('git', [...IDENTITY, ...args], { cwd })).stdout.trim();
  const write = async (path: string, content: string, cwd = dir) => {
    await mkdir(dirname(join(cwd, path)), { recursive: true });
    await writeFile(join(cwd, path), content);
  };
  const commitAll = async (message: string, cwd = dir) => {
    await git(['add', '-A'], cwd);
    await git(['commit', '-q', '-m', message], cwd);
    return git(['rev-parse', 'HEAD'], cwd);
  };

  await mkdir(dir);
  await git(['init', '-q', '--bare', '-b', 'main', remote], root);
  await git(['init', '-q', '-b', 'main'], dir);
  await write('README.md', '# test repository\n');
  await commitAll('initial commit');
  await git(['remote', 'add', 'origin', remote]);
  await git(['push', '-q', 'origin', 'main']);

  return {
    root,
    dir,
    remote,
    git,
    write,
    commitAll,
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}
