/**
 * One ref transaction (`update-ref --stdin` lines): every line applies, or none does.
 */
import { ok, type Result } from '../engine/index.js';
import { git } from './git.js';

export async function refTransaction(cwd: string, lines: string): Promise<Result<void>> {
  const done = await git(cwd, ['update-ref', '--stdin'], { input: lines });
  return done.ok ? ok(undefined) : done;
}
