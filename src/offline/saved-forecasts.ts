/** What the offline forecast cache holds, for the page: its dates, its size and its limit. */
import { cachedDates, cacheLimit, FORECAST_CACHE, readIndex } from '../../browser/offline/forecast-cache.ts';

export interface SavedForecasts {
  dates: string[];
  bytes: number;
  limitBytes: number;
}

export async function readSavedForecasts(): Promise<SavedForecasts | null> {
  if (typeof caches === 'undefined') return null;
  const estimate = await navigator.storage?.estimate().catch(() => null);
  const index = await readIndex(caches, cacheLimit(estimate));
  const keys = await (await caches.open(FORECAST_CACHE)).keys();
  return { dates: cachedDates(keys.map((k) => k.url)), bytes: index.totalBytes, limitBytes: index.limitBytes };
}
