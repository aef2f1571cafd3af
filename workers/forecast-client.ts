/**
 * The page's handle on the decode worker. It starts workers/forecast.worker.ts as a module worker, wraps it
 * with comlink and offers the same ForecastWorkerApi, plus `load()`, which takes an AbortSignal (abort →
 * one AbortError, at once) and a progress callback. Tests inject another implementation: the in-process
 * ForecastService, or a comlink proxy over a MessageChannel. The page's one handle on the worker: the map page,
 * the forecast generation page and the benchmark make and dispose it the same way.
 */
import * as Comlink from 'comlink';
import type { ContourLines, DownloadProgress, DriftSlice, FirstSlice, ForecastFileMeta, ForecastWorkerApi, LocalField, ProbabilitySlice, ScalarSlice } from './forecast.api.ts';
import { abortError } from './worker-errors.ts';

export { workerFailure, type WorkerFailure } from './worker-errors.ts';

export type ForecastSource = { url: string; first?: FirstSlice } | { key: string; bytes: ArrayBuffer };

export interface LoadOptions {
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
}

export interface ForecastClient extends ForecastWorkerApi {
  /**
   * Open a file (download with progress, or bytes, which are transferred). A relative URL is resolved against
   * the page, and the returned `meta.key` is what later slice calls take.
   */
  load(source: ForecastSource, options?: LoadOptions): Promise<ForecastFileMeta>;
  /** Stops the worker this client started (an injected implementation is left alone). */
  dispose(): void;
}

export interface ForecastClientOptions {
  /** Use this implementation instead of starting a worker (tests, Node, an in-process fallback). */
  api?: ForecastWorkerApi | Comlink.Remote<ForecastWorkerApi>;
}

let requestCounter = 0;

function absolute(url: string): string {
  const base = (globalThis as { location?: { href: string } }).location?.href;
  return base ? new URL(url, base).href : url;
}

/** A worker started ahead by `prestartForecastClient`, which the next `createForecastClient()` takes. */
let prestarted: ForecastClient | null = null;

/**
 * Start the decode worker now: the map page calls this as soon as its chunk runs, while the session check is still
 * on the link, so the worker's script (15 KiB) arrives a round trip earlier. The page's `createForecastClient()`
 * then takes this one.
 */
export function prestartForecastClient(): void {
  prestarted ??= createForecastClient();
}

export function createForecastClient(options: ForecastClientOptions = {}): ForecastClient {
  if (!options.api && prestarted) {
    const started = prestarted;
    prestarted = null;
    return started;
  }
  let worker: Worker | null = null;
  let remote: Comlink.Remote<ForecastWorkerApi> | null = null;
  let api = options.api as ForecastWorkerApi | undefined;
  if (!api) {
    worker = new Worker(new URL('./forecast.worker.ts', import.meta.url), { type: 'module', name: 'forecast-decoder' });
    remote = Comlink.wrap<ForecastWorkerApi>(worker);
    api = remote as unknown as ForecastWorkerApi;
  }
  const target = api;

  const open: ForecastWorkerApi['open'] = (source, requestId, onProgress) => {
    const prepared = 'url' in source ? { ...source, url: absolute(source.url) } : source;
    const message = 'bytes' in prepared ? Comlink.transfer(prepared, [prepared.bytes]) : prepared;
    return Promise.resolve(target.open(message, requestId, onProgress ? Comlink.proxy(onProgress) : undefined));
  };

  return {
    open,
    abort: (requestId) => void target.abort(requestId),
    allowBackground: (key, onDecision) => void target.allowBackground(key, onDecision && Comlink.proxy(onDecision)),
    linkQuiet: () => Promise.resolve(target.linkQuiet()),
    seedLinkRate: (bitsPerSecond) => void target.seedLinkRate(bitsPerSecond),
    linkDecision: (key) => Promise.resolve(target.linkDecision(key)),
    scalarSlice: (key, variable, leadIndex, options): Promise<ScalarSlice> => Promise.resolve(target.scalarSlice(key, variable, leadIndex, options)),
    driftSlice: (key, leadIndex, speed, direction, options): Promise<DriftSlice> =>
      Promise.resolve(target.driftSlice(key, leadIndex, speed, direction, options)),
    cellSeries: (key, variables, cell): Promise<number[][]> => Promise.resolve(target.cellSeries(key, variables, cell)),
    contour: (key, variable, leadIndex, level): Promise<ContourLines> => Promise.resolve(target.contour(key, variable, leadIndex, level)),
    localField: (key, variable, timeIndex, region): Promise<LocalField> => Promise.resolve(target.localField(key, variable, timeIndex, region)),
    iceProbability: (members, variable, level): Promise<ProbabilitySlice> => Promise.resolve(target.iceProbability(members, variable, level)),
    load(source, { signal, onProgress } = {}) {
      if (signal?.aborted) return Promise.reject(abortError());
      const requestId = `load-${++requestCounter}-${Math.random().toString(36).slice(2, 8)}`;
      return new Promise<ForecastFileMeta>((resolve, reject) => {
        let settled = false;
        const onAbort = (): void => {
          if (settled) return;
          settled = true;
          void target.abort(requestId);
          reject(abortError());
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        open(source, requestId, onProgress).then(
          (meta) => {
            signal?.removeEventListener('abort', onAbort);
            if (settled) return;
            settled = true;
            resolve(meta);
          },
          (error: unknown) => {
            signal?.removeEventListener('abort', onAbort);
            if (settled) return; // already rejected with the AbortError
            settled = true;
            reject(error);
          },
        );
      });
    },
    dispose() {
      if (remote) remote[Comlink.releaseProxy]();
      worker?.terminate();
      worker = null;
      remote = null;
    },
  };
}
