/**
 * One writer at a time per key inside this process: a promise chain per key. The chains live in
 * a process-wide instance by default because Probot hands each webhook its own Octokit, so faces
 * build a store per event; a mutex per store would then guard nothing.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<unknown>>();

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

  /** Keys with a writer running or queued (tests, diagnostics). */
  get busyKeys(): string[] {
    return [...this.tails.keys()];
  }
}

export const processMutex = new KeyedMutex();
