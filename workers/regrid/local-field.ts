/**
 * A local file's variable for the map: placed with common/regrid, regridded by nearest neighbour (the map then
 * shows the file's own cell values, nothing smoothed, coasts kept) into the region the map shows. Region
 * `arctic`: onto that region's own polar stereographic grid (EPSG:3413, 6.25 km, 1216 × 1792), so the file draws,
 * hovers and reads out exactly as the region's forecasts do. The sector: onto a regular lat/lon grid covering the
 * file's footprint north of 45°N, at most MAX_SIDE cells a side (the file is shown whole, as before the regions).
 * Recognised ice variables are put in the product's units (concentration 0–1, m).
 */
import { fieldGridOfPlanar, gridShape, type FieldGrid } from '../../common/field-grid.ts';
import { regionById } from '../../common/regions/index.ts';
import type { RegionId } from '../../common/regions/types.ts';
import { applyMapping, buildMapping, describeSourceGrid, footprintGrid, iceQuantity, normaliseUnits, readField } from '../../common/regrid/index.ts';
import type { SourceGrid, TargetGrid } from '../../common/regrid/index.ts';
import type { LocalField } from '../forecast.api.ts';
import { finiteRange } from '../../netcdf/stats.ts';
import type { NetcdfDataset } from '../../netcdf/types.ts';

/** Largest texture side we draw: 2048 fits every WebGL2 implementation (the minimum MAX_TEXTURE_SIZE). */
export const MAX_SIDE = 2048;

/** Where the file lands: the regridder's target and the same grid as the map's layers take it. */
function localTarget(source: SourceGrid, regionId: RegionId): { target: TargetGrid; grid: FieldGrid } {
  const region = regionById(regionId);
  if (region.kind === 'projected') {
    const grid = fieldGridOfPlanar(region.grid);
    // Every projected region is north polar stereographic today (common/regions); another kind would need a layer.
    if (!grid) throw new Error(`region ${regionId}: its grid is not north polar stereographic`);
    return { target: region.grid, grid };
  }
  const grid = footprintGrid(source, { maxSide: MAX_SIDE });
  return { target: grid, grid };
}

export function localField(dataset: NetcdfDataset, variable: string, timeIndex: number, region: RegionId = 'sector'): LocalField {
  const info = dataset.variable(variable);
  const source = describeSourceGrid(dataset, variable);
  const { target, grid } = localTarget(source, region);
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
  const data = applyMapping(buildMapping(source, target, 'nearest'), values);
  const { width, height } = gridShape(grid);
  return { data, width, height, grid, region, ...finiteRange(data), quantity, units, gridDescription: source.description };
}
