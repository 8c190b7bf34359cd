/**
 * The store watch `mol status --watch` wakes on: fs.watch on the store's folder says when this
 * molecule's files change (and not another's); where fs.watch throws or fails later, the folder
 * is polled on the clock given, here a hand-driven one, and closing stops both.
 */
import { EventEmitter } from 'node:events';
import type { FSWatcher } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type WatchClock, watchMolecule } from '../../../../src/local/store/watch-molecule.js';

/** Timers a test fires by hand: `tick()` runs what is due, as a poller's next look. */
function handClock() {
  const due = new Map<number, () => void>();
  let next = 0;
  const clock: WatchClock = {
    setTimeout: (fn) => {
      due.set(++next, fn);
      return next;
    },
    clearTimeout: (handle) => {
      due.delete(handle as number);
    },
  };
  const tick = () => {
    const now = [...due.entries()];
    due.clear();
    for (const [, fn] of now) fn();
  };
  return { clock, tick, pending: () => due.size };
}

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function storeDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'mol-watch-'));
  dirs.push(dir);
  await mkdir(join(dir, 'mols'));
  return dir;
}

describe('watchMolecule', () => {
  it("wakes when the molecule's files change, through fs.watch", async () => {
    const dir = await storeDir();
    let woke: () => void = () => {};
    const first = new Promise<void>((resolve) => (woke = resolve));
    const watch = watchMolecule({ dir, id: 'm1' }, () => woke());
    try {
      expect(watch.mode).toBe('watch');
      await writeFile(join(dir, 'mols', '.m1.json.tmp'), 'x');
      await rename(join(dir, 'mols', '.m1.json.tmp'), join(dir, 'mols', 'm1.json'));
      await first;
      // Waited for from before the write, so an event that comes while it is written still counts.
      const again = new Promise<void>((resolve) => (woke = resolve));
      await writeFile(join(dir, 'mols', 'm1.journal'), 'y');
      await again;
    } finally {
      watch.close();
    }
  });

  it("passes over other molecules' files and temp files; a change without a file name counts", async () => {
    const dir = await storeDir();
    let listener: (event: string, file: string | null) => void = () => {};
    const quiet = Object.assign(new EventEmitter(), { close: () => {} });
    let calls = 0;
    const watch = watchMolecule(
      {
        dir,
        id: 'm1',
        watch: (_dir, l) => {
          listener = l;
          return quiet as unknown as FSWatcher;
        },
      },
      () => calls++,
    );
    for (const file of ['m2.journal', 'm10.json', '.m1.json.123.ab.tmp', 'm1-x.json'])
      listener('rename', file);
    expect(calls).toBe(0);
    for (const file of ['m1.json', 'm1.journal', 'm1.archive.json']) listener('change', file);
    expect(calls).toBe(3);
    listener('rename', null);
    expect(calls).toBe(4);
    watch.close();
    listener('change', 'm1.json');
    expect(calls).toBe(4);
  });

  it('polls on the clock given when fs.watch is not to be had, and stops when closed', async () => {
    const dir = await storeDir();
    const { clock, tick, pending } = handClock();
    let calls = 0;
    const watch = watchMolecule(
      {
        dir,
        id: 'm1',
        clock,
        watch: () => {
          throw new Error('ENOSYS: watch is not supported');
        },
      },
      () => calls++,
    );
    expect(watch.mode).toBe('poll');
    // One look at once (whatever changed before the switch), then one per tick of the clock.
    expect(calls).toBe(1);
    tick();
    tick();
    expect(calls).toBe(3);
    expect(pending()).toBe(1);
    watch.close();
    expect(pending()).toBe(0);
    tick();
    expect(calls).toBe(3);
  });

  it('falls back to polling when the watch fails later', async () => {
    const dir = await storeDir();
    const { clock, tick } = handClock();
    const failing = Object.assign(new EventEmitter(), { closed: false, close: () => {} });
    failing.close = () => {
      failing.closed = true;
    };
    let calls = 0;
    const watch = watchMolecule(
      { dir, id: 'm1', clock, watch: () => failing as unknown as FSWatcher },
      () => calls++,
    );
    expect(watch.mode).toBe('watch');
    tick();
    expect(calls).toBe(0);
    failing.emit('error', new Error('EIO'));
    expect(watch.mode).toBe('poll');
    expect(failing.closed).toBe(true);
    tick();
    expect(calls).toBe(2);
    watch.close();
  });
});
