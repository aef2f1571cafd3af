/**
 * What the map needs to know about an opened file beyond its header: which dimension is time, the lead
 * time of each slice (hours after the forecast reference time), and the regular lat/lon grid if there is one.
 */
import type { ForecastFileMeta, RegularGrid } from '../forecast.api.ts';
import { leadTimes, stepLabels } from '../../netcdf/time-axis.ts';
import type { NetcdfDataset, VariableInfo } from '../../netcdf/types.ts';


function coordinate(ds: NetcdfDataset, names: string[], standardName: string): VariableInfo | null {
  const oneD = ds.variables.filter((v) => v.shape.length === 1 && v.shape[0] > 0);
  return (
    oneD.find((v) => v.attributes.standard_name === standardName) ?? oneD.find((v) => names.includes(v.name)) ?? null
  );
}

/** Regular spacing within a small fraction of a step (coordinates may be stored as float32). */
function regular(values: ArrayLike<number>): { start: number; step: number } | null {
  const n = values.length;
  if (n === 0 || !Array.from(values).every(Number.isFinite)) return null;
  if (n === 1) return { start: values[0], step: 0 };
  const step = (values[n - 1] - values[0]) / (n - 1);
  if (step === 0) return null;
  const tolerance = Math.abs(step) * 1e-3;
  for (let i = 1; i < n; i++) {
    if (Math.abs(values[i] - (values[0] + i * step)) > tolerance) return null;
  }
  return { start: values[0], step };
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
    grid: regularGrid(ds),
    ...withStepLabels(ds),
  };
}

function withStepLabels(ds: NetcdfDataset): Pick<ForecastFileMeta, 'stepLabels'> {
  const labels = stepLabels(ds);
  return labels ? { stepLabels: labels } : {};
}
