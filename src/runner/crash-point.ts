/**
 * A hook for the local crash suite (test/reliability/crash-local.test.ts): inert unless
 * `MOL_CRASH_AT` or `MOL_CRASH_TRACE` is set. Every state write and every git write passes a point
 * before and after; with `MOL_CRASH_TRACE=<file>` each point is appended to the file as it is
 * reached, and with `MOL_CRASH_AT=<n>` the process kills itself with SIGKILL at the n-th point, as
 * a crash or `kill -9` would, with no chance to clean up.
 */
import { appendFileSync } from 'node:fs';

let reached = 0;

export function crashPoint(name: string): void {
  const at = process.env.MOL_CRASH_AT;
  const trace = process.env.MOL_CRASH_TRACE;
  if (!at && !trace) return;
  reached++;
  if (trace) appendFileSync(trace, `${reached} ${name}\n`);
  if (at && Number(at) === reached) process.kill(process.pid, 'SIGKILL');
}
