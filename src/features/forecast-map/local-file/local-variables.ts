/**
 * Which of a local file's variables the map can show: numeric, 2-D (y, x) or 3-D (time or another axis, y, x),
 * not themselves coordinates (latitude/longitude arrays, x/y axes, time, bounds), and none at all in a CF
 * point/trajectory file (global featureType). Recognised ice variables first.
 */
import type { ForecastFileMeta, VariableInfo } from '../../../../workers/forecast.api.ts';

export interface LocalVariable {
  name: string;
  /** long_name when the file gives one, else the name. */
  label: string;
  /** Steps along the first dimension of a 3-D variable (1 for 2-D). */
  steps: number;
  /** The first dimension's name for 3-D variables (e.g. 'time', 'month'), else null. */
  stepDimension: string | null;
  /** Each step's date and time in the file's calendar, when that dimension is a CF time axis; else absent. */
  stepLabels?: string[];
  /** Recognised by CF standard_name (drawn with the product's ramp and units). */
  ice: boolean;
}

const NUMERIC = new Set(['byte', 'short', 'int', 'float', 'double', 'ubyte', 'ushort', 'uint', 'int64', 'uint64']);
const ICE_STANDARD_NAMES = new Set(['sea_ice_area_fraction', 'sea_ice_thickness']);
const COORDINATE_STANDARD_NAMES = new Set(['latitude', 'longitude', 'projection_x_coordinate', 'projection_y_coordinate', 'grid_latitude', 'grid_longitude']);

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export function localVariables(meta: Pick<ForecastFileMeta, 'variables'> & Partial<Pick<ForecastFileMeta, 'attributes' | 'stepLabels'>>): LocalVariable[] {
  // CF discrete sampling geometries (drifter trajectories, stations, profiles) hold points, not grids.
  if (text(meta.attributes?.featureType)) return [];
  const referenced = new Set<string>();
  for (const v of meta.variables) {
    for (const key of ['coordinates', 'bounds', 'ancillary_variables']) {
      for (const name of text(v.attributes[key]).split(/\s+/)) if (name) referenced.add(name);
    }
  }
  const isCoordinate = (v: VariableInfo) => {
    const base = v.name.slice(v.name.lastIndexOf('/') + 1);
    return (
      COORDINATE_STANDARD_NAMES.has(text(v.attributes.standard_name)) ||
      text(v.attributes.standard_name) === 'time' ||
      text(v.attributes.axis) !== '' ||
      referenced.has(base) ||
      /^(lat|lon|latitude|longitude|nav_lat|nav_lon)$/i.test(base) ||
      /^degrees?_?(north|east|n|e)$/i.test(text(v.attributes.units))
    );
  };
  const list = meta.variables
    .filter((v) => NUMERIC.has(v.type) && (v.shape.length === 2 || v.shape.length === 3))
    .filter((v) => v.shape.at(-1)! > 1 && v.shape.at(-2)! > 1 && !isCoordinate(v))
    .map((v) => ({
      name: v.name,
      label: text(v.attributes.long_name) || v.name,
      steps: v.shape.length === 3 ? v.shape[0] : 1,
      stepDimension: v.shape.length === 3 ? v.dimensions[0] : null,
      ...(v.shape.length === 3 && meta.stepLabels?.dimension === v.dimensions[0] && meta.stepLabels.labels.length === v.shape[0]
        ? { stepLabels: meta.stepLabels.labels }
        : {}),
      ice: ICE_STANDARD_NAMES.has(text(v.attributes.standard_name)),
    }));
  return [...list.filter((v) => v.ice), ...list.filter((v) => !v.ice)];
}
