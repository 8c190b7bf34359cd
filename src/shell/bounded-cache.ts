/**
 * A Map that forgets its least recently used entries past `max`: caches of immutable things
 * (cooked protos by pin, check run ids by commit) that a long-running App must not let grow.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(
    private readonly max: number,
    /** Told of each entry forgotten for room (not of `delete`, `clear` or a `set` over it). */
    private readonly onEvict?: (key: K, value: V) => void,
  ) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.max) {
      const oldest = this.entries.entries().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value[0]);
      this.onEvict?.(oldest.value[0], oldest.value[1]);
    }
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  values(): V[] {
    return [...this.entries.values()];
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
