/**
 * Where `mol` keeps its state when nobody says: `.molecular/` at the top of the main working tree.
 * From inside a step's linked worktree that is still the main one (git's common dir), so every
 * worktree of a repository shares one store. Outside a repository: `<cwd>/.molecular`.
 */
import { basename, dirname, join, resolve } from 'node:path';
import { git } from '../../runner/git.js';

export async function defaultStoreDir(cwd: string): Promise<string> {
  const common = await git(cwd, ['rev-parse', '--path-format=absolute', '--git-common-dir'], {
    okCodes: [0, 128],
  });
  if (common.ok && common.value.code === 0) {
    const gitDir = common.value.stdout.trim();
    if (basename(gitDir) === '.git') return join(dirname(gitDir), '.molecular');
  }
  const top = await git(cwd, ['rev-parse', '--show-toplevel'], { okCodes: [0, 128] });
  if (top.ok && top.value.code === 0 && top.value.stdout.trim() !== '')
    return join(top.value.stdout.trim(), '.molecular');
  return join(resolve(cwd), '.molecular');
}
