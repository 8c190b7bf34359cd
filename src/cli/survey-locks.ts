/**
 * The store's lock files as patrol sees them: a lock expires 30 s after it was taken (the store's
 * own stale limit), or at once when its holder is a process on this host that is gone. Releasing
 * goes through the store's lock protocol (it breaks only a lock it judges stale), never a bare unlink.
 */
import { readdir, readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { ok, type Result } from '../engine/index.js';
import { withFileLock } from '../local/store/file-lock.js';
import { storeLayout } from '../local/store/store-layout.js';
import { isRunGone } from './local-run.js';

const STALE_MS = 30_000;

export interface LockInfo {
  molId: string;
  expiresAt: string;
}

export async function surveyLocks(storeDir: string): Promise<LockInfo[]> {
  const dir = storeLayout(storeDir).locks;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const locks: LockInfo[] = [];
  for (const name of names) {
    if (!name.endsWith('.lock')) continue;
    const molId = name.slice(0, -'.lock'.length);
    try {
      const holder = JSON.parse(await readFile(join(dir, name), 'utf8')) as {
        pid?: number;
        host?: string;
        acquiredAt?: string;
      };
      const acquired = Date.parse(holder.acquiredAt ?? '');
      if (!Number.isFinite(acquired)) continue;
      const gone = isRunGone(`${holder.host}:${holder.pid}:${acquired}`);
      locks.push({ molId, expiresAt: new Date(gone ? acquired : acquired + STALE_MS).toISOString() });
    } catch {
      // Released meanwhile, or being written: not stuck.
    }
  }
  return locks;
}

/**
 * Takes the lock at once (breaking it if stale) and lets it go; a live holder keeps it. Held by
 * this process, the stale lock is gone already: this process's own write broke it and its store
 * keeps the lock a moment past the write (local-store.ts).
 */
export async function releaseStaleLock(storeDir: string, molId: string): Promise<Result<boolean>> {
  const path = storeLayout(storeDir).lock(molId);
  const holder = await readFile(path, 'utf8').then(
    (text) => JSON.parse(text) as { pid?: number; host?: string },
    () => undefined,
  );
  if (holder?.pid === process.pid && holder.host === hostname()) return ok(true);
  const taken = await withFileLock(path, async () => ok(true), { timeoutMs: 0 });
  return taken.ok ? taken : ok(false);
}
