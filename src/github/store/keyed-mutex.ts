/**
 * One writer at a time per key inside this process: a promise chain per key. The chains live in
 * a process-wide instance by default because Probot hands each webhook its own Octokit, so faces
 * build a store per event; a mutex per store would then guard nothing.
 *
 * `batch` adds group commit on top: items queued for a key while its writer is busy go out
 * together in the next turn, so ten webhooks about one molecule cost one write, not ten.
 */
export interface Waiter<I, R> {
  item: I;
  resolve: (result: R) => void;
}

interface Pending<I, R> extends Waiter<I, R> {
  reject: (error: unknown) => void;
  settled: boolean;
}

export class KeyedMutex {
  private readonly tails = new Map<string, Promise<unknown>>();
  private readonly queued = new Map<string, Pending<unknown, unknown>[]>();

  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.then(fn);
    // The tail never rejects, so one failed writer does not poison the queue behind it.
    const tail = current.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    try {
      return await current;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /**
   * Queues `item` and resolves when a turn has settled it. Every call queues a turn, which does
   * nothing if earlier turns took its item; so a turn may serve items others queued, with its own
   * `serve`: callers sharing a key must be interchangeable for it. `serve` takes the queue with
   * `take()` as late as it can (after its lock is held, so what arrived meanwhile rides along)
   * and settles every waiter it took; those it leaves unsettled, or all it took when it throws,
   * are rejected, and so is its own item if it took nothing: nobody waits forever.
   */
  batch<I, R>(key: string, item: I, serve: (take: () => Waiter<I, R>[]) => Promise<void>): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const mine: Pending<I, R> = {
        item,
        settled: false,
        resolve: (result) => {
          mine.settled = true;
          resolve(result);
        },
        reject,
      };
      const list = (this.queued.get(key) ?? []) as Pending<I, R>[];
      if (list.length === 0) this.queued.set(key, list as Pending<unknown, unknown>[]);
      list.push(mine);
      void this.run(key, async () => {
        if (!this.isQueued(key, mine)) return; // an earlier turn took it
        const taken: Pending<I, R>[] = [];
        let failure: unknown = new Error('a queued write was never settled');
        try {
          await serve(() => {
            const now = (this.queued.get(key) ?? []) as Pending<I, R>[];
            this.queued.delete(key);
            taken.push(...now);
            return now;
          });
        } catch (error) {
          failure = error;
        }
        // What it took and left unsettled; and its own item if it took nothing (no later turn
        // may come for it). Items queued after it have turns of their own.
        for (const w of taken) if (!w.settled) w.reject(failure);
        if (this.isQueued(key, mine)) {
          this.unqueue(key, mine);
          reject(failure);
        }
      });
    });
  }

  private isQueued(key: string, pending: unknown): boolean {
    return (this.queued.get(key) as unknown[] | undefined)?.includes(pending) ?? false;
  }

  private unqueue(key: string, pending: unknown): void {
    const list = this.queued.get(key) as unknown[] | undefined;
    if (!list) return;
    list.splice(list.indexOf(pending), 1);
    if (list.length === 0) this.queued.delete(key);
  }

  /** Keys with a writer running or queued (tests, diagnostics). */
  get busyKeys(): string[] {
    return [...this.tails.keys()];
  }
}

export const processMutex = new KeyedMutex();
