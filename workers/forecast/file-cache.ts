/**
 * Decoded files by key, least recently used out when the total passes a byte budget. An entry's cost is its
 * file bytes (twice for NetCDF-4: h5wasm keeps its own copy) plus the slices decoded from it, which are kept
 * so that switching lead time or variable back and forth costs no decode.
 */
import type { ForecastFileMeta } from '../forecast.api.ts';
import type { NetcdfDataset } from '../../netcdf/types.ts';

export const DEFAULT_CACHE_BYTES = 512 * 1024 * 1024; // 512 MiB: a dozen 30 MB forecasts with their slices

/** A decoded slice and the numbers that go with it (min/max, or the maximum speed). */
export interface CachedSlice {
  data: Float32Array;
  min: number;
  max: number;
}

export interface CachedFile {
  dataset: NetcdfDataset;
  meta: ForecastFileMeta;
  slices: Map<string, CachedSlice>;
  bytes: number;
}

export class FileCache {
  private readonly entries = new Map<string, CachedFile>();
  private total = 0;

  constructor(readonly limitBytes: number = DEFAULT_CACHE_BYTES) {}

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.total;
  }

  /** The entry, marked most recently used. */
  get(key: string): CachedFile | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  add(key: string, dataset: NetcdfDataset, meta: ForecastFileMeta): CachedFile {
    this.delete(key);
    const bytes = dataset.byteLength * (dataset.format === 'netcdf4' ? 2 : 1);
    const entry: CachedFile = { dataset, meta, slices: new Map(), bytes };
    this.entries.set(key, entry);
    this.total += bytes;
    this.evict(key);
    return entry;
  }

  /** Keep a decoded slice with its entry (if the entry is still cached). */
  addSlice(key: string, sliceKey: string, slice: CachedSlice): void {
    const entry = this.entries.get(key);
    if (!entry || entry.slices.has(sliceKey)) return;
    entry.slices.set(sliceKey, slice);
    entry.bytes += slice.data.byteLength;
    this.total += slice.data.byteLength;
    this.evict(key);
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
    entry.dataset.close();
  }

  /** Drop least recently used entries until under the limit; `keep` (the one in use) goes last. */
  private evict(keep: string): void {
    for (const key of [...this.entries.keys()]) {
      if (this.total <= this.limitBytes) return;
      if (key !== keep) this.delete(key);
    }
    // Still over: the entry in use alone is too big; drop its slices (the file itself stays usable).
    const entry = this.entries.get(keep);
    if (entry && this.total > this.limitBytes) {
      for (const slice of entry.slices.values()) {
        entry.bytes -= slice.data.byteLength;
        this.total -= slice.data.byteLength;
      }
      entry.slices.clear();
    }
  }
}
