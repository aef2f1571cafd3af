/**
 * The page's handle on the decode worker (workers/forecast-client.ts), in one place so the page and
 * the benchmark make and dispose it the same way.
 *
 * `prestartForecastWorker()` starts the worker as soon as the map page's chunk runs, while the
 * session check is still on the link, so its script (15 KiB) arrives one round trip earlier; the page's first
 * `createForecastWorker()` then takes that one.
 */
import { createForecastClient, type ForecastClient } from '../../../workers/forecast-client.ts';

export interface ForecastWorkerHandle {
  api: Pick<ForecastClient, 'load' | 'scalarSlice' | 'driftSlice' | 'contour' | 'cellSeries' | 'localField' | 'linkQuiet' | 'allowBackground' | 'linkDecision' | 'iceProbability'>;
  dispose: () => void;
}

let prestarted: ForecastClient | null = null;

export function prestartForecastWorker(): void {
  prestarted ??= createForecastClient();
}

export function createForecastWorker(): ForecastWorkerHandle {
  const client = prestarted ?? createForecastClient();
  prestarted = null;
  return { api: client, dispose: () => client.dispose() };
}
