/**
 * The window of a file's grid that covers a longitude/latitude box (`bbox=west,south,east,north`, degrees; west >
 * east crosses 180°): the smallest run of rows and of columns whose cells reach into the box. Read from the file
 * itself, so it holds for either kind of grid:
 *  - 1-D `latitude`/`longitude` (the sector): the rows and columns whose cells overlap the box's latitudes and
 *    longitudes (a turn either way tried, so a box given across 180° meets a grid given in 0…360 and back);
 *  - `x`/`y` with a grid mapping (a projected region, the whole Arctic): the box's outline, every ≤ 0.25°, projected
 *    into the plane (a box reaching 90° holds the pole on its outline); the rows and columns covering its x/y extent.
 */
import proj4 from 'proj4';
import type { Bbox } from '../../../common/forecast-file/subset-query.ts';
import type { Nc3Dataset } from '../../../netcdf/nc3/reader.ts';
import { planarGridFromDataset } from '../../../netcdf/region-file/read-grid.ts';
import { SubsetError } from '../../../common/forecast-file/subset-query.ts';

export interface GridWindow {
  /** The horizontal dimensions the window cuts: [rows, columns] ('latitude', 'longitude' or 'y', 'x'). */
  dimensions: readonly [string, string];
  /** First index and count of each: [rowStart, rowCount], [columnStart, columnCount]. */
  rows: readonly [number, number];
  columns: readonly [number, number];
}

/** Densest step of the box's projected outline, degrees. */
const OUTLINE_STEP_DEG = 0.25;

/** Smallest index range [start, count] of `centres` (a regular axis) whose cells overlap [low, high]; null if none. */
function coveringRange(centres: ArrayLike<number>, low: number, high: number, turns: readonly number[]): [number, number] | null {
  const n = centres.length;
  const half = n > 1 ? Math.abs(centres[n - 1] - centres[0]) / (n - 1) / 2 : 0.5;
  let first = Infinity;
  let last = -Infinity;
  for (let k = 0; k < n; k++) {
    const hit = turns.some((turn) => centres[k] + turn + half > low && centres[k] + turn - half < high);
    if (hit) {
      first = Math.min(first, k);
      last = Math.max(last, k);
    }
  }
  return first <= last ? [first, last - first + 1] : null;
}

/** Index range [start, count] of cells (centre a0 + k·step, n of them) covering the coordinate span [low, high]. */
function planarRange(a0: number, step: number, n: number, low: number, high: number): [number, number] | null {
  const edge = a0 - step / 2;
  const a = Math.floor((low - edge) / step);
  const b = Math.floor((high - edge) / step);
  const first = Math.max(0, Math.min(a, b));
  const last = Math.min(n - 1, Math.max(a, b));
  return first <= last ? [first, last - first + 1] : null;
}

/** The box's outline: longitudes from west eastward to east (past 180° when it crosses), then the meridians. */
function outline([west, south, east, north]: Bbox): [number, number][] {
  const eastward = east > west ? east : east + 360;
  const points: [number, number][] = [];
  const along = (from: number, to: number) => {
    const steps = Math.max(1, Math.ceil(Math.abs(to - from) / OUTLINE_STEP_DEG));
    return Array.from({ length: steps + 1 }, (_, k) => from + ((to - from) * k) / steps);
  };
  for (const lon of along(west, eastward)) points.push([lon, south], [lon, north]);
  for (const lat of along(south, north)) points.push([west, lat], [eastward, lat]);
  return points.map(([lon, lat]) => [lon > 180 ? lon - 360 : lon, lat]);
}

export function bboxWindow(dataset: Nc3Dataset, bbox: Bbox): GridWindow {
  const planar = planarGridFromDataset(dataset);
  const outside = () => new SubsetError(`the box ${bbox.join(',')} lies outside this file's grid`);
  if (planar) {
    const converter = proj4(planar.proj4) as unknown as { forward(p: [number, number]): [number, number] };
    let xmin = Infinity;
    let xmax = -Infinity;
    let ymin = Infinity;
    let ymax = -Infinity;
    for (const point of outline(bbox)) {
      const [x, y] = converter.forward(point);
      if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
      xmin = Math.min(xmin, x);
      xmax = Math.max(xmax, x);
      ymin = Math.min(ymin, y);
      ymax = Math.max(ymax, y);
    }
    const columns = planarRange(planar.x0, planar.dx, planar.nx, xmin, xmax);
    const rows = planarRange(planar.y0, planar.dy, planar.ny, ymin, ymax);
    if (!columns || !rows) throw outside();
    return { dimensions: ['y', 'x'], rows, columns };
  }
  const has1d = (name: string) => dataset.variables.some((v) => v.name === name && v.shape.length === 1 && v.dimensions[0] === name);
  if (!has1d('latitude') || !has1d('longitude')) throw new SubsetError('this file has neither 1-D latitude/longitude nor x/y with a grid mapping: no bbox');
  const [west, south, east, north] = bbox;
  const rows = coveringRange(dataset.read('latitude') as ArrayLike<number>, south, north, [0]);
  const columns = coveringRange(dataset.read('longitude') as ArrayLike<number>, west, east > west ? east : east + 360, [-360, 0, 360]);
  if (!columns || !rows) throw outside();
  return { dimensions: ['latitude', 'longitude'], rows, columns };
}
