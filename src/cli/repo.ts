import { execFileSync } from 'node:child_process';

/** The git top level containing `cwd`, or undefined outside a repository. */
export function gitTopLevel(cwd: string): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--show-toplevel'], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}
