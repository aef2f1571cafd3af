/**
 * A link to /forecasts that names its date (a ship's bookmark, a shared view): the view's first slice is asked
 * for as soon as the app's entry runs, while the map page's chunk and the decode worker's script are still on
 * the link. The subset answer may be kept by the browser a year (`private, immutable`), so the worker's own
 * request for the same URL a few seconds later is answered by the browser's cache (or waits for this one to
 * finish) instead of starting after the worker: on a 256 kbit/s link with 600 ms round trips that is about two
 * seconds sooner. Nothing is asked for when the worker's offline copy already holds the slice or the whole file
 * (a ship's second visit moves no forecast bytes), when the user chose the whole-file path, or in development.
 */
import { FORECAST_CACHE } from '../../../browser/offline/forecast-cache.ts';
import { subsetQuery } from '../../../common/forecast-file/subset-query.ts';
import { forecastFileUrl } from '../../api/forecast.ts';
import { firstSliceOf, leadIndexFromHours } from './forecast-variables.ts';
import { DEFAULT_SELECTION } from './store/selection-slice.ts';
import type { ForecastSearch } from './url-search.ts';

/** The first slice's URL for a search that names its date (null otherwise: the page finds the date first). */
export function firstSliceUrl(search: ForecastSearch): string | null {
  if (!search.date || search.run === 'analysis') return null;
  const leadIndex = search.lead === undefined ? DEFAULT_SELECTION.leadIndex : (leadIndexFromHours(search.lead) ?? DEFAULT_SELECTION.leadIndex);
  const first = firstSliceOf(search.variable ?? DEFAULT_SELECTION.variable, leadIndex);
  const file = forecastFileUrl(search.date, search.assimilated ?? DEFAULT_SELECTION.assimilated);
  return subsetQuery(new URL(file, location.href).href, first.variables, first.leadHours);
}

async function heldOffline(urls: string[]): Promise<boolean> {
  if (typeof caches === 'undefined') return false;
  try {
    const cache = await caches.open(FORECAST_CACHE);
    for (const url of urls) if (await cache.match(url, { ignoreVary: true })) return true;
  } catch {
    // storage unavailable: nothing held
  }
  return false;
}

export function prefetchFirstSlice(search: ForecastSearch): void {
  if (!import.meta.env.PROD || globalThis.localStorage?.getItem('ice.download') === 'whole') return;
  const url = firstSliceUrl(search);
  if (!url) return;
  const file = url.slice(0, url.indexOf('&variables='));
  void heldOffline([url, file]).then(async (held) => {
    if (held) return;
    const reply = await fetch(url, { credentials: 'same-origin', priority: 'high' });
    await reply.arrayBuffer();
  }).catch(() => undefined); // the worker asks again and reports what failed
}
