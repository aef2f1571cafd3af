/**
 * A Map that keeps at most `limit` entries and drops the least recently used one beyond that: what the regridding,
 * the SQLite statements, the route check's slices and the map's loaders keep for instant reuse. A Map iterates in
 * insertion order, so an entry read is moved to the end and the first key is always the oldest.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();

  /** At least 1: how many entries are kept. */
  constructor(readonly limit: number) {
    if (!(limit >= 1)) throw new RangeError(`an LRU cache keeps at least one entry, not ${limit}`);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Whether the key is held (not a use: its place is kept). */
  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** The value, now the most recently used; undefined when not held. */
  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Keep the value as the most recently used, dropping the least recently used entries beyond the limit. */
  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as K);
    return this;
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
