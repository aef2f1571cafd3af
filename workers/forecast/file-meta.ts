/**
 * What the map needs to know about an opened file beyond its header: which dimension is time, the lead
 * time of each slice (hours after the forecast reference time), and its grid: regular in latitude/longitude, or
 * regular in a north polar stereographic plane (projected-grid.ts), else none.
 */
import type { FieldGrid, ForecastFileMeta, RegularGrid } from '../forecast.api.ts';
import { projectedGrid } from './projected-grid.ts';
import { regular } from './regular-axis.ts';
import { leadTimes, stepLabels } from '../../netcdf/time-axis.ts';
import type { NetcdfDataset, VariableInfo } from '../../netcdf/types.ts';


function coordinate(ds: NetcdfDataset, names: string[], standardName: string): VariableInfo | null {
  const oneD = ds.variables.filter((v) => v.shape.length === 1 && v.shape[0] > 0);
  return (
    oneD.find((v) => v.attributes.standard_name === standardName) ?? oneD.find((v) => names.includes(v.name)) ?? null
  );
}

/** The regular lat/lon grid from 1-D latitude/longitude coordinates, or null (2-D or irregular coordinates). */
export function regularGrid(ds: NetcdfDataset): RegularGrid | null {
  const lat = coordinate(ds, ['latitude', 'lat'], 'latitude');
  const lon = coordinate(ds, ['longitude', 'lon'], 'longitude');
  if (!lat || !lon) return null;
  try {
    const la = regular(ds.read(lat.name));
    const lo = regular(ds.read(lon.name));
    if (!la || !lo) return null;
    return { lon0: lo.start, dlon: lo.step, nlon: lon.shape[0], lat0: la.start, dlat: la.step, nlat: lat.shape[0] };
  } catch {
    return null;
  }
}

/** The file's grid: its 1-D latitude/longitude if regular, else its polar stereographic x/y axes, else null. */
export function fieldGrid(ds: NetcdfDataset): FieldGrid | null {
  return regularGrid(ds) ?? projectedGrid(ds);
}

export function describeFile(key: string, ds: NetcdfDataset): ForecastFileMeta {
  return {
    key,
    format: ds.format,
    byteLength: ds.byteLength,
    dimensions: ds.dimensions.map((d) => ({ ...d })),
    variables: ds.variables.map((v) => ({
      name: v.name,
      dimensions: [...v.dimensions],
      shape: [...v.shape],
      type: v.type,
      attributes: { ...v.attributes },
    })),
    attributes: { ...ds.attributes },
    leadHours: leadTimes(ds),
    grid: fieldGrid(ds),
    ...withStepLabels(ds),
  };
}

function withStepLabels(ds: NetcdfDataset): Pick<ForecastFileMeta, 'stepLabels'> {
  const labels = stepLabels(ds);
  return labels ? { stepLabels: labels } : {};
}
