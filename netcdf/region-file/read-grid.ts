/**
 * The planar grid of a region file (layout.ts), read back from its header and axes: what the decode worker and
 * the server need to place the cells without the 2-D latitude/longitude. Null for a file without one (the sector's
 * files, whose grid is regular in latitude/longitude).
 */
import type { PlanarGrid } from '../../common/planar-grid.ts';
import type { NetcdfDataset } from '../types.ts';
import { GRID_MAPPING_VARIABLE } from './layout.ts';

/** Axis values equal to start + i·step within 1e-6 of a step (they are written as doubles). */
function regularAxis(values: ArrayLike<number>): { start: number; step: number } | null {
  const n = values.length;
  if (n < 2) return null;
  const step = (values[n - 1] - values[0]) / (n - 1);
  for (let i = 0; i < n; i++) if (!(Math.abs(values[i] - (values[0] + i * step)) <= Math.abs(step) * 1e-6)) return null;
  return { start: values[0], step };
}

export function planarGridFromDataset(ds: NetcdfDataset): PlanarGrid | null {
  const mapping = ds.variables.find((v) => v.name === GRID_MAPPING_VARIABLE);
  const proj4 = mapping?.attributes.proj4text;
  const xInfo = ds.variables.find((v) => v.name === 'x' && v.shape.length === 1);
  const yInfo = ds.variables.find((v) => v.name === 'y' && v.shape.length === 1);
  if (typeof proj4 !== 'string' || !xInfo || !yInfo) return null;
  const x = regularAxis(ds.read('x'));
  const y = regularAxis(ds.read('y'));
  if (!x || !y) return null;
  return { proj4, x0: x.start, dx: x.step, nx: xInfo.shape[0], y0: y.start, dy: y.step, ny: yInfo.shape[0] };
}
