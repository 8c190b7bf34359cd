import { describe, expect, it } from 'vitest';
import { KeyedMutex, type Waiter } from '../../../../src/github/store/keyed-mutex.js';

/**
 * A turn that records what it took and answers each item with itself doubled. `lock` stands for
 * what it waits for before taking (a lease), `write` for what it waits for after (the edit).
 */
function server(turns: number[][], lock: Promise<void> = Promise.resolve(), write = Promise.resolve()) {
  return async (take: () => Waiter<number, number>[]) => {
    await lock;
    const taken = take();
    turns.push(taken.map((w) => w.item));
    await write;
    for (const w of taken) w.resolve(w.item * 2);
  };
}

/** A promise that resolves when `open` is called. */
function closedGate(): { gate: Promise<void>; open: () => void } {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { gate, open };
}

describe('KeyedMutex.batch', () => {
  it('items queued while a turn runs go out together in the next turn, each with its own answer', async () => {
    const mutex = new KeyedMutex();
    const turns: number[][] = [];
    const { gate, open } = closedGate();
    const first = mutex.batch('k', 1, server(turns, Promise.resolve(), gate));
    while (turns.length === 0) await Promise.resolve();
    const later = [2, 3, 4].map((n) => mutex.batch('k', n, server(turns)));
    open();
    expect(await Promise.all([first, ...later])).toEqual([2, 4, 6, 8]);
    expect(turns).toEqual([[1], [2, 3, 4]]);
  });

  it('takes what arrived while the turn waited for its lock', async () => {
    const mutex = new KeyedMutex();
    const turns: number[][] = [];
    const { gate, open } = closedGate();
    const first = mutex.batch('k', 1, server(turns, gate));
    const second = mutex.batch('k', 2, server(turns));
    open();
    expect(await Promise.all([first, second])).toEqual([2, 4]);
    expect(turns).toEqual([[1, 2]]);
  });

  it('keys do not share turns', async () => {
    const mutex = new KeyedMutex();
    const turns: number[][] = [];
    await Promise.all([mutex.batch('a', 1, server(turns)), mutex.batch('b', 2, server(turns))]);
    expect(turns).toEqual([[1], [2]]);
  });

  it('a turn that throws rejects what it took; what was queued later gets a turn', async () => {
    const mutex = new KeyedMutex();
    const boom = new Error('lease failed');
    const turns: number[][] = [];
    let calls = 0;
    // Callers of one key serve alike; this one fails its first turn only (a lost answer, say).
    const flaky = async (take: () => Waiter<number, number>[]) => {
      if (calls++ === 0) {
        take();
        throw boom;
      }
      await server(turns)(take);
    };
    const results = await Promise.allSettled([mutex.batch('k', 1, flaky), mutex.batch('k', 2, flaky)]);
    expect(results.map((r) => (r.status === 'rejected' ? r.reason : r.value))).toEqual([boom, boom]);
    expect(await mutex.batch('k', 5, flaky)).toBe(10);
    expect(turns).toEqual([[5]]);
  });

  it('a turn that throws before taking fails its own item only; the items behind it get their turns', async () => {
    const mutex = new KeyedMutex();
    const boom = new Error('lease failed');
    const turns: number[][] = [];
    const first = mutex.batch('k', 1, async () => {
      throw boom;
    });
    const second = mutex.batch('k', 2, server(turns));
    // As if each had tried alone: the first gets its error, the second is served by its own turn.
    await expect(first).rejects.toBe(boom);
    expect(await second).toBe(4);
    expect(turns).toEqual([[2]]);
  });

  it('a lone item whose turn throws before taking it is rejected, not left waiting', async () => {
    const mutex = new KeyedMutex();
    const boom = new Error('lease failed');
    await expect(
      mutex.batch('k', 1, async () => {
        throw boom;
      }),
    ).rejects.toBe(boom);
    const turns: number[][] = [];
    expect(await mutex.batch('k', 2, server(turns))).toBe(4);
    expect(turns).toEqual([[2]]);
  });

  it('a turn that neither takes nor throws rejects its own item', async () => {
    const mutex = new KeyedMutex();
    await expect(mutex.batch('k', 1, async () => undefined)).rejects.toThrow(/never settled/);
  });

  it('a waiter the turn took but never answered is rejected, not left waiting', async () => {
    const mutex = new KeyedMutex();
    const forgetful = async (take: () => Waiter<number, number>[]) => {
      take();
    };
    await expect(mutex.batch('k', 1, forgetful)).rejects.toThrow(/never settled/);
  });
});
