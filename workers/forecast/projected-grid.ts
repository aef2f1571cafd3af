/**
 * A file's grid when it is regular in a north polar stereographic plane (region `arctic`'s files, NSIDC's):
 * 1-D x/y axes (CF `projection_x_coordinate`/`projection_y_coordinate`, or named x/y; metres or km) and a CF
 * `polar_stereographic` grid mapping named by a data variable's `grid_mapping`. Read from the CF attributes, so
 * any such file places its cells, not only ours; a bbox window or a stride-2 preview is the same grid thinned or cut.
 */
import type { ProjectedFieldGrid } from '../forecast.api.ts';
import type { AttributeValue, NetcdfDataset, VariableInfo } from '../../netcdf/types.ts';
import { NSIDC_NORTH, polarForward, polarProj4, type PolarStereographic } from '../../common/polar-stereographic.ts';
import { regular } from './regular-axis.ts';

function numberOf(value: AttributeValue | undefined): number | undefined {
  const n = Array.isArray(value) || ArrayBuffer.isView(value) ? (value as ArrayLike<number>)[0] : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** The axis by CF standard_name, else by name; with its factor to metres (null for other units). */
function axis(ds: NetcdfDataset, standardName: string, name: string): { info: VariableInfo; toMetres: number } | null {
  const oneD = ds.variables.filter((v) => v.shape.length === 1 && v.shape[0] > 0);
  const info = oneD.find((v) => v.attributes.standard_name === standardName) ?? oneD.find((v) => v.name === name);
  if (!info) return null;
  const units = String(info.attributes.units ?? 'm').trim();
  const toMetres = units === 'm' || units === 'metre' || units === 'meter' || units === 'metres' ? 1 : units === 'km' ? 1000 : null;
  return toMetres === null ? null : { info, toMetres };
}

/** The CF polar_stereographic mapping's parameters, north pole only (null for anything else). */
function polarMapping(attributes: Record<string, AttributeValue>): PolarStereographic | null {
  if (attributes.grid_mapping_name !== 'polar_stereographic') return null;
  if (numberOf(attributes.latitude_of_projection_origin) !== 90) return null;
  const centralLongitude = numberOf(attributes.straight_vertical_longitude_from_pole);
  const trueScaleLatitude = numberOf(attributes.standard_parallel);
  if (centralLongitude === undefined || trueScaleLatitude === undefined) return null;
  const a = numberOf(attributes.semi_major_axis) ?? NSIDC_NORTH.semiMajorAxis;
  const b = numberOf(attributes.semi_minor_axis);
  const inverseFlattening = numberOf(attributes.inverse_flattening) ?? (b !== undefined ? (b === a ? Infinity : a / (a - b)) : NSIDC_NORTH.inverseFlattening);
  return {
    centralLongitude,
    trueScaleLatitude,
    semiMajorAxis: a,
    inverseFlattening,
    falseEasting: numberOf(attributes.false_easting) ?? 0,
    falseNorthing: numberOf(attributes.false_northing) ?? 0,
  };
}

/** The grid mapping some data variable names (`grid_mapping = "crs"`), when it is a north polar stereographic one. */
function namedPolarMapping(ds: NetcdfDataset): { name: string; projection: PolarStereographic } | null {
  for (const v of ds.variables) {
    const name = v.attributes.grid_mapping;
    if (typeof name !== 'string') continue;
    const mapping = ds.variables.find((m) => m.name === name.trim());
    const projection = mapping ? polarMapping(mapping.attributes) : null;
    if (projection) return { name: name.trim(), projection };
  }
  return null;
}

/** A quarter of a cell: how far the axes may place a cell from the file's own 2-D latitude/longitude. */
const AGREEMENT_CELLS = 0.25;

/**
 * False when the file also holds 2-D latitude/longitude (y, x) and the axes with the mapping put a cell more than
 * AGREEMENT_CELLS away from them, checked at the corners and the centre: CF makes latitude/longitude the truth, and
 * some files' x/y are only approximate (Arctic20_1to5Feb_2016.nc's are 18 km off its own latitudes with its own
 * proj4 string), so such a file goes the curvilinear way. True when there are none or they cannot be read here
 * (a subset without them, a partial file).
 */
function agreesWithLatLon(ds: NetcdfDataset, grid: ProjectedFieldGrid): boolean {
  const twoD = (standardName: string, name: string) =>
    ds.variables.find((v) => v.shape.length === 2 && (v.attributes.standard_name === standardName || v.name === name) && v.shape[0] === grid.ny && v.shape[1] === grid.nx);
  const lat = twoD('latitude', 'latitude');
  const lon = twoD('longitude', 'longitude');
  if (!lat || !lon) return true;
  const limit = AGREEMENT_CELLS * Math.min(Math.abs(grid.dx), Math.abs(grid.dy));
  try {
    for (const j of [0, grid.ny >> 1, grid.ny - 1]) {
      const lats = ds.read(lat.name, j);
      const lons = ds.read(lon.name, j);
      for (const i of [0, grid.nx >> 1, grid.nx - 1]) {
        if (!Number.isFinite(lats[i]) || !Number.isFinite(lons[i])) continue;
        const [x, y] = polarForward(grid.projection, lons[i], lats[i]);
        if (Math.hypot(x - (grid.x0 + i * grid.dx), y - (grid.y0 + j * grid.dy)) > limit) return false;
      }
    }
  } catch {
    return true;
  }
  return true;
}

/** The x/y axes and polar stereographic mapping of the file as a grid (centres, metres), or null. */
export function projectedGrid(ds: NetcdfDataset): ProjectedFieldGrid | null {
  const mapping = namedPolarMapping(ds);
  const x = axis(ds, 'projection_x_coordinate', 'x');
  const y = axis(ds, 'projection_y_coordinate', 'y');
  if (!mapping || !x || !y) return null;
  try {
    const xs = regular(ds.read(x.info.name));
    const ys = regular(ds.read(y.info.name));
    if (!xs || !ys || xs.step === 0 || ys.step === 0) return null;
    const proj4 = ds.variables.find((m) => m.name === mapping.name)?.attributes.proj4text;
    const grid: ProjectedFieldGrid = {
      kind: 'projected',
      projection: mapping.projection,
      proj4: typeof proj4 === 'string' ? proj4 : polarProj4(mapping.projection),
      x0: xs.start * x.toMetres,
      dx: xs.step * x.toMetres,
      nx: x.info.shape[0],
      y0: ys.start * y.toMetres,
      dy: ys.step * y.toMetres,
      ny: y.info.shape[0],
    };
    return agreesWithLatLon(ds, grid) ? grid : null;
  } catch {
    return null;
  }
}
