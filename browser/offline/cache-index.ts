/**
 * The index of the offline forecast cache: which URLs it holds, their size in bytes and when each was last
 * used, bounded by a byte limit with the least recently used out first. Pure data (JSON in and out), so the
 * decode worker, the service worker and the page read the same thing.
 */

export interface CacheIndexEntry {
  /** The cache key (the request URL, or the range key of a range answer). */
  url: string;
  /** Body bytes as stored (decoded). */
  bytes: number;
  /** Last time it was written or read, ms since the epoch. */
  usedAt: number;
}

export interface CacheIndexData {
  limitBytes: number;
  entries: CacheIndexEntry[];
}

export class CacheIndex {
  private readonly entries = new Map<string, CacheIndexEntry>();

  constructor(
    public limitBytes: number,
    entries: readonly CacheIndexEntry[] = [],
  ) {
    // Oldest first, so that Map order is the eviction order.
    for (const entry of [...entries].sort((a, b) => a.usedAt - b.usedAt)) this.entries.set(entry.url, { ...entry });
  }

  static from(data: CacheIndexData | null | undefined, limitBytes: number): CacheIndex {
    return new CacheIndex(limitBytes, data?.entries ?? []);
  }

  get totalBytes(): number {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.bytes;
    return total;
  }

  get size(): number {
    return this.entries.size;
  }

  has(url: string): boolean {
    return this.entries.has(url);
  }

  urls(): string[] {
    return [...this.entries.keys()];
  }

  /** Mark a URL used now (it moves to the end of the eviction order). */
  touch(url: string, now: number): void {
    const entry = this.entries.get(url);
    if (!entry) return;
    this.entries.delete(url);
    entry.usedAt = Math.max(entry.usedAt, now);
    this.entries.set(url, entry);
  }

  /**
   * Record a stored URL and return the URLs to delete so the total fits the limit (oldest first). An entry
   * larger than the limit on its own is not kept: it is returned for deletion too.
   */
  add(url: string, bytes: number, now: number): string[] {
    this.entries.delete(url);
    this.entries.set(url, { url, bytes, usedAt: now });
    return this.evict();
  }

  remove(url: string): void {
    this.entries.delete(url);
  }

  /** Apply a new limit (e.g. after a storage estimate) and return what no longer fits. */
  setLimit(limitBytes: number): string[] {
    this.limitBytes = limitBytes;
    return this.evict();
  }

  private evict(): string[] {
    const out: string[] = [];
    let total = this.totalBytes;
    for (const [url, entry] of this.entries) {
      if (total <= this.limitBytes) break;
      this.entries.delete(url);
      total -= entry.bytes;
      out.push(url);
    }
    return out;
  }

  toJSON(): CacheIndexData {
    return { limitBytes: this.limitBytes, entries: [...this.entries.values()] };
  }
}
