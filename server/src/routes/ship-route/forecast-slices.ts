/**
 * Concentration and thickness of one lead time of a forecast file, read with the project's NetCDF decoder
 * (netcdf/: only that lead's slab of each variable), with the file's grid. A few recent slices are
 * kept in memory by path, ETag, size, modification time and lead, so checking a route for +24/+48/+72 or for
 * another class reads the file once per lead.
 */
import { readFile, stat } from 'node:fs/promises';
import { openNetcdf } from '../../../../netcdf/open-netcdf.ts';
import type { RegularGrid } from '../../../../common/regular-grid.ts';
import type { PlanarGrid } from '../../../../common/planar-grid.ts';
import { planarGridFromDataset } from '../../../../netcdf/region-file/read-grid.ts';
import { FILE_VARIABLES } from '../../../../common/forecast-file/variables.ts';
import { LruCache } from '../../../../common/lru-cache.ts';

export interface LeadSlices {
  /** The sector's latitude/longitude grid, or a projected region's plane (read from the file's x/y and `crs`). */
  grid: RegularGrid | PlanarGrid;
  /** Fraction 0…1, NaN on land / no data; row-major (row j = lat0 + j·dlat, or y0 + j·dy). */
  concentration: Float32Array;
  /** Metres, NaN on land / no data. */
  thickness: Float32Array;
}

/** The lead is not in the file (its `time` values are the lead hours). */
export class MissingLeadError extends Error {}

/** Slices kept: each lead of the 1301×480 grid holds 2 × 2.5 MB, of the whole Arctic's 1216 × 1792 2 × 8.7 MB. */
const CACHE_SIZE = 6;
const cache = new LruCache<string, LeadSlices>(CACHE_SIZE);

function gridOf(lat: ArrayLike<number>, lon: ArrayLike<number>): RegularGrid {
  // Spacing from the whole span, as server/src/archive/forecast-file.ts reads its own files.
  const step = (a: ArrayLike<number>) => (a.length > 1 ? (a[a.length - 1] - a[0]) / (a.length - 1) : 1);
  return { lat0: lat[0], dlat: step(lat), nlat: lat.length, lon0: lon[0], dlon: step(lon), nlon: lon.length };
}

const asFloat32 = (values: ArrayLike<number | bigint>): Float32Array =>
  values instanceof Float32Array ? values : Float32Array.from(values as ArrayLike<number>);

export async function readLeadSlices(path: string, etag: string, leadHours: number): Promise<LeadSlices> {
  // Size and modification time too: a file replaced in place (same index row) must not be served from memory.
  const { size, mtimeMs } = await stat(path);
  const key = `${path}|${etag}|${size}|${mtimeMs}|${leadHours}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const bytes = await readFile(path);
  const dataset = await openNetcdf(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  try {
    const times = Array.from(dataset.read('time') as ArrayLike<number>);
    const lead = times.findIndex((t) => Math.abs(Number(t) - leadHours) < 1e-6);
    if (lead < 0) throw new MissingLeadError(`No +${leadHours} h lead in the file (it has ${times.join(', ')})`);
    const slices: LeadSlices = {
      grid: planarGridFromDataset(dataset) ?? gridOf(dataset.read('latitude') as ArrayLike<number>, dataset.read('longitude') as ArrayLike<number>),
      concentration: asFloat32(dataset.read(FILE_VARIABLES.concentration, lead) as ArrayLike<number>),
      thickness: asFloat32(dataset.read(FILE_VARIABLES.thickness, lead) as ArrayLike<number>),
    };
    cache.set(key, slices);
    return slices;
  } finally {
    dataset.close();
  }
}
