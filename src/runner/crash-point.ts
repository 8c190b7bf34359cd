/**
 * Hooks for the local reliability suites, inert unless their variable is set.
 *
 * `crashPoint` (test/reliability/crash-local.test.ts): every state write and every git write passes
 * a point before and after; with `MOL_CRASH_TRACE=<file>` each point is appended to the file as it
 * is reached, and with `MOL_CRASH_AT=<n>` the process kills itself with SIGKILL at the n-th point,
 * as a crash or `kill -9` would, with no chance to clean up.
 *
 * `fullDiskPoint` (test/e2e/cli-full-disk.test.ts): with `MOL_FULL_DISK=<file>`, while that file
 * exists every write that needs new space in the local store (its state, its lock files, a step's
 * attempt record) fails as it does on a full disk, with ENOSPC. A step's command that creates the
 * file fills the disk; a test that deletes it frees the space.
 */
import { appendFileSync, existsSync } from 'node:fs';

let reached = 0;

export function crashPoint(name: string): void {
  const at = process.env.MOL_CRASH_AT;
  const trace = process.env.MOL_CRASH_TRACE;
  if (!at && !trace) return;
  reached++;
  if (trace) appendFileSync(trace, `${reached} ${name}\n`);
  if (at && Number(at) === reached) process.kill(process.pid, 'SIGKILL');
}

/** Throws what a write that needs new space throws on a full disk (as Node words it), while the test's disk is full. */
export function fullDiskPoint(): void {
  const full = process.env.MOL_FULL_DISK;
  if (!full || !existsSync(full)) return;
  throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
    code: 'ENOSPC',
    errno: -28,
    syscall: 'write',
  });
}
