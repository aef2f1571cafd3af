/**
 * Connects the store to the decode worker. A change of date or run opens that file (by default the shown slice
 * first, so a slow link draws soon: header + one subset, the rest in the worker's background; or the whole file,
 * with progress); a change of lead or variable asks the worker for a slice (fetched by the worker if not there
 * yet), and slices already seen come from a small cache here: no new request either way. On a slow link the
 * worker may answer a switch with a preview first: drawn flagged, then replaced by the full slice. Outside React,
 * driven by `store.subscribe`; stale answers (the user moved on) are dropped.
 */
import { workerFailure, type ForecastClient } from '../../../workers/forecast-client.ts';
import type { DriftSlice, FieldGrid, FirstWindow, ForecastFileMeta, ScalarSlice } from '../../../workers/forecast.api.ts';
import type { Bbox } from '../../../common/forecast-file/subset-query.ts';
import { bboxContains } from '../../../common/forecast-file/bbox.ts';
import { withMargin } from '../../map/view-box.ts';
import { ru } from '../../i18n/ru.ts';
import {
  DRIFT_DIRECTION_VARIABLE,
  DRIFT_SPEED_VARIABLE,
  firstSliceOf,
  POLARIS_CONCENTRATION_VARIABLE,
  POLARIS_THICKNESS_VARIABLE,
  VARIABLE_STYLES,
  type ForecastVariable,
  type LeadIndex,
} from './forecast-variables.ts';
import type { ForecastMapStore } from './store/forecast-map-store.ts';
import type { DisplayField, PolarisSlices } from './store/field-slice.ts';
import { analysisShown } from './analysis-run/analysis-shown.ts';
import { LruCache } from '../../../common/lru-cache.ts';
import type { RegionId } from '../../../common/regions/types.ts';

/** An analysis file's one time step, hours after its own time (a subset asking it for a forecast lead is refused, 422). */
const ANALYSIS_HOURS = 0;

/** Decoded slices kept for instant switching back (each 1301×480 float32 slice is 2.5 MB; drift 5 MB). */
const SLICE_CACHE_SIZE = 12;

export interface ForecastLoaderOptions {
  store: ForecastMapStore;
  worker: Pick<ForecastClient, 'load' | 'scalarSlice' | 'driftSlice'> & Partial<Pick<ForecastClient, 'allowBackground'>>;
  /**
   * The file for a date and run on the region's grid (absolute URL: the worker fetches it); `analysis`: the
   * date's analysis.
   */
  fileUrl: (date: string, assimilated: boolean, analysis: boolean, region: RegionId) => string;
  /**
   * The dates a region has files for, asked again whenever the region changes; omitted when another part of the
   * page supplies them (datesLoaded).
   */
  listDates?: (region: RegionId) => Promise<string[]>;
  /**
   * Ask the worker for the shown slice first (header + one subset), the rest in the background: a slow link
   * draws the view before the whole file has come.
   * False: the whole file first (the behaviour before; the slow-link benchmark's peer). Default true.
   */
  sliceFirst?: boolean;
  /**
   * Resolves when the map has drawn a field of the file `fileKey`; then the worker may fetch the
   * file's other slices in the background (before that the link is the view's). Default: at once.
   */
  whenDrawn?: (fileKey: string) => Promise<void>;
  /**
   * Whether a file of this region opens with its first slice's stride-2 preview, the full slice right after
   * (FirstSlice.preview; link-memory.ts's `previewFirst`: a large grid on a link not known to be fast). Default: never.
   */
  previewFirst?: (region: RegionId) => boolean;
}

/** The sidebar's short reason for a file that failed: not found, could not download, or unreadable. */
export function fileErrorText(error: unknown): string {
  const failure = workerFailure(error);
  switch (failure.name) {
    case 'DownloadError':
      return failure.status === 404 ? ru.forecastMap.fileNotFound : ru.forecastMap.fileFailed;
    default:
      return ru.forecastMap.fileUnreadable;
  }
}

function failureText(error: unknown): string {
  const failure = workerFailure(error);
  return `${failure.name}: ${failure.message}`;
}

/** A file as the page's slice cache names it: its key and which download of it (a replaced analysis is another). */
const fileId = (meta: ForecastFileMeta): string => `${meta.key}#${meta.version ?? 0}`;

export class ForecastLoader {
  /** The file id of each key shown (POLARIS reads this page's cache by key). */
  private readonly fileIds = new Map<string, string>();
  private readonly options: ForecastLoaderOptions;
  private openUrl: string | null = null;
  /** The open in flight: aborting it is the one way to cancel (the client tells the worker). */
  private activeRequest: AbortController | null = null;
  private sliceKey: string | null = null;
  private readonly slices = new LruCache<string, DisplayField>(SLICE_CACHE_SIZE);
  private unsubscribe: (() => void) | null = null;
  /** The region whose dates were last asked for (null: none yet). */
  private listedRegion: RegionId | null = null;
  /** A window's field is being asked again for a view that left it (followView). */
  private followingView = false;
  /** The grid of the last file opened and the region it is of: a new file of that region is expected on it. */
  private lastGrid: { region: RegionId; grid: FieldGrid } | null = null;

  constructor(options: ForecastLoaderOptions) {
    this.options = options;
  }

  /** Start following the store (and fetch the dates when `listDates` was given). Returns stop(). */
  start(): () => void {
    const { store } = this.options;
    this.unsubscribe = store.subscribe(() => this.sync());
    this.sync();
    return () => this.stop();
  }

  /** Asks for the region's dates once per switch; an answer for a region the user has left is dropped. */
  private listDatesOf(region: RegionId): void {
    const { store, listDates } = this.options;
    if (!listDates || region === this.listedRegion) return;
    this.listedRegion = region;
    store.getState().datesLoading();
    listDates(region).then(
      (dates) => {
        if (store.getState().region === region) store.getState().datesLoaded(dates, region);
      },
      (error: unknown) => {
        if (store.getState().region !== region) return;
        console.error(`Forecast dates of region ${region} could not be listed:`, error);
        store.getState().datesFailed(ru.forecastMap.datesFailed);
      },
    );
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.activeRequest?.abort();
    this.activeRequest = null;
  }

  private sync(): void {
    this.listDatesOf(this.options.store.getState().region);
    const state = this.options.store.getState();
    // The analysis when chosen and archived for the date: one time step, so lead index 0.
    const analysis = state.date !== null && analysisShown(state);
    // Just switched region: the date may have no file there; wait for that region's dates (which keep it if so).
    const datesPending = state.datesRegion !== null && state.datesRegion !== state.region;
    const url = state.date === null || datesPending ? null : this.options.fileUrl(state.date, state.assimilated, analysis, state.region);
    if (url !== this.openUrl) {
      this.openUrl = url;
      this.sliceKey = null;
      if (url === null) {
        this.activeRequest?.abort();
        this.activeRequest = null;
        if (state.datesStatus === 'ready' || datesPending) state.fileCleared();
      } else {
        void this.openFile(url, analysis);
      }
      return;
    }
    if (state.fileStatus === 'ready' && state.fileMeta) {
      const leadIndex = analysis ? 0 : state.leadIndex;
      const key = `${fileId(state.fileMeta)}|${state.variable}|${leadIndex}`;
      if (key !== this.sliceKey) {
        this.sliceKey = key;
        void this.showSlice(state.fileMeta, state.variable, leadIndex, key);
      } else {
        this.followView(state.fileMeta, state.variable, leadIndex, key);
      }
    }
  }

  /**
   * A slow link's window is drawn and the view has left its box (panned, zoomed out): ask again with the new view,
   * one ask at a time. The worker answers a new window (only the new ground fetched), or the preview and then the
   * whole field for a wide view; the window stays drawn until then, so the map is never blank.
   */
  private followView(meta: ForecastFileMeta, variable: ForecastVariable, leadIndex: LeadIndex, key: string): void {
    const { field, viewBox } = this.options.store.getState();
    if (!field?.window || !viewBox || this.followingView || bboxContains(field.window, viewBox)) return;
    this.followingView = true;
    void this.showSlice(meta, variable, leadIndex, key).finally(() => {
      this.followingView = false;
      // The view may have moved on while the window came.
      if (this.sliceKey === key) this.sync();
    });
  }

  /** `analysis`: the url is a one-step analysis, whose only time is its own (0 h), not the forecast's lead. */
  private async openFile(url: string, analysis: boolean): Promise<void> {
    const { store, worker } = this.options;
    this.activeRequest?.abort();
    const request = new AbortController();
    this.activeRequest = request;
    store.getState().fileLoading();
    const { variable, leadIndex, region } = store.getState();
    const preview = this.options.previewFirst?.(region) ? { preview: true } : {};
    const window = this.firstWindow(region, variable);
    try {
      const meta = await worker.load(
        this.options.sliceFirst === false
          ? { url }
          : { url, first: { ...(analysis ? { ...firstSliceOf(variable, 0), leadHours: ANALYSIS_HOURS } : firstSliceOf(variable, leadIndex)), ...preview, ...(window ? { window } : {}) } },
        {
          signal: request.signal,
          // Passed across to the worker (comlink proxy): bytes received so far.
          onProgress: (progress) => {
            if (this.activeRequest === request) store.getState().fileProgress(progress);
          },
        },
      );
      if (this.activeRequest !== request) return;
      this.activeRequest = null;
      this.fileIds.set(meta.key, fileId(meta));
      this.lastGrid = meta.grid ? { region, grid: meta.grid } : null;
      store.getState().fileLoaded(meta);
    } catch (error) {
      if (this.activeRequest !== request || workerFailure(error).name === 'AbortError') return;
      this.activeRequest = null;
      console.error(`Forecast file ${url} could not be read: ${failureText(error)}`);
      store.getState().fileFailed(fileErrorText(error));
    }
  }

  /**
   * A date or run changed while zoomed in: the view's box with a margin (the box the view's first ask will carry) and
   * the grid of the region's last file, so that a slow link fetches only the window under the view with the header
   * (FirstSlice.window; the worker applies the window rule). None before the map has come to rest zoomed in, after a
   * region switch (the map is moving to the other region's view), or for POLARIS (it reads whole slices).
   */
  private firstWindow(region: RegionId, variable: ForecastVariable): FirstWindow | null {
    const { viewBox } = this.options.store.getState();
    if (!viewBox || this.lastGrid?.region !== region || VARIABLE_STYLES[variable].kind === 'polaris') return null;
    return { bbox: withMargin(viewBox), grid: this.lastGrid.grid };
  }

  private async showSlice(meta: ForecastFileMeta, variable: ForecastVariable, leadIndex: LeadIndex, key: string): Promise<void> {
    const { store } = this.options;
    const cached = this.slices.get(key);
    if (cached) {
      store.getState().fieldDecoded(cached);
      this.allowBackgroundWhenDrawn(meta.key);
      return;
    }
    const grid = meta.grid;
    const names = new Set(meta.variables.map((v) => v.name));
    const kind = VARIABLE_STYLES[variable].kind;
    const present =
      kind === 'scalar'
        ? names.has(variable)
        : kind === 'polaris'
          ? names.has(POLARIS_CONCENTRATION_VARIABLE) && names.has(POLARIS_THICKNESS_VARIABLE)
          : names.has(DRIFT_SPEED_VARIABLE) && names.has(DRIFT_DIRECTION_VARIABLE);
    if (!grid || !present || leadIndex >= Math.max(1, meta.leadHours.length)) {
      if (!grid) console.error(`Forecast file ${meta.key} has no latitude/longitude or polar stereographic grid`);
      store.getState().fieldUnavailable();
      return;
    }
    try {
      // On a slow link the worker may answer a preview first (never cached here); it is drawn while
      // the full slice, already on its way, is asked for again and replaces it, if the user has not moved on.
      // The view's box with a margin: a zoomed-in view on a slow link is answered with its window (final for it).
      const viewBox = store.getState().viewBox;
      let field = await this.fieldOf(meta.key, variable, leadIndex, grid, { window: viewBox ? withMargin(viewBox) : undefined });
      if (field.window) {
        if (this.sliceKey !== key) return;
        store.getState().fieldDecoded(field);
        this.allowBackgroundWhenDrawn(meta.key);
        return;
      }
      if (field.preview) {
        if (this.sliceKey !== key) return;
        store.getState().fieldDecoded(field);
        field = await this.fieldOf(meta.key, variable, leadIndex, grid, null);
      }
      this.slices.set(key, field);
      if (this.sliceKey !== key) return;
      store.getState().fieldDecoded(field);
      this.allowBackgroundWhenDrawn(meta.key);
    } catch (error) {
      if (this.sliceKey !== key || workerFailure(error).name === 'AbortError') return;
      console.error(`Forecast file ${meta.key}: ${variable} could not be decoded: ${failureText(error)}`);
      // A slice fetched on demand can fail on the network too, not only in decoding.
      store.getState().fileFailed(fileErrorText(error));
    }
  }

  /**
   * The field of a variable at a lead from the worker. `first` (the displayed field's first ask): a slow link may
   * answer with a preview (flagged `preview`) or, for a zoomed-in view (`first.window`, the view's box), its window
   * (flagged `window`); null: the full slice. POLARIS and every other caller get full slices.
   */
  private async fieldOf(fileKey: string, variable: ForecastVariable, leadIndex: LeadIndex, grid: FieldGrid, first: { window?: Bbox } | null): Promise<DisplayField> {
    const { worker } = this.options;
    const kind = VARIABLE_STYLES[variable].kind;
    const base = { fileKey, variable, leadIndex, grid };
    if (kind === 'polaris') return { ...base, kind, slice: await this.polarisSlices(fileKey, leadIndex) };
    const options = first ? { preview: true, ...(first.window ? { window: first.window } : {}) } : undefined;
    const slice =
      kind === 'scalar'
        ? await worker.scalarSlice(fileKey, variable, leadIndex, options)
        : await worker.driftSlice(fileKey, leadIndex, DRIFT_SPEED_VARIABLE, DRIFT_DIRECTION_VARIABLE, options);
    const marks = { ...(slice.preview ? { preview: true } : {}), ...(slice.window ? { window: slice.window } : {}) };
    return kind === 'scalar' ? { ...base, kind, slice: slice as ScalarSlice, ...marks } : { ...base, kind, slice: slice as DriftSlice, ...marks };
  }

  /**
   * Let the worker fetch the rest of the file once this field is on the map (the link serves the view first), and
   * show how it does (slices or the whole file, workers/forecast/link-decision.ts): one call, after which the
   * worker tells each change (the whole file held) by itself.
   */
  private allowBackgroundWhenDrawn(fileKey: string): void {
    const { worker, store } = this.options;
    if (!worker.allowBackground) return;
    const drawn = this.options.whenDrawn?.(fileKey) ?? Promise.resolve();
    drawn
      .then(() =>
        worker.allowBackground?.(fileKey, (decision) => {
          if (store.getState().fileMeta?.key === fileKey) store.getState().linkDecided(decision);
        }),
      )
      .catch(() => undefined);
  }

  /** Concentration and thickness of a lead for POLARIS: from this page's cache when shown before, else the worker. */
  private async polarisSlices(fileKey: string, leadIndex: LeadIndex): Promise<PolarisSlices> {
    const slice = async (variable: ForecastVariable) => {
      const cached = this.slices.get(`${this.fileIds.get(fileKey) ?? fileKey}|${variable}|${leadIndex}`);
      return cached?.kind === 'scalar' ? cached.slice : this.options.worker.scalarSlice(fileKey, variable, leadIndex);
    };
    const [concentration, thickness] = await Promise.all([slice(POLARIS_CONCENTRATION_VARIABLE), slice(POLARIS_THICKNESS_VARIABLE)]);
    return { concentration, thickness };
  }
}
