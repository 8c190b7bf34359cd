/**
 * A lock file per molecule so two `mol` processes never lose each other's update. Creating a file
 * with O_EXCL (`wx`) is atomic on local file systems: exactly one creator wins. The file names its
 * holder (pid, host, time, nonce) so a waiter can tell a live holder from a dead one.
 *
 * Breaking a stale lock and releasing one both go through a short-lived `.break` lock and only
 * remove the lock file when it still holds the nonce they judged. Without that, a holder that was
 * suspended past the TTL could, on waking, delete the lock of whoever took over after it.
 *
 * The calls on the files are synchronous: each takes microseconds (no fsync: a lock need not
 * survive a crash, its holder does not either), while an async call is a thread-pool round trip
 * that costs ten times that, several times per write. Only the waits between attempts yield.
 * The holder keeps its lock file open, so asking whether it still holds it (before every write)
 * is two calls on that descriptor rather than an open, read and close of the path.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { err, ok, type Result } from '../../engine/index.js';
import { fullDiskPoint } from '../../runner/crash-point.js';

export interface LockHolder {
  pid: number;
  host: string;
  acquiredAt: string;
  nonce: string;
  /** What the holder is doing, for whoever finds the lock taken (`mol run` names its molecule). */
  about?: string;
}

export interface FileLockOptions {
  /** How long to wait for a held lock before giving up with `lock-timeout` (default 10 s). */
  timeoutMs?: number;
  /** A lock older than this is stale whatever its holder (default 30 s). */
  staleMs?: number;
  /** Wall clock in ms; tests move it to age locks. */
  now?: () => number;
  /** Written into the lock file with the holder's name (`LockHolder.about`). */
  about?: string;
}

export interface FileLock {
  readonly path: string;
  readonly holder: LockHolder;
  /** Whether the lock file still names this holder (a stale-lock breaker may have taken it). */
  isHeld(): Promise<boolean>;
  release(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_STALE_MS = 30_000;
/** A `.break` lock lives for a few syscalls; one this old belongs to a process that died mid-break. */
const BREAK_STALE_MS = 5_000;

export async function acquireFileLock(
  path: string,
  options: FileLockOptions = {},
): Promise<Result<FileLock>> {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const staleMs = options.staleMs ?? DEFAULT_STALE_MS;
  const deadline = now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    const holder: LockHolder = {
      pid: process.pid,
      host: hostname(),
      acquiredAt: new Date(now()).toISOString(),
      nonce: randomBytes(8).toString('hex'),
      ...(options.about === undefined ? {} : { about: options.about }),
    };
    const created = tryCreate(path, holder);
    if (typeof created === 'number') return ok(makeLock(path, holder, created));
    if (created !== 'exists')
      return err('lock-failed', `cannot create the lock file ${path}: ${created.message}`);

    const seen = readHolder(path);
    if (seen === 'gone') continue;
    if (isStale(path, seen, now(), staleMs)) {
      await breakLock(path, seen, now);
      continue;
    }
    if (now() >= deadline) {
      const who = seen
        ? `process ${seen.pid} on ${seen.host} since ${seen.acquiredAt}`
        : 'a process that has not written its name yet';
      return err(
        'lock-timeout',
        `${path} is held by ${who}; gave up after ${timeoutMs} ms. If that process is gone, delete the lock file.`,
        {
          file: path,
        },
      );
    }
    await sleep(backoff(attempt));
  }
}

/** Runs `fn` under the lock and always releases it, whatever `fn` returns or throws. */
export async function withFileLock<T>(
  path: string,
  fn: (lock: FileLock) => Promise<Result<T>>,
  options: FileLockOptions = {},
): Promise<Result<T>> {
  const lock = await acquireFileLock(path, options);
  if (!lock.ok) return lock;
  try {
    return await fn(lock.value);
  } finally {
    await lock.value.release();
  }
}

/** Locks this process holds, removed at exit if it comes while one is held (see `releaseAtExit`). */
const held = new Set<() => void>();

/**
 * A holder may keep its lock across a turn of the event loop (the local store does, for writes that
 * come back to back); an exit in that turn would leave the file for others to judge stale, so the
 * lock goes at exit: only if the break lock is free at once, since nothing can wait there.
 */
function releaseAtExit(): void {
  for (const release of held) release();
}

function makeLock(path: string, holder: LockHolder, fd: number): FileLock {
  let open = true;
  const mine = Buffer.from(JSON.stringify(holder));
  const seen = Buffer.alloc(mine.length + 1);
  const closeFile = () => {
    try {
      closeSync(fd);
    } catch {
      // Nothing was written through it after the name.
    }
  };
  const atExit = () => {
    try {
      tryBreakLock(path, () => removeIfMine(path, holder.nonce));
    } catch {
      // Exiting anyway: a lock left behind is judged stale by its dead pid.
    }
  };
  if (held.size === 0) process.once('exit', releaseAtExit);
  held.add(atExit);
  return {
    path,
    holder,
    isHeld: async () => {
      if (!open) return false;
      // Breaking a lock removes the file (a new holder creates another): gone from the directory
      // means taken. One rewritten in place no longer reads as this holder's name.
      try {
        if (fstatSync(fd).nlink === 0) return false;
        const n = readSync(fd, seen, 0, seen.length, 0);
        return n === mine.length && seen.subarray(0, n).equals(mine);
      } catch {
        const now = readHolder(path);
        return now !== 'gone' && now?.nonce === holder.nonce;
      }
    },
    release: async () => {
      if (!open) return;
      open = false;
      closeFile();
      held.delete(atExit);
      if (held.size === 0) process.off('exit', releaseAtExit);
      await removeIfStill(path, holder.nonce);
    },
  };
}

/** The new lock file's descriptor (kept open by its holder), or why there is none. */
function tryCreate(path: string, holder: LockHolder): number | 'exists' | Error {
  for (let tries = 0; tries < 2; tries++) {
    try {
      const fd = openSync(path, 'wx+');
      try {
        fullDiskPoint();
        writeSync(fd, JSON.stringify(holder));
      } catch (error) {
        // A nameless lock file would hold everyone off until it is old enough to break.
        closeSync(fd);
        unlinkQuietly(path);
        throw error;
      }
      return fd;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return 'exists';
      if (code === 'ENOENT' && tries === 0) {
        mkdirSync(dirname(path), { recursive: true });
        continue;
      }
      return error as Error;
    }
  }
  return new Error('the lock directory keeps disappearing');
}

/** The holder named in the lock file; undefined while its creator has not written it yet; 'gone' when there is no file. */
export function readHolder(path: string): LockHolder | undefined | 'gone' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
  try {
    const data = JSON.parse(text) as Partial<LockHolder>;
    if (
      typeof data.pid === 'number' &&
      typeof data.host === 'string' &&
      typeof data.acquiredAt === 'string' &&
      typeof data.nonce === 'string'
    ) {
      return data as LockHolder;
    }
  } catch {
    // Empty or torn: its creator is between open and write, or died there; the file's age decides.
  }
  return undefined;
}

function isStale(path: string, holder: LockHolder | undefined, nowMs: number, staleMs: number): boolean {
  if (holder === undefined) {
    const info = statSync(path, { throwIfNoEntry: false });
    return info !== undefined && nowMs - info.mtimeMs > staleMs;
  }
  const acquired = Date.parse(holder.acquiredAt);
  if (!Number.isFinite(acquired) || nowMs - acquired > staleMs) return true;
  // A pid only means something on the machine that wrote it.
  return holder.host === hostname() && !isAlive(holder.pid);
}

/** Whether a process of that pid exists on this host (EPERM: someone else's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

async function breakLock(path: string, judged: LockHolder | undefined, now: () => number): Promise<void> {
  await underBreakLock(path, now, () => {
    const seen = readHolder(path);
    if (seen === 'gone') return;
    const same = judged === undefined ? seen === undefined : seen?.nonce === judged.nonce;
    if (same) unlinkQuietly(path);
  });
}

async function removeIfStill(path: string, nonce: string): Promise<void> {
  const remove = () => removeIfMine(path, nonce);
  const done = await underBreakLock(path, Date.now, remove);
  // The break lock stayed busy far past its expiry; take ours out anyway, still checked.
  if (!done) remove();
}

function removeIfMine(path: string, nonce: string): void {
  const seen = readHolder(path);
  if (seen !== 'gone' && seen?.nonce === nonce) unlinkQuietly(path);
}

/**
 * Runs `fn` holding `<path>.break`; false when that could not be had even after a stale one expired.
 * `fn` is synchronous, so the break lock is held for a few system calls and never across a wait.
 */
async function underBreakLock(path: string, now: () => number, fn: () => void): Promise<boolean> {
  const deadline = Date.now() + 2 * BREAK_STALE_MS;
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    if (tryBreakLock(path, fn)) return true;
    const breakPath = `${path}.break`;
    const info = statSync(breakPath, { throwIfNoEntry: false });
    if (info && now() - info.mtimeMs > BREAK_STALE_MS) unlinkQuietly(breakPath);
    await sleep(Math.min(1 + attempt, 20));
  }
  return false;
}

/** Runs `fn` holding `<path>.break` if that is free now; false when another process holds it. */
function tryBreakLock(path: string, fn: () => void): boolean {
  const breakPath = `${path}.break`;
  let fd: number;
  try {
    fd = openSync(breakPath, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  closeSync(fd);
  try {
    fn();
  } finally {
    unlinkQuietly(breakPath);
  }
  return true;
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Exponential up to 100 ms with full jitter, so waiters do not retry in lockstep. */
function backoff(attempt: number): number {
  const cap = Math.min(100, 2 * 2 ** attempt);
  return cap / 2 + Math.random() * (cap / 2);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
