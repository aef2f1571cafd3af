/**
 * The typed contract between the page and the forecast decode worker (workers/forecast.worker.ts).
 * The page never imports the worker's code, only these types; the worker handle is created in
 * workers/forecast-client.ts and can be replaced by the same implementation running in-process (tests, Node).
 *
 * Leads: `leadHours` are hours after the forecast's reference time (24, 48, 72: the file's time values, the server,
 * the `lead` of URLs), `leadIndex` the 0-based position along the file's time dimension (the slice calls).
 * Units: drift components in m/s (u eastward, v northward); angles in radians.
 */

// The file's header as the decoder reads it (netcdf/types.ts): part of what open() answers.
import type { AttributeValue, DimensionInfo, NetcdfFormat, VariableInfo } from '../netcdf/types.ts';

export type { AttributeValue, DimensionInfo, NetcdfFormat, VariableInfo };

import type { FieldGrid } from '../common/field-grid.ts';
import type { Bbox } from '../common/forecast-file/subset-query.ts';
import type { RegionId } from '../common/regions/types.ts';

export type { RegularGrid } from '../common/regular-grid.ts';
export type { FieldGrid, LatLonFieldGrid, ProjectedFieldGrid, PolarStereographic } from '../common/field-grid.ts';

export interface ForecastFileMeta {
  /** Cache key: the URL it was downloaded from, or the name given for bytes. */
  key: string;
  format: NetcdfFormat;
  byteLength: number;
  dimensions: DimensionInfo[];
  variables: VariableInfo[];
  attributes: Record<string, AttributeValue>;
  /** Lead times in hours, one per slice of the time dimension (e.g. [24, 48, 72]); `leadHours[leadIndex]`. */
  leadHours: number[];
  /**
   * Where the cells are: a regular latitude/longitude grid (`kind` absent or 'latlon': the sector's files), or
   * `kind: 'projected'`, regular x/y in a north polar stereographic plane (region `arctic`'s files, EPSG:3413);
   * null when the file has neither (2-D or irregular coordinates).
   */
  grid: FieldGrid | null;
  /**
   * Which download of the file under `key` this is: it changes when the worker has fetched the file anew (a file
   * the server replaced under its URL, such as a re-imported analysis), so the page's caches of its slices go.
   */
  version?: number;
  /** The time dimension's steps named for a person (real date and time in the file's calendar), when it has a CF time axis. */
  stepLabels?: { dimension: string; labels: string[] };
}

export interface DownloadProgress {
  loaded: number;
  /** Null when the server sent no Content-Length (or a compressed body whose length is unknown). */
  total: number | null;
}

/** One lead-time slice of a scalar variable, row-major (nlat rows × nlon columns), NaN where missing. */
export interface ScalarSlice {
  data: Float32Array;
  width: number;
  height: number;
  /** Finite minimum and maximum; both NaN when the slice has no finite value. */
  min: number;
  max: number;
  /** True for a preview: coarse values on the full grid, the full slice still to come. */
  preview?: boolean;
  /**
   * A window's answer (SliceOptions.window): the values fetched so far under the view on the full grid, NaN
   * elsewhere; the box they cover for sure (the one asked). Ask again with the new box when the view leaves it.
   */
  window?: Bbox;
}

/** Drift of one lead time: interleaved [u0, v0, u1, v1, ...] in m/s, ready for an rg32float texture. */
export interface DriftSlice {
  data: Float32Array;
  width: number;
  height: number;
  /** Largest finite speed in m/s (0 when none). */
  maxSpeed: number;
  /** True for a preview, as for ScalarSlice. */
  preview?: boolean;
  /** A window's answer, as for ScalarSlice. */
  window?: Bbox;
}

/**
 * `preview: true` (for the displayed field only): when the slice is not held and the link is slow,
 * answer at once with a preview (the server's every-2nd-cell subset, each cell (j, i) taking coarse cell
 * (j >> 1, i >> 1), NaN staying NaN; `preview: true` on the answer) while the full slice is fetched; otherwise
 * the full slice. Ask again without it for the full slice (it waits for the one on its way). Without the flag
 * an answer is always the full slice: point series, trajectories, route checks, POLARIS and the ice edge ask so.
 */
export interface SliceOptions {
  preview?: boolean;
  /**
   * The displayed field of a zoomed-in view: the view's box with a margin (degrees, west > east across 180°). On a
   * slow link, when the box's window of the grid holds at most a quarter of its cells (forecast/grid-window.ts), the
   * answer is the window at full resolution (the server's `bbox=` subset) laid on the full grid, NaN elsewhere,
   * with `window` set; the cells fetched before are kept, so only new ground is fetched. Otherwise as without it.
   */
  window?: Bbox;
}

/**
 * A local file's variable in the region the map shows: on region `arctic`'s own polar stereographic grid, or for
 * the sector on a regular lat/lon grid covering the file's own footprint. Row-major (`height` rows × `width`
 * columns, as `grid` orders them), NaN where missing, land or outside the file.
 */
export interface LocalField extends ScalarSlice {
  grid: FieldGrid;
  /** The region it was regridded for. */
  region: RegionId;
  /** Recognised by CF standard_name: then values are in the product's units (fraction 0–1, m). */
  quantity: 'concentration' | 'thickness' | null;
  /** Units of `data`: '1' or 'm' when recognised, else the file's own `units` attribute ('' when none). */
  units: string;
  /** How the file's grid was placed, e.g. "projected laea 432×432, 25 km" (English, for diagnostics). */
  gridDescription: string;
}

/**
 * Iso-lines of a slice (e.g. the ice edge, concentration 0.15) as polylines in degrees: path p runs from point
 * `starts[p]` to the point before `starts[p+1]` (or the last point); a closed ring repeats its first point.
 * Lines stop where they would run between a valid cell and a NaN one (coasts) or the grid's border.
 */
export interface ContourLines {
  /** [lon0, lat0, lon1, lat1, …] in degrees. */
  coordinates: Float64Array;
  /** Index of each path's first point (a point is two numbers in `coordinates`). */
  starts: Uint32Array;
  level: number;
}

/**
 * Errors cross the boundary as a `WorkerFailure` (worker-errors.ts; read one with `workerFailure(error)`), a
 * closed union by `name`: 'NetcdfFormatError' (not NetCDF, or a corrupt header), 'NetcdfTruncatedError' (file
 * cut short), 'UnsupportedFeatureError' (e.g. an SZIP-compressed variable, or a variable that is not (time,) lat,
 * lon), 'NetcdfNotFoundError' (unknown file key, variable or lead; also a file that left the cache),
 * 'DownloadError' with `status` (HTTP status; 0 when no response came), 'AbortError', 'RegridError' (a local
 * file's grid cannot be placed: the message is the Russian reason to show), 'InternalError' (a bug).
 */
export type { WorkerFailure } from './worker-errors.ts';

/**
 * What a view needs first from a server file (so a slow link draws it before the rest): these variables at
 * this lead (hours).
 * Given with `{url, first}`, the worker reads the file's header (one byte range) and that slice (a subset answer of
 * the server's /hist routes) and answers `open` with the whole file's metadata; the other slices follow in the
 * background at low priority, and a slice not fetched yet is fetched when asked for. A server that cannot subset
 * the file (422) or ignores ranges gets the whole-file download.
 */
export interface FirstSlice {
  variables: string[];
  leadHours: number;
  /**
   * Ask for the slice's stride-2 preview first (`…&stride=2`, about 40 % of its bytes), the full slice right after
   * it: the page's choice for a large grid on a link not measured yet (the whole Arctic's first thickness slice is
   * 330 KB, 10 s at 256 kbit/s; its preview 130 KB). The view's first ask with the preview flag gets the preview.
   */
  preview?: boolean;
  /**
   * A zoomed-in view (a date or run changed while zoomed in): the view's box with a margin and the grid the file is
   * expected on (the page's last file of the same region). On a slow link, when the box's window of that grid holds
   * at most a quarter of its cells (the rule of SliceOptions.window), the first view fetches that window at full
   * resolution with the header instead of the whole slice (or its preview), and the view's first ask with the same
   * box is answered from it (`window` set). The window's own axes must lie on `grid`; otherwise the whole slice is
   * fetched as without it.
   */
  window?: FirstWindow;
}

/** The first view's window (FirstSlice.window): degrees, west > east across 180°. */
export interface FirstWindow {
  bbox: Bbox;
  grid: FieldGrid;
}

/**
 * How the worker fetches a server file opened with `first`, decided once its first slice has arrived: 'whole'
 * on a fast link (at least `thresholdBitsPerSecond`, or the whole compressed file in under `thresholdSeconds`):
 * the whole file right after, every later switch from memory; 'slices' otherwise: slices one by one, previews,
 * the background order.
 */
export interface LinkDecision {
  mode: 'whole' | 'slices';
  /** The link's rate as measured, bits/s; null when nothing was measured (offline copies, small bodies). */
  bitsPerSecond: number | null;
  /** The whole compressed file's estimated transfer time at that rate, s; null when unknown. */
  wholeFileSeconds: number | null;
  thresholdBitsPerSecond: number;
  thresholdSeconds: number;
  /** 'whole' only: the whole file has arrived and is what the slices are read from. */
  held: boolean;
}

/**
 * The probability of ice (0–1 per cell) from several files' forecasts of one valid time, with how many made it:
 * the share of `members` with a value at a cell whose concentration is at or above the level; NaN where none has one.
 */
export interface ProbabilitySlice extends ScalarSlice {
  members: number;
}

export interface ForecastWorkerApi {
  /**
   * Download (or take) a file, parse its header and cache it by key. `requestId` lets the page cancel
   * with `abort(requestId)`; `onProgress` is a comlink proxy called with bytes received. A key already in the
   * cache answers at once (no download, no new bytes read). Use the returned `meta.key` for the slice calls.
   */
  open(
    source: { url: string; first?: FirstSlice } | { key: string; bytes: ArrayBuffer },
    requestId: string,
    onProgress?: (progress: DownloadProgress) => void,
  ): Promise<ForecastFileMeta>;
  abort(requestId: string): void;
  /**
   * The page has drawn a view of the file `key`: the worker may now fetch its other slices in the
   * background, one at a time, giving way to any slice the page asks for, or on a fast link its whole file. Until
   * then it fetches only what is asked. No-op for files held whole or not open. `onDecision` (a comlink proxy) hears
   * how the file is fetched (LinkDecision, null for a file not opened slice-first) at once and again at each change
   * (the whole file held; or failed, slices): the page asks once and is told, never asks back.
   */
  allowBackground(key: string, onDecision?: (decision: LinkDecision | null) => void): void;
  /**
   * Resolves once the worker has nothing on the link or waiting for it: no slice asked for pending and
   * the background done. The page then fetches what can wait (the offline basemap's detailed land).
   */
  linkQuiet(): Promise<void>;
  /**
   * The link's rate an earlier page measured, bits/s (the page keeps it): the worker's estimate until it measures
   * its own, so files opened from the offline copy (no sample) are still judged fast or slow. Ignored once measured.
   */
  seedLinkRate(bitsPerSecond: number): void;
  /** How the file `key` is fetched (see LinkDecision); null for files opened whole, from bytes, or not open. */
  linkDecision(key: string): Promise<LinkDecision | null>;
  /** A scalar variable's slice at `leadIndex` (0-based along the time dimension); a preview: SliceOptions. */
  scalarSlice(key: string, variable: string, leadIndex: number, options?: SliceOptions): Promise<ScalarSlice>;
  /** Drift components at `leadIndex` from speed (m/s) and direction (radians, bearing clockwise from north, towards). */
  driftSlice(key: string, leadIndex: number, speedVariable?: string, directionVariable?: string, options?: SliceOptions): Promise<DriftSlice>;
  /**
   * The values of each variable at one cell (row-major index into the slice) for every lead:
   * `values[v][leadIndex]`, NaN where missing. Decodes (and caches) the slices it needs, transfers only the numbers.
   */
  cellSeries(key: string, variables: string[], cell: number): Promise<number[][]>;
  /** The `level` iso-lines of a scalar variable at `leadIndex` (the file needs a regular grid). */
  contour(key: string, variable: string, leadIndex: number, level: number): Promise<ContourLines>;
  /**
   * A local file's variable (opened with `open({key, bytes})`) at time index `timeIndex` (0 for 2-D variables),
   * regridded into `region` (default the sector): region `arctic`'s own grid, or for the sector a lat/lon grid
   * covering the file's footprint (≤ 2048 cells a side). Any grid common/regrid places.
   */
  localField(key: string, variable: string, timeIndex: number, region?: RegionId): Promise<LocalField>;
  /**
   * 'Вероятность льда': for each opened file `members[i].key`, the variable (concentration, fraction) at
   * `members[i].leadIndex` (fetched like any slice: a file opened by slices fetches just that subset), then per cell the
   * share at or above `level`. The files must share one grid (`UnsupportedFeatureError` otherwise).
   */
  iceProbability(members: { key: string; leadIndex: number }[], variable: string, level: number): Promise<ProbabilitySlice>;
}
