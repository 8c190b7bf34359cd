/**
 * A step's command runs in a process group of its own; these probe and end such a group from any
 * process, so a run that finds a previous attempt's group alive (its runner was killed, the
 * terminal closed) can end it before starting another.
 *
 * On Linux `/proc` tells a process's start time (clock ticks since boot), which tells a reused pid
 * from the one recorded, and which processes of a group are zombies (dead, waiting for a parent
 * that may never reap them in a container). Elsewhere `kill(-pgid, 0)` is all there is: a group
 * that answers is taken for alive.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface GroupIdentity {
  pgid: number;
  /** The group leader's start time as `/proc/<pid>/stat` gives it; undefined where there is no /proc. */
  startTime?: string;
}

interface ProcStat {
  state: string;
  pgrp: number;
  startTime: string;
}

function readStat(pid: number | string): ProcStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const startTime = fields[19];
    if (fields[0] === undefined || startTime === undefined) return undefined;
    return { state: fields[0], pgrp: Number(fields[2]), startTime };
  } catch {
    return undefined;
  }
}

function hasProc(): boolean {
  return readStat('self') !== undefined;
}

/** Who a freshly spawned group is: its pid and, where /proc exists, when its leader started. */
export function identifyGroup(pid: number): GroupIdentity {
  const stat = readStat(pid);
  return stat === undefined ? { pgid: pid } : { pgid: pid, startTime: stat.startTime };
}

/**
 * Whether any process of the recorded group still runs. A leader whose start time differs from the
 * recorded one is another process that got the same pid: the recorded group is gone (Linux does not
 * hand out a pid while a group of that id has members, so such a reuse means none are left).
 */
export function groupAlive(group: GroupIdentity): boolean {
  if (!hasProc()) {
    try {
      process.kill(-group.pgid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  }
  const leader = readStat(group.pgid);
  if (leader !== undefined && group.startTime !== undefined && leader.startTime !== group.startTime) {
    return false;
  }
  if (leader !== undefined && leader.pgrp === group.pgid && leader.state !== 'Z') return true;
  // The leader may be gone while its children live on in the group.
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(name);
    if (stat !== undefined && stat.pgrp === group.pgid && stat.state !== 'Z') return true;
  }
  return false;
}

export interface EndGroupOptions {
  /** Between SIGTERM and SIGKILL (default 2 s). */
  graceMs?: number;
  /** How often to look (default 25 ms). */
  pollMs?: number;
  /** The first signal (default SIGTERM): a forwarded Ctrl-C is SIGINT. */
  signal?: NodeJS.Signals;
}

/**
 * Ends the recorded group if it is still alive: SIGTERM (or the given signal), then SIGKILL after the grace, and waits
 * until no process of it runs. Returns whether it had to end anything.
 */
export async function endGroup(group: GroupIdentity, options: EndGroupOptions = {}): Promise<boolean> {
  if (!groupAlive(group)) return false;
  const graceMs = options.graceMs ?? 2_000;
  const pollMs = options.pollMs ?? 25;
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-group.pgid, sig);
    } catch {
      // ESRCH: gone meanwhile.
    }
  };
  signal(options.signal ?? 'SIGTERM');
  const killAt = Date.now() + graceMs;
  let killed = false;
  while (groupAlive(group)) {
    if (!killed && Date.now() >= killAt) {
      signal('SIGKILL');
      killed = true;
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  return true;
}
