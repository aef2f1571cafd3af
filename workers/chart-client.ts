/**
 * The page's handle on the chart worker (chart.worker.ts, started on first use): `prepare(url, signal)` resolves a
 * relative URL against the page, and an abort rejects at once with one AbortError (and stops the worker's fetch).
 * Tests inject the in-process ChartService instead of a worker.
 */
import * as Comlink from 'comlink';
import type { ChartWorkerApi, PreparedChart } from './chart.api.ts';
import { abortError } from './worker-errors.ts';

export type { PreparedChart } from './chart.api.ts';

export interface ChartClient {
  prepare(url: string, signal: AbortSignal): Promise<PreparedChart>;
  dispose(): void;
}

let requestCounter = 0;

export function createChartClient(api?: ChartWorkerApi): ChartClient {
  let worker: Worker | null = null;
  let target: ChartWorkerApi | Comlink.Remote<ChartWorkerApi> | undefined = api;
  const started = (): ChartWorkerApi | Comlink.Remote<ChartWorkerApi> => {
    if (!target) {
      worker = new Worker(new URL('./chart.worker.ts', import.meta.url), { type: 'module', name: 'ice-chart' });
      target = Comlink.wrap<ChartWorkerApi>(worker);
    }
    return target;
  };
  return {
    prepare(url, signal) {
      if (signal.aborted) return Promise.reject(abortError());
      const remote = started();
      const requestId = `chart-${++requestCounter}`;
      const base = (globalThis as { location?: { href: string } }).location?.href;
      return new Promise<PreparedChart>((resolve, reject) => {
        const onAbort = (): void => {
          void remote.abort(requestId);
          reject(abortError());
        };
        signal.addEventListener('abort', onAbort, { once: true });
        Promise.resolve(remote.prepare(base ? new URL(url, base).href : url, requestId))
          .then(resolve, reject)
          .finally(() => signal.removeEventListener('abort', onAbort));
      });
    },
    dispose() {
      worker?.terminate();
      worker = null;
    },
  };
}
