/**
 * The page's handle on the decode worker (workers/forecast-client.ts, issue 4), in one place so the page and
 * the benchmark make and dispose it the same way.
 */
import { createForecastClient, type ForecastClient } from '../../../workers/forecast-client.ts';

export interface ForecastWorkerHandle {
  api: Pick<ForecastClient, 'load' | 'scalarSlice' | 'driftSlice' | 'contour' | 'cellSeries' | 'localField'>;
  dispose: () => void;
}

/**
 * Issue 13: /forecasts opened directly starts the decode worker (its script and wasm-free decoder, ~14 KiB) as
 * soon as this chunk runs, a round trip before the page first renders; the page's first
 * createForecastWorker() takes it. Production builds in a browser only.
 */
let prestarted: ReturnType<typeof createForecastClient> | null =
  import.meta.env.PROD && typeof Worker !== 'undefined' && typeof location !== 'undefined' && location.pathname === '/forecasts'
    ? createForecastClient()
    : null;

export function createForecastWorker(): ForecastWorkerHandle {
  const client = prestarted ?? createForecastClient();
  prestarted = null;
  return { api: client, dispose: () => client.dispose() };
}
