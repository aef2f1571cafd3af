/**
 * The offline forecast cache in Cache Storage, so a ship with no link still has its forecasts: one cache of
 * forecast files, subsets and header ranges as the decode worker downloaded them, and its index (cache-index.ts)
 * stored as JSON in a second cache.
 * Range answers (206) cannot be stored as such: they are kept as 200 under a key with `__range=` and their
 * Content-Range in `x-ice-content-range`, and rebuilt as 206 when read.
 */
import { CacheIndex, type CacheIndexData } from './cache-index.ts';

export const FORECAST_CACHE = 'ice-forecasts-v1';
export const INDEX_CACHE = 'ice-forecasts-index-v1';
/** Where the index lives inside INDEX_CACHE (never requested from the server). */
export const INDEX_KEY = '/__ice/forecast-cache-index.json';
export const RANGE_HEADER = 'x-ice-content-range';

/** Upper bound of the cache, bytes: a ship keeps weeks of slices without filling a small disk. */
export const MAX_CACHE_BYTES = 300 * 1024 * 1024;
/** Share of the origin's storage quota the cache may use. */
const QUOTA_SHARE = 0.5;

/** The limit for a storage estimate: the smaller of MAX_CACHE_BYTES and half the quota (or the cap if unknown). */
export function cacheLimit(estimate: { quota?: number } | null | undefined): number {
  const quota = estimate?.quota;
  return typeof quota === 'number' && quota > 0 ? Math.min(MAX_CACHE_BYTES, Math.floor(quota * QUOTA_SHARE)) : MAX_CACHE_BYTES;
}

/** The cache key of a request: its URL, plus the range it asked for. */
export function cacheKey(url: string, range: string | null): string {
  if (!range) return url;
  return `${url}${url.includes('?') ? '&' : '?'}__range=${encodeURIComponent(range.replace(/\s+/g, ''))}`;
}

/** The region a forecast URL names ('arctic' in `region=arctic`); the sector's URLs name none. */
function urlRegion(url: string): string {
  return /[?&]region=([a-z]+)(?:&|$)/.exec(url)?.[1] ?? 'sector';
}

/**
 * The forecast dates ('YYYY-MM-DD') that cached URLs of a region hold (the sector's by default), oldest first: a
 * sector copy is never offered as the whole Arctic's, nor the other way.
 */
export function cachedDates(urls: Iterable<string>, region = 'sector'): string[] {
  const dates = new Set<string>();
  for (const url of urls) {
    const match = /[?&]date=(\d{4}-\d{2}-\d{2})(?:&|$)/.exec(url);
    if (match && /\/(forecast|assim_forecast)\/hist\?/.test(url) && urlRegion(url) === region) dates.add(match[1]);
  }
  return [...dates].sort();
}

/** The index as stored, or an empty one. */
export async function readIndex(storage: CacheStorage, limitBytes: number): Promise<CacheIndex> {
  const cache = await storage.open(INDEX_CACHE);
  const response = await cache.match(INDEX_KEY);
  let data: CacheIndexData | null = null;
  if (response) {
    try {
      data = (await response.json()) as CacheIndexData;
    } catch {
      data = null; // a broken index is rebuilt from nothing; the bodies it named are then unknown but harmless
    }
  }
  return CacheIndex.from(data, limitBytes);
}

export async function writeIndex(storage: CacheStorage, index: CacheIndex): Promise<void> {
  const cache = await storage.open(INDEX_CACHE);
  await cache.put(INDEX_KEY, new Response(JSON.stringify(index), { headers: { 'content-type': 'application/json' } }));
}
