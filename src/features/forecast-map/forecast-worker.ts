/**
 * The page's handle on the decode worker (workers/forecast-client.ts, issue 4), in one place so the page and
 * the benchmark make and dispose it the same way.
 */
import { createForecastClient, type ForecastClient } from '../../../workers/forecast-client.ts';

export interface ForecastWorkerHandle {
  api: Pick<ForecastClient, 'load' | 'scalarSlice' | 'driftSlice' | 'contour' | 'cellSeries' | 'localField'>;
  dispose: () => void;
}

export function createForecastWorker(): ForecastWorkerHandle {
  const client = createForecastClient();
  return { api: client, dispose: () => client.dispose() };
}
