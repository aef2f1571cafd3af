/**
 * The typed contract between the page and the forecast decode worker (workers/forecast.worker.ts).
 * The page never imports the worker's code, only these types; the worker handle is created in
 * workers/forecast-client.ts and can be replaced by the same implementation running in-process (tests, Node).
 *
 * Units: lead times in hours; drift components in m/s (u eastward, v northward); angles in radians.
 */

export type NetcdfFormat = 'classic' | '64bit-offset' | 'cdf5' | 'netcdf4';

export type AttributeValue = string | number | bigint | number[] | string[];

export interface DimensionInfo {
  name: string;
  size: number;
  unlimited: boolean;
}

export interface VariableInfo {
  /** 'name' at the root, 'group/name' inside NetCDF-4 groups. */
  name: string;
  dimensions: string[];
  shape: number[];
  /** NetCDF type name: byte, char, short, int, float, double, ubyte, ushort, uint, int64, uint64, string. */
  type: string;
  attributes: Record<string, AttributeValue>;
}

/**
 * A regular latitude/longitude grid: cell centre of column i is lon0 + i*dlon, of row j is lat0 + j*dlat
 * (degrees). Row 0 is the first row in the file, so dlat may be negative. Null when the file has no
 * 1-D latitude/longitude coordinates.
 */
export interface RegularGrid {
  lon0: number;
  dlon: number;
  nlon: number;
  lat0: number;
  dlat: number;
  nlat: number;
}

export interface ForecastFileMeta {
  /** Cache key: the URL it was downloaded from, or the name given for bytes. */
  key: string;
  format: NetcdfFormat;
  byteLength: number;
  dimensions: DimensionInfo[];
  variables: VariableInfo[];
  attributes: Record<string, AttributeValue>;
  /** Lead times in hours, one per slice of the time dimension (e.g. [24, 48, 72]). */
  leadTimes: number[];
  grid: RegularGrid | null;
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
}

/** Drift of one lead time: interleaved [u0, v0, u1, v1, ...] in m/s, ready for an rg32float texture. */
export interface DriftSlice {
  data: Float32Array;
  width: number;
  height: number;
  /** Largest finite speed in m/s (0 when none). */
  maxSpeed: number;
}

/**
 * A local file's variable (issue 10) on a regular lat/lon grid covering the file's own footprint: row-major
 * (`height` rows of `grid.nlat` latitudes × `width` columns), NaN where missing, land or outside the file.
 */
export interface LocalField extends ScalarSlice {
  grid: RegularGrid;
  /** Recognised by CF standard_name: then values are in the product's units (fraction 0–1, m). */
  quantity: 'concentration' | 'thickness' | null;
  /** Units of `data`: '1' or 'm' when recognised, else the file's own `units` attribute ('' when none). */
  units: string;
  /** How the file's grid was placed, e.g. "projected laea 432×432, 25 km" (English, for diagnostics). */
  gridDescription: string;
}

/**
 * Errors cross the boundary as {name, message} (comlink keeps both). `name` is one of: 'NetcdfFormatError'
 * (not NetCDF, or a corrupt header), 'NetcdfTruncatedError' (file cut short), 'UnsupportedFeatureError' (e.g. an
 * SZIP-compressed variable, or a variable that is not (time,) lat, lon), 'NetcdfNotFoundError' (unknown file key,
 * variable or lead; also a file that left the cache), 'DownloadError' (network or HTTP status, in the message),
 * 'AbortError', 'RegridError' (a local file's grid cannot be placed: the message is the Russian reason to show).
 */
export interface WorkerError {
  name: string;
  message: string;
}

export interface ForecastWorkerApi {
  /**
   * Download (or take) a file, parse its header and cache it by key. `requestId` lets the page cancel
   * with `abort(requestId)`; `onProgress` is a comlink proxy called with bytes received. A key already in the
   * cache answers at once (no download, no new bytes read). Use the returned `meta.key` for the slice calls.
   */
  open(
    source: { url: string } | { key: string; bytes: ArrayBuffer },
    requestId: string,
    onProgress?: (progress: DownloadProgress) => void,
  ): Promise<ForecastFileMeta>;
  abort(requestId: string): void;
  /** A scalar variable's slice at lead index `lead` (0-based along the time dimension). */
  scalarSlice(key: string, variable: string, lead: number): Promise<ScalarSlice>;
  /** Drift components from speed (m/s) and direction (radians, bearing clockwise from north, towards). */
  driftSlice(key: string, lead: number, speedVariable?: string, directionVariable?: string): Promise<DriftSlice>;
  /**
   * A local file's variable (opened with `open({key, bytes})`) at time index `timeIndex` (0 for 2-D variables),
   * regridded onto a lat/lon grid covering its footprint (≤ 2048 cells a side). Any grid common/regrid places.
   */
  localField(key: string, variable: string, timeIndex: number): Promise<LocalField>;
}
