/**
 * The page's handle on the decode worker (workers/forecast-client.ts, issue 4). Kept in one place so the
 * page, tests and the benchmark share how it is made and disposed.
 */
import type { ForecastWorkerApi } from '../../../workers/forecast.api.ts';

export interface ForecastWorkerHandle {
  api: Pick<ForecastWorkerApi, 'open' | 'abort' | 'scalarSlice' | 'driftSlice'>;
  dispose: () => void;
}

export function createForecastWorker(): ForecastWorkerHandle {
  throw new Error('decode worker client not available yet');
}
