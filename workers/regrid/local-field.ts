/**
 * A local file's variable for the map: placed with common/regrid, regridded by nearest neighbour
 * (the map then shows the file's own cell values, nothing smoothed, coasts kept) onto a regular lat/lon grid
 * covering the file's footprint north of 45°N, at most MAX_SIDE cells a side (a size every WebGL2 GPU takes
 * as a float texture). Recognised ice variables are put in the product's units (concentration 0–1, m).
 */
import { applyMapping, buildMapping, describeSourceGrid, footprintGrid, iceQuantity, normaliseUnits, readField } from '../../common/regrid/index.ts';
import type { LocalField } from '../forecast.api.ts';
import { finiteRange } from '../../netcdf/stats.ts';
import type { NetcdfDataset } from '../../netcdf/types.ts';

/** Largest texture side we draw: 2048 fits every WebGL2 implementation (the minimum MAX_TEXTURE_SIZE). */
export const MAX_SIDE = 2048;

export function localField(dataset: NetcdfDataset, variable: string, timeIndex: number): LocalField {
  const info = dataset.variable(variable);
  const source = describeSourceGrid(dataset, variable);
  const grid = footprintGrid(source, { maxSide: MAX_SIDE });
  const raw = readField(dataset, variable, { time: info.shape.length >= 3 ? timeIndex : 0 });
  const recognised = iceQuantity(info);
  const quantity = recognised === 'concentration' || recognised === 'thickness' ? recognised : null;
  const fileUnits = typeof info.attributes.units === 'string' ? info.attributes.units : '';
  let values: Float32Array = raw;
  let units = fileUnits;
  if (quantity) {
    const normalised = normaliseUnits(raw, fileUnits, quantity, variable);
    values = normalised.values;
    units = normalised.units;
  }
  const data = applyMapping(buildMapping(source, grid, 'nearest'), values);
  return { data, width: grid.nlon, height: grid.nlat, grid, ...finiteRange(data), quantity, units, gridDescription: source.description };
}
