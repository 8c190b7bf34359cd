/**
 * Who runs a step locally, as a lease: holder `local:<pid>`, run id `<host>:<pid>:<process start>`.
 * The run id is what `mol resume` and `mol patrol` check: a run on this host whose process is gone
 * left its steps behind. A run on another host (a shared file system) is never judged from here.
 */
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

const STARTED_AT = Date.now();

export interface LocalRun {
  holder: string;
  runId: string;
}

export function thisRun(): LocalRun {
  return { holder: `local:${process.pid}`, runId: `${hostname()}:${process.pid}:${STARTED_AT}` };
}

/** Whether the run is known to be gone: true only for a local run whose process no longer exists. */
export function isRunGone(runId: string | undefined): boolean {
  if (runId === undefined) return false;
  const match = /^(.*):(\d+):(\d+)$/.exec(runId);
  if (!match || match[1] !== hostname()) return false;
  const pid = Number(match[2]);
  const startedAt = Number(match[3]);
  if (pid === process.pid) return startedAt !== STARTED_AT;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but is someone else's.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
  return startedAfter(pid, startedAt);
}

/**
 * A pid is reused after a restart (containers count from 1 again): a process with that pid that
 * started after the run did is another process. Linux tells its start time; elsewhere we cannot
 * tell and assume the run is alive.
 */
function startedAfter(pid: number, runStartMs: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    const btime = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    if (!Number.isFinite(ticks) || !btime) return false;
    // USER_HZ is 100 on every Linux that Node runs on.
    const startMs = Number(btime[1]) * 1000 + ticks * 10;
    return startMs > runStartMs + 2_000;
  } catch {
    return false;
  }
}
