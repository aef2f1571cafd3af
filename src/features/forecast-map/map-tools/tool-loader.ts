/**
 * What the map tools' loaders (ice edge, point panel, difference, trajectory) share: they follow the store (a
 * `sync` on every change and once at start) and open files through the worker, where a companion file that is not
 * there (no assimilated run or analysis for that date: 404) is normal and anything else is worth a console note.
 */
import { workerFailure, type WorkerFailure } from '../../../../workers/forecast-client.ts';
import type { ForecastMapStore } from '../store/forecast-map-store.ts';

export abstract class ToolLoader<Options extends { store: ForecastMapStore }> {
  protected readonly options: Options;

  constructor(options: Options) {
    this.options = options;
  }

  /** Follows the store until the returned function is called. */
  start(): () => void {
    const unsubscribe = this.options.store.subscribe(() => this.sync());
    this.sync();
    return unsubscribe;
  }

  /** Brings the tool's part of the store in step with the selection. */
  protected abstract sync(): void;
}

/** A file that is not there (404). */
function isNotFound(failure: WorkerFailure): boolean {
  return failure.name === 'DownloadError' && failure.status === 404;
}

/** Notes a failed read on the console: `what` says what was not done ("Ice edge of URL not drawn"). */
export function warnFailure(what: string, error: unknown): void {
  const failure = workerFailure(error);
  console.warn(`${what}: ${failure.name}: ${failure.message}`);
}

/** As warnFailure, but silent for a missing file. */
export function warnUnlessMissing(what: string, error: unknown): void {
  if (!isNotFound(workerFailure(error))) warnFailure(what, error);
}
