/**
 * Wakes a watcher when one molecule's files in the store may have changed: its snapshot renamed
 * into place, its journal appended to, its archive written, or any of them removed. The store's
 * folder is watched (fs.watch), not the files: a snapshot is replaced by a rename, which would
 * leave a watch on the old file blind. Where fs.watch is not to be had (it throws, or fails later,
 * as on some network file systems) the folder is polled instead, on the clock given, so a test can
 * drive it. A wake-up only says "look again": the caller reads the molecule and compares.
 */
import { type FSWatcher, watch as fsWatch } from 'node:fs';
import { storeLayout } from './store-layout.js';

/** The timers the poller uses; the real ones unless a test passes its own. */
export interface WatchClock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const REAL_CLOCK: WatchClock = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface MoleculeWatchOptions {
  /** The store directory (`.molecular`). */
  dir: string;
  id: string;
  clock?: WatchClock;
  /** How often the fallback looks again (default 500 ms). */
  pollMs?: number;
  /** fs.watch, or a stand-in that throws to force the fallback. */
  watch?: (dir: string, listener: (event: string, file: string | null) => void) => FSWatcher;
}

export interface MoleculeWatch {
  /** How changes are noticed now: `watch` (fs.watch) or `poll` (the fallback). */
  readonly mode: 'watch' | 'poll';
  close(): void;
}

const DEFAULT_POLL_MS = 500;

export function watchMolecule(options: MoleculeWatchOptions, onChange: () => void): MoleculeWatch {
  const clock = options.clock ?? REAL_CLOCK;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const dir = storeLayout(options.dir).mols;
  const prefix = `${options.id}.`;
  let mode: 'watch' | 'poll' = 'watch';
  let closed = false;
  let watcher: FSWatcher | undefined;
  let timer: unknown;

  const poll = () => {
    if (closed || mode === 'poll') return;
    watcher?.close();
    watcher = undefined;
    mode = 'poll';
    const tick = () => {
      if (closed) return;
      onChange();
      timer = clock.setTimeout(tick, pollMs);
    };
    timer = clock.setTimeout(tick, pollMs);
    // Whatever changed between the last event and the switch is seen at once.
    onChange();
  };

  try {
    // A file name is not given on every platform; without one, any change may be this molecule's.
    watcher = (options.watch ?? ((d, l) => fsWatch(d, l)))(dir, (_event, file) => {
      if (!closed && (file === null || file.startsWith(prefix))) onChange();
    });
    watcher.on('error', poll);
  } catch {
    poll();
  }

  return {
    get mode() {
      return mode;
    },
    close() {
      closed = true;
      watcher?.close();
      if (timer !== undefined) clock.clearTimeout(timer);
    },
  };
}
