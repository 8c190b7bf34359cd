/**
 * Vitest's global setup: one temp folder for the whole run, handed to every worker and every
 * process the tests start as TMPDIR, and removed at the end.
 *
 * The tests make and remove thousands of repositories. On ext4 without a journal (this project's
 * CI hosts), making a file walks every inode freed in its block group in the last minute or more,
 * and every folder made in the shared temp folder lands in that one group. Folders made inside a
 * `+T` folder are spread over the disk instead (as at the root), so one test's removals do not
 * slow the next test's files: the suite ran in 327 s instead of 367–370 s. Elsewhere `chattr`
 * fails and the folder is an ordinary one.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export default async function setup(): Promise<() => Promise<void>> {
  // Each project of the config runs its global setup: the first one's folder serves them all.
  if (process.env.MOL_TESTS_TMPDIR !== undefined) return async () => {};
  const folder = await mkdtemp(join(tmpdir(), 'mol-tests-'));
  await promisify(execFile)('chattr', ['+T', folder]).catch(() => {});
  process.env.TMPDIR = folder;
  process.env.MOL_TESTS_TMPDIR = folder;
  return async () => {
    await rm(folder, { recursive: true, force: true });
    delete process.env.MOL_TESTS_TMPDIR;
  };
}
