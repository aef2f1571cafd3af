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
import { coveringCells, planarWindow } from '../../../common/forecast-file/bbox.ts';

export interface GridWindow {
  /** The horizontal dimensions the window cuts: [rows, columns] ('latitude', 'longitude' or 'y', 'x'). */
  dimensions: readonly [string, string];
  /** First index and count of each: [rowStart, rowCount], [columnStart, columnCount]. */
  rows: readonly [number, number];
  columns: readonly [number, number];
}

export function bboxWindow(dataset: Nc3Dataset, bbox: Bbox): GridWindow {
  const planar = planarGridFromDataset(dataset);
  const outside = () => new SubsetError(`the box ${bbox.join(',')} lies outside this file's grid`);
  if (planar) {
    const converter = proj4(planar.proj4) as unknown as { forward(p: [number, number]): [number, number] };
    const window = planarWindow(bbox, (point) => converter.forward(point), planar);
    if (!window) throw outside();
    const { rows, columns } = window;
    return { dimensions: ['y', 'x'], rows, columns };
  }
  const has1d = (name: string) => dataset.variables.some((v) => v.name === name && v.shape.length === 1 && v.dimensions[0] === name);
  if (!has1d('latitude') || !has1d('longitude')) throw new SubsetError('this file has neither 1-D latitude/longitude nor x/y with a grid mapping: no bbox');
  const [west, south, east, north] = bbox;
  const rows = coveringCells(dataset.read('latitude') as ArrayLike<number>, south, north, [0]);
  const columns = coveringCells(dataset.read('longitude') as ArrayLike<number>, west, east > west ? east : east + 360, [-360, 0, 360]);
  if (!columns || !rows) throw outside();
  return { dimensions: ['latitude', 'longitude'], rows, columns };
}
