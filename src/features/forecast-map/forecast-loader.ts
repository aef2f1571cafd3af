/**
 * Connects the store to the decode worker. A change of date or run opens that file (download with progress,
 * header parse); a change of lead or variable asks the worker for a slice of the file it already holds, and
 * slices already seen come from a small cache here: no new request either way. Outside React, driven by
 * `store.subscribe`; stale answers (the user moved on) are dropped.
 */
import type { DownloadProgress, ForecastFileMeta, ForecastWorkerApi, WorkerError } from '../../../workers/forecast.api.ts';
import { ru } from '../../i18n/ru.ts';
import { VARIABLE_STYLES, type ForecastVariable, type LeadIndex } from './forecast-variables.ts';
import type { ForecastMapStore } from './store/forecast-map-store.ts';
import type { DisplayField } from './store/field-slice.ts';
import { analysisShown } from '../analysis-run/analysis-dates-slice.ts';

/** The worker's drift inputs in the server's files (issue 3). */
export const DRIFT_SPEED_VARIABLE = 'usi_vsi_GLORYS_speed';
export const DRIFT_DIRECTION_VARIABLE = 'usi_vsi_GLORYS_direct';

/** Decoded slices kept for instant switching back (each 1301×480 float32 slice is 2.5 MB; drift 5 MB). */
const SLICE_CACHE_SIZE = 12;

export interface ForecastLoaderOptions {
  store: ForecastMapStore;
  worker: Pick<ForecastWorkerApi, 'open' | 'abort' | 'scalarSlice' | 'driftSlice'>;
  /** The file for a date and run (absolute URL: the worker fetches it); `analysis`: the date's analysis (issue 10). */
  fileUrl: (date: string, assimilated: boolean, analysis?: boolean) => string;
  /** The available dates; omitted when another part of the page supplies them (datesLoaded). */
  listDates?: () => Promise<string[]>;
}

function errorName(error: unknown): string {
  return error && typeof error === 'object' && 'name' in error ? String((error as WorkerError).name) : 'Error';
}
function errorMessage(error: unknown): string {
  return error && typeof error === 'object' && 'message' in error ? String((error as WorkerError).message) : String(error);
}

/** The sidebar's short reason for a file that failed: not found, could not download, or unreadable. */
export function fileErrorText(error: unknown): string {
  const name = errorName(error);
  const message = errorMessage(error);
  if (/\b404\b/.test(message)) return ru.forecastMap.fileNotFound;
  if (/http|network|fetch|download|status/i.test(name) || /^(TypeError|NetworkError)$/.test(name)) {
    return ru.forecastMap.fileFailed;
  }
  return ru.forecastMap.fileUnreadable;
}

function isAbort(error: unknown): boolean {
  return errorName(error) === 'AbortError';
}

export class ForecastLoader {
  private readonly options: ForecastLoaderOptions;
  private openUrl: string | null = null;
  private requestSeq = 0;
  private activeRequest: string | null = null;
  private sliceKey: string | null = null;
  private readonly slices = new Map<string, DisplayField>();
  private unsubscribe: (() => void) | null = null;

  constructor(options: ForecastLoaderOptions) {
    this.options = options;
  }

  /** Start following the store (and fetch the dates when `listDates` was given). Returns stop(). */
  start(): () => void {
    const { store, listDates } = this.options;
    if (listDates) {
      store.getState().datesLoading();
      listDates().then(
        (dates) => store.getState().datesLoaded(dates),
        (error: unknown) => {
          console.error('Forecast dates could not be listed:', error);
          store.getState().datesFailed(ru.forecastMap.datesFailed);
        },
      );
    }
    this.unsubscribe = store.subscribe(() => this.sync());
    this.sync();
    return () => this.stop();
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.activeRequest) this.options.worker.abort(this.activeRequest);
    this.activeRequest = null;
  }

  private sync(): void {
    const state = this.options.store.getState();
    // The analysis (issue 10) when chosen and archived for the date: one time step, so lead index 0.
    const analysis = state.date !== null && analysisShown(state);
    const url = state.date === null ? null : this.options.fileUrl(state.date, state.assimilated, analysis);
    if (url !== this.openUrl) {
      this.openUrl = url;
      this.sliceKey = null;
      if (url === null) {
        if (state.datesStatus === 'ready') state.fileCleared();
      } else {
        void this.openFile(url);
      }
      return;
    }
    if (state.fileStatus === 'ready' && state.fileMeta) {
      const lead = analysis ? 0 : state.lead;
      const key = `${state.fileMeta.key}|${state.variable}|${lead}`;
      if (key !== this.sliceKey) {
        this.sliceKey = key;
        void this.showSlice(state.fileMeta, state.variable, lead, key);
      }
    }
  }

  private async openFile(url: string): Promise<void> {
    const { store, worker } = this.options;
    if (this.activeRequest) worker.abort(this.activeRequest);
    const requestId = `forecast-${++this.requestSeq}`;
    this.activeRequest = requestId;
    store.getState().fileLoading();
    try {
      const meta = await worker.open(
        { url },
        requestId,
        // The client passes this across to the worker (comlink proxy): bytes received so far.
        (progress: DownloadProgress) => {
          if (this.activeRequest === requestId) store.getState().fileProgress(progress);
        },
      );
      if (this.activeRequest !== requestId) return;
      this.activeRequest = null;
      store.getState().fileLoaded(meta);
    } catch (error) {
      if (this.activeRequest !== requestId || isAbort(error)) return;
      this.activeRequest = null;
      console.error(`Forecast file ${url} could not be read: ${errorName(error)}: ${errorMessage(error)}`);
      store.getState().fileFailed(fileErrorText(error));
    }
  }

  private async showSlice(meta: ForecastFileMeta, variable: ForecastVariable, lead: LeadIndex, key: string): Promise<void> {
    const { store } = this.options;
    const cached = this.slices.get(key);
    if (cached) {
      // Refresh its place in the cache (Map keeps insertion order: oldest first).
      this.slices.delete(key);
      this.slices.set(key, cached);
      store.getState().fieldDecoded(cached);
      return;
    }
    const grid = meta.grid;
    const names = new Set(meta.variables.map((v) => v.name));
    const kind = VARIABLE_STYLES[variable].kind;
    const present = kind === 'scalar' ? names.has(variable) : names.has(DRIFT_SPEED_VARIABLE) && names.has(DRIFT_DIRECTION_VARIABLE);
    if (!grid || !present || lead >= Math.max(1, meta.leadTimes.length)) {
      if (!grid) console.error(`Forecast file ${meta.key} has no regular latitude/longitude grid`);
      store.getState().fieldUnavailable();
      return;
    }
    try {
      const field: DisplayField =
        kind === 'scalar'
          ? { kind, fileKey: meta.key, variable, lead, grid, slice: await this.options.worker.scalarSlice(meta.key, variable, lead) }
          : {
              kind,
              fileKey: meta.key,
              variable,
              lead,
              grid,
              slice: await this.options.worker.driftSlice(meta.key, lead, DRIFT_SPEED_VARIABLE, DRIFT_DIRECTION_VARIABLE),
            };
      this.slices.set(key, field);
      while (this.slices.size > SLICE_CACHE_SIZE) this.slices.delete(this.slices.keys().next().value as string);
      if (this.sliceKey !== key) return;
      store.getState().fieldDecoded(field);
    } catch (error) {
      if (this.sliceKey !== key || isAbort(error)) return;
      console.error(`Forecast file ${meta.key}: ${variable} could not be decoded: ${errorName(error)}: ${errorMessage(error)}`);
      store.getState().fileFailed(ru.forecastMap.fileUnreadable);
    }
  }
}
