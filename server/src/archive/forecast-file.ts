/**
 * Forecast and analysis files: IceState(s) ⇄ NetCDF-3 (64-bit offset) with the variables the app reads.
 *
 * The variable names and units are common/forecast-file/variables.ts's. Dimensions (time, latitude, longitude), time fixed-size (not unlimited) so that each variable is one
 * contiguous block and its lead-time slices follow each other. Variables are float32, NaN-filled where there
 * is land or no value, bit-rounded (see bit-round.ts):
 *   sithick_GLORYS           sea-ice thickness, m
 *   sea_ice_fraction_BREMEN  sea-ice concentration, 1
 *   usi_vsi_GLORYS_speed     drift speed, m s-1
 *   usi_vsi_GLORYS_direct    drift direction, radians, the bearing towards which the ice moves, clockwise from north
 * `time` is in hours since the forecast reference time (00:00 UTC of the forecast date), so its values are the
 * lead times (24, 48, 72; 0 for an analysis).
 */
import { FILE_UNITS, FILE_VARIABLES } from '../../../common/forecast-file/variables.ts';
import { globalAttributes, timeAttributes } from '../../../common/forecast-file/file-attributes.ts';
import { bitRound, KEEPBITS } from './bit-round.ts';
import { latitudes, longitudes, type Grid } from '../grid/grid.ts';
import { driftComponents, type IceState } from '../grid/ice-state.ts';
import { Nc3Dataset } from '../../../netcdf/nc3/reader.ts';
import type { AttributeValue } from '../../../netcdf/types.ts';
import { encodeNetcdf3, type NcAttributeValue, type NcFile, type NcVariable } from '../../../netcdf/nc3/writer.ts';

export type FileKind = 'forecast' | 'assim_forecast' | 'analysis';

export interface FileMetadata {
  kind: FileKind;
  /** 'YYYY-MM-DD': the forecast reference date (00:00 UTC), or the analysis date. */
  date: string;
  /** model_id for forecasts; the dataset id for analyses. */
  model: string;
  modelType?: string;
  /** Started from the analysis of `date` (assimilated) rather than from the previous forecast (free run). */
  assimilated: boolean;
  /** Where the initial data come from, e.g. 'демонстрационные данные'. */
  source: string;
  /** Lead time of each state, hours (e.g. [24, 48, 72], or [0] for an analysis). */
  leadHours: readonly number[];
  /** More global attributes (a network's checksum and spec); they cannot replace the ones above. */
  attributes?: Readonly<Record<string, string>>;
}

const FILL = Float32Array.of(NaN);

function fieldAttributes(units: string, standardName: string, longName: string, keepbits: number, extra: Record<string, NcAttributeValue> = {}) {
  return {
    units,
    standard_name: standardName,
    long_name: longName,
    _FillValue: FILL,
    _QuantizeBitRoundNumberOfSignificantBits: Int32Array.of(keepbits),
    ...extra,
  };
}

/** Concatenate one field of every state (lead-time blocks in order), bit-rounded. */
function stack(states: IceState[], pick: (s: IceState) => Float32Array, keepbits: number): Float32Array {
  const n = states[0].thickness.length;
  const out = new Float32Array(n * states.length);
  states.forEach((s, t) => out.set(pick(s), t * n));
  return bitRound(out, keepbits);
}

/** Speed (m/s) and direction (radians, bearing towards, clockwise from north) of every lead, in one pass. */
function stackDrift(states: IceState[]): { speed: Float32Array; direction: Float32Array } {
  const n = states[0].u.length;
  const speed = new Float32Array(n * states.length);
  const direction = new Float32Array(n * states.length);
  const turn = 2 * Math.PI;
  states.forEach(({ u, v }, t) => {
    const base = t * n;
    for (let k = 0; k < n; k++) {
      const east = u[k];
      const north = v[k];
      speed[base + k] = Math.sqrt(east * east + north * north);
      const bearing = Math.atan2(east, north);
      direction[base + k] = bearing < 0 ? bearing + turn : bearing;
    }
  });
  return { speed, direction };
}

export interface EncodeOptions {
  /** Mantissa bits kept per variable (default KEEPBITS; 23 keeps every bit). */
  keepbits?: Readonly<Record<keyof typeof KEEPBITS, number>>;
}

/** Encode states (one per lead time, all on one grid) into a NetCDF file. */
export function encodeStateFile(states: IceState[], meta: FileMetadata, options: EncodeOptions = {}): Uint8Array {
  return encodeNetcdf3(stateFileLayout(states, meta, options));
}

/** The file's dimensions, attributes and variables, data derived (speed, direction) and bit-rounded. */
export function stateFileLayout(states: IceState[], meta: FileMetadata, options: EncodeOptions = {}): NcFile {
  const keep = options.keepbits ?? KEEPBITS;
  if (states.length === 0 || states.length !== meta.leadHours.length) {
    throw new RangeError(`need one state per lead time (${meta.leadHours.length}), got ${states.length}`);
  }
  const grid = states[0].grid;
  const drift = stackDrift(states);
  const dims = ['time', 'latitude', 'longitude'];
  const variables: NcVariable[] = [
    {
      name: 'time',
      type: 'double',
      dimensions: ['time'],
      data: Array.from(meta.leadHours),
      attributes: timeAttributes(meta),
    },
    {
      name: 'latitude',
      type: 'double',
      dimensions: ['latitude'],
      data: latitudes(grid),
      attributes: { standard_name: 'latitude', long_name: 'latitude of the cell centre', units: 'degrees_north', axis: 'Y' },
    },
    {
      name: 'longitude',
      type: 'double',
      dimensions: ['longitude'],
      data: longitudes(grid),
      attributes: { standard_name: 'longitude', long_name: 'longitude of the cell centre', units: 'degrees_east', axis: 'X' },
    },
    {
      name: FILE_VARIABLES.thickness,
      type: 'float',
      dimensions: dims,
      data: stack(states, (s) => s.thickness, keep.thickness),
      attributes: fieldAttributes(FILE_UNITS[FILE_VARIABLES.thickness], 'sea_ice_thickness', 'Sea ice thickness', keep.thickness),
    },
    {
      name: FILE_VARIABLES.concentration,
      type: 'float',
      dimensions: dims,
      data: stack(states, (s) => s.concentration, keep.concentration),
      attributes: fieldAttributes(FILE_UNITS[FILE_VARIABLES.concentration], 'sea_ice_area_fraction', 'Sea ice concentration', keep.concentration),
    },
    {
      name: FILE_VARIABLES.speed,
      type: 'float',
      dimensions: dims,
      data: bitRound(drift.speed, keep.speed),
      attributes: fieldAttributes(FILE_UNITS[FILE_VARIABLES.speed], 'sea_ice_speed', 'Sea ice drift speed', keep.speed),
    },
    {
      name: FILE_VARIABLES.direction,
      type: 'float',
      dimensions: dims,
      data: bitRound(drift.direction, keep.direction),
      attributes: fieldAttributes(FILE_UNITS[FILE_VARIABLES.direction], 'direction_of_sea_ice_velocity', 'Sea ice drift direction', keep.direction, {
        comment: 'bearing towards which the ice moves, clockwise from north',
      }),
    },
  ];
  return {
    format: '64bit-offset',
    dimensions: [
      { name: 'time', size: meta.leadHours.length },
      { name: 'latitude', size: grid.nlat },
      { name: 'longitude', size: grid.nlon },
    ],
    attributes: globalAttributes(meta),
    variables,
  };
}

/** The regular grid of a file this module wrote, from its 1-D coordinates. */
export function gridFromDataset(dataset: Nc3Dataset): Grid {
  const lat = dataset.read('latitude');
  const lon = dataset.read('longitude');
  // Spacing from the whole span, rounded to 1e-9°, so 0.05 comes back exactly.
  const step = (a: ArrayLike<number>) => (a.length > 1 ? Math.round(((a[a.length - 1] - a[0]) / (a.length - 1)) * 1e9) / 1e9 : 1);
  const at = (x: number) => Math.round(x * 1e9) / 1e9;
  return { lat0: at(lat[0]), dlat: step(lat), nlat: lat.length, lon0: at(lon[0]), dlon: step(lon), nlon: lon.length };
}

/**
 * The state at lead index `lead` of a file this module wrote (drift back to components). Read with the
 * project's one NetCDF decoder (netcdf/), which reads just that lead's slab of each variable.
 */
export function decodeStateFile(bytes: Uint8Array, lead: number): { state: IceState; attributes: Record<string, AttributeValue> } {
  const dataset = new Nc3Dataset(bytes);
  const grid = gridFromDataset(dataset);
  const slice = (name: string): Float32Array => {
    const values = dataset.read(name, lead);
    // The files hold float32; a wider type means the file is not one of ours.
    return values instanceof Float32Array ? values : Float32Array.from(values);
  };
  const { u, v } = driftComponents(slice(FILE_VARIABLES.speed), slice(FILE_VARIABLES.direction));
  const state: IceState = { grid, thickness: slice(FILE_VARIABLES.thickness), concentration: slice(FILE_VARIABLES.concentration), u, v };
  return { state, attributes: dataset.attributes };
}
