/**
 * The one way a whole file is fetched and opened: downloaded whole (a file opened without `first`, a server that
 * cannot subset it, the fast link's whole file after its first slice), or its bytes given (a file from disk, a
 * server that sent the whole file instead of the header range), then read, described and cached under its key.
 */
import type { DownloadProgress, ForecastFileMeta } from '../forecast.api.ts';
import { openNetcdf } from '../../netcdf/open-netcdf.ts';
import { download } from './download.ts';
import type { FileCache } from './file-cache.ts';
import { describeFile } from './file-meta.ts';
import type { LinkRate } from './link-rate.ts';
import type { TransferClock } from './transfer-timing.ts';

export interface WholeDownload {
  signal: AbortSignal;
  fetchImpl: typeof fetch;
  onProgress?: (progress: DownloadProgress) => void;
  /** Measures the link with this body (link-rate.ts); a file opened whole from the start is not timed. */
  rate?: LinkRate;
  /** The clock the rate is measured with, and the browser's record of the transfer (tests pass a fake one). */
  clock?: TransferClock;
}

/** The bytes of the whole file at `url`. */
export function fetchWholeFile(url: string, options: WholeDownload): Promise<Uint8Array> {
  const { rate } = options;
  return download(url, options.signal, options.onProgress, options.fetchImpl, rate && ((body) => rate.record(body)), options.clock);
}

export interface CacheOptions {
  /** Asked once the bytes are read (a NetCDF-4 file takes a moment): false → closed, nothing cached, null. */
  stillWanted?: () => boolean;
  /** Which download of the file this continues (the fast link's whole file completing a partial one keeps its number). */
  version?: number;
}

/** Open `bytes` as the file `key` and cache it; its meta, or null when no longer wanted. */
export async function cacheWholeFile(cache: FileCache, key: string, bytes: Uint8Array, options: CacheOptions = {}): Promise<ForecastFileMeta | null> {
  const dataset = await openNetcdf(bytes);
  if (options.stillWanted && !options.stillWanted()) {
    dataset.close();
    return null;
  }
  let meta: ForecastFileMeta;
  try {
    meta = describeFile(key, dataset);
  } catch (error) {
    dataset.close();
    throw error;
  }
  if (options.version !== undefined) meta = { ...meta, version: options.version };
  cache.add(key, dataset, meta);
  return meta;
}
