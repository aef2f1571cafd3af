/**
 * Files of a projected region (the whole Arctic on EPSG:3413): the spec's four variables on (time, y, x),
 * CF-packed to int16 (packing.ts), with the `x`/`y` axes in metres, 2-D `latitude`/`longitude` of every cell
 * centre, and a CF `polar_stereographic` grid mapping (`crs`) that every data variable names. NetCDF-3 64-bit
 * offset like the sector's files (server/src/archive/forecast-file.ts, unchanged), so the decode worker reads them
 * with the same fast reader and unpacks them as netCDF4-python does.
 *
 *   usi_vsi_GLORYS_direct   bearing towards which the ice moves, radians clockwise from TRUE north (not from
 *                           the grid's y axis, which points to 45°W at the pole and turns with longitude)
 */
import { FILE_UNITS, FILE_VARIABLES, type FileVariable } from '../../common/forecast-file/variables.ts';
import { globalAttributes, timeAttributes } from '../../common/forecast-file/file-attributes.ts';
import { planarAxes } from '../../common/planar-grid.ts';
import { regionLonLat, type ProjectedRegion } from '../../common/regions/index.ts';
import { encodeNetcdf3, type NcAttributeValue, type NcFile, type NcVariable } from '../nc3/writer.ts';
import { PACKED_FILL, PACKING, pack } from './packing.ts';

/** One lead's fields, each nx·ny row-major (row 0 = the grid's first row): m, fraction, east/north m/s. */
export interface RegionFields {
  thickness: Float32Array;
  concentration: Float32Array;
  u: Float32Array;
  v: Float32Array;
}

export interface RegionFileMetadata {
  kind: 'forecast' | 'assim_forecast' | 'analysis';
  /** 'YYYY-MM-DD': the forecast reference date (00:00 UTC), or the analysis date. */
  date: string;
  /** model_id for forecasts, the dataset id for analyses. */
  model: string;
  assimilated: boolean;
  source: string;
  /** Lead time of each state, hours: [24, 48, 72], or [0] for an analysis. */
  leadHours: readonly number[];
  attributes?: Readonly<Record<string, string>>;
}

/** The name of the grid-mapping variable every data variable's `grid_mapping` gives. */
export const GRID_MAPPING_VARIABLE = 'crs';

// 2-D longitude/latitude of a region's cells (~1 s of proj4 for the arctic grid's 2.2 M cells), kept per grid
// (a region is a value: a test's small region may share the arctic's id).
const lonLatCache = new Map<string, { lon: Float32Array; lat: Float32Array }>();
function lonLatOf(region: ProjectedRegion): { lon: Float32Array; lat: Float32Array } {
  const key = JSON.stringify(region.grid);
  let found = lonLatCache.get(key);
  if (!found) {
    const exact = regionLonLat(region);
    found = { lon: Float32Array.from(exact.lon), lat: Float32Array.from(exact.lat) };
    lonLatCache.set(key, found);
  }
  return found;
}

/** CF grid-mapping attributes of EPSG:3413 (WGS 84 polar stereographic north, true scale at 70°N, −45° down). */
function gridMappingAttributes(region: ProjectedRegion): Record<string, NcAttributeValue> {
  return {
    grid_mapping_name: 'polar_stereographic',
    straight_vertical_longitude_from_pole: -45,
    latitude_of_projection_origin: 90,
    standard_parallel: 70,
    false_easting: 0,
    false_northing: 0,
    semi_major_axis: 6378137,
    inverse_flattening: 298.257223563,
    long_name: `${region.crs}: WGS 84 / NSIDC Sea Ice Polar Stereographic North`,
    proj4text: region.proj4,
    crs_wkt: region.wkt,
  };
}

/** Speed (m/s) and direction (radians, bearing towards, clockwise from true north) of one lead. */
function drift({ u, v }: RegionFields): { speed: Float32Array; direction: Float32Array } {
  const speed = new Float32Array(u.length);
  const direction = new Float32Array(u.length);
  for (let k = 0; k < u.length; k++) {
    speed[k] = Math.sqrt(u[k] * u[k] + v[k] * v[k]);
    const bearing = Math.atan2(u[k], v[k]);
    direction[k] = bearing < 0 ? bearing + 2 * Math.PI : bearing;
  }
  return { speed, direction };
}

/** All leads of one field, packed, lead-time blocks in order. */
function packedStack(leads: Float32Array[], name: FileVariable): Int16Array {
  const n = leads[0].length;
  const out = new Int16Array(n * leads.length);
  leads.forEach((values, t) => out.set(pack(values, PACKING[name]), t * n));
  return out;
}

function packedVariable(name: FileVariable, data: Int16Array, standardName: string, longName: string, extra: Record<string, NcAttributeValue> = {}): NcVariable {
  const { scale, offset } = PACKING[name];
  return {
    name,
    type: 'short',
    dimensions: ['time', 'y', 'x'],
    data,
    attributes: {
      units: FILE_UNITS[name],
      standard_name: standardName,
      long_name: longName,
      scale_factor: Float32Array.of(scale),
      add_offset: Float32Array.of(offset),
      _FillValue: Int16Array.of(PACKED_FILL),
      grid_mapping: GRID_MAPPING_VARIABLE,
      coordinates: 'latitude longitude',
      ...extra,
    },
  };
}

/** The file's dimensions, attributes and variables (see the header); one RegionFields per lead. */
export function regionFileLayout(region: ProjectedRegion, leads: RegionFields[], meta: RegionFileMetadata): NcFile {
  const [ny, nx] = region.shape;
  if (leads.length === 0 || leads.length !== meta.leadHours.length) {
    throw new RangeError(`need one state per lead time (${meta.leadHours.length}), got ${leads.length}`);
  }
  for (const lead of leads) {
    for (const [key, values] of Object.entries(lead)) {
      if ((values as Float32Array).length !== nx * ny) throw new RangeError(`${key} has ${(values as Float32Array).length} values, the ${region.id} grid ${nx * ny}`);
    }
  }
  const axes = planarAxes(region.grid);
  const { lon, lat } = lonLatOf(region);
  const drifts = leads.map(drift);
  const coordinate = (name: string, data: Float64Array | Float32Array, dims: string[], type: 'double' | 'float', attributes: Record<string, NcAttributeValue>): NcVariable => ({ name, type, dimensions: dims, data, attributes });
  const variables: NcVariable[] = [
    coordinate('time', Float64Array.from(meta.leadHours), ['time'], 'double', timeAttributes(meta)),
    coordinate('y', axes.y, ['y'], 'double', { standard_name: 'projection_y_coordinate', long_name: 'y of the cell centre', units: 'm', axis: 'Y' }),
    coordinate('x', axes.x, ['x'], 'double', { standard_name: 'projection_x_coordinate', long_name: 'x of the cell centre', units: 'm', axis: 'X' }),
    coordinate('latitude', lat, ['y', 'x'], 'float', { standard_name: 'latitude', long_name: 'latitude of the cell centre', units: 'degrees_north' }),
    coordinate('longitude', lon, ['y', 'x'], 'float', { standard_name: 'longitude', long_name: 'longitude of the cell centre', units: 'degrees_east' }),
    { name: GRID_MAPPING_VARIABLE, type: 'int', dimensions: [], data: Int32Array.of(0), attributes: gridMappingAttributes(region) },
    packedVariable(FILE_VARIABLES.thickness, packedStack(leads.map((l) => l.thickness), FILE_VARIABLES.thickness), 'sea_ice_thickness', 'Sea ice thickness'),
    packedVariable(FILE_VARIABLES.concentration, packedStack(leads.map((l) => l.concentration), FILE_VARIABLES.concentration), 'sea_ice_area_fraction', 'Sea ice concentration'),
    packedVariable(FILE_VARIABLES.speed, packedStack(drifts.map((d) => d.speed), FILE_VARIABLES.speed), 'sea_ice_speed', 'Sea ice drift speed'),
    packedVariable(FILE_VARIABLES.direction, packedStack(drifts.map((d) => d.direction), FILE_VARIABLES.direction), 'direction_of_sea_ice_velocity', 'Sea ice drift direction', {
      comment: 'bearing towards which the ice moves, in radians clockwise from true north (not from the grid y axis)',
    }),
  ];
  return {
    format: '64bit-offset',
    dimensions: [
      { name: 'time', size: meta.leadHours.length },
      { name: 'y', size: ny },
      { name: 'x', size: nx },
    ],
    attributes: globalAttributes(meta, region.id),
    variables,
  };
}

/** Encode one file of a projected region (see regionFileLayout). */
export function encodeRegionFile(region: ProjectedRegion, leads: RegionFields[], meta: RegionFileMetadata): Uint8Array {
  return encodeNetcdf3(regionFileLayout(region, leads, meta));
}
