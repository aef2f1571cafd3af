/**
 * Finds where a variable's cells are: its horizontal dimensions and their coordinates, as one SourceGrid.
 */
import { RegridError, regridReasonsRu } from './errors.ts';
import { GridHasher } from './hash.ts';
import { converter, projectionOf } from './projection.ts';
import { seamsFromBounds } from './seams.ts';
import type { AttributeValue, SourceFile, SourceGrid, SourceVariableInfo } from './types.ts';

/** Largest disagreement, in cells, between a projection and the file's own 2-D lat/lon before we distrust it. */
const PROJECTION_TOLERANCE_CELLS = 0.25;

const baseName = (name: string): string => name.slice(name.lastIndexOf('/') + 1);
const groupOf = (name: string): string => name.slice(0, name.lastIndexOf('/') + 1);
// NetCDF-3 char attributes may carry trailing NULs.
const text = (value: AttributeValue | undefined): string => (typeof value === 'string' ? value.replace(/\0/g, '').trim() : '');

/**
 * The variable's row and column dimensions: its last two (CF order: ..., y, x). Throws RegridError
 * 'not-a-field' for fewer than two dimensions.
 */
function horizontalDimensions(
  file: SourceFile,
  variableName: string,
): { yDimension: string; xDimension: string; ny: number; nx: number } {
  const info = variableOf(file, variableName);
  if (info.shape.length < 2 || info.shape.at(-1)! < 1 || info.shape.at(-2)! < 1) {
    throw new RegridError('not-a-field', regridReasonsRu.notAField(variableName));
  }
  return { yDimension: info.dimensions.at(-2)!, xDimension: info.dimensions.at(-1)!, ny: info.shape.at(-2)!, nx: info.shape.at(-1)! };
}

function variableOf(file: SourceFile, name: string): SourceVariableInfo {
  const info = file.variables.find((v) => v.name === name);
  if (!info) throw new RegridError('no-coordinates', regridReasonsRu.noCoordinates(name));
  return info;
}

/** A variable named `name` in the data variable's group first, then anywhere (the file's root, other groups). */
function lookup(file: SourceFile, group: string, name: string): SourceVariableInfo | undefined {
  return file.variables.find((v) => v.name === group + name) ?? file.variables.find((v) => v.name === name) ??
    file.variables.find((v) => baseName(v.name) === name);
}

const LAT_NAMES = ['lat', 'latitude', 'nav_lat', 'lat_rho', 'TLAT', 'yc_lat'];
const LON_NAMES = ['lon', 'longitude', 'nav_lon', 'lon_rho', 'TLONG', 'xc_lon'];

function isLatitude(v: SourceVariableInfo): boolean {
  return text(v.attributes.standard_name) === 'latitude' || /^degrees?_?n(orth)?$/i.test(text(v.attributes.units)) ||
    LAT_NAMES.includes(baseName(v.name));
}
function isLongitude(v: SourceVariableInfo): boolean {
  return text(v.attributes.standard_name) === 'longitude' || /^degrees?_?e(ast)?$/i.test(text(v.attributes.units)) ||
    LON_NAMES.includes(baseName(v.name));
}

/**
 * Candidates for coordinates: the variables the data variable's `coordinates` attribute names, then every
 * variable of the file (its own group first).
 */
function candidates(file: SourceFile, info: SourceVariableInfo): SourceVariableInfo[] {
  const group = groupOf(info.name);
  const named = text(info.attributes.coordinates)
    .split(/\s+/)
    .filter(Boolean)
    .map((n) => lookup(file, group, n))
    .filter((v): v is SourceVariableInfo => v !== undefined);
  const sameGroup = file.variables.filter((v) => groupOf(v.name) === group);
  return [...named, ...sameGroup, ...file.variables];
}

const sameDims = (v: SourceVariableInfo, dims: string[]): boolean =>
  v.dimensions.length === dims.length && v.dimensions.every((d, i) => d === dims[i]);

/** Metres per unit of a projected axis, or null when the units are not a length. */
function lengthScale(units: string): number | null {
  const u = units.toLowerCase();
  if (u === '' || u === 'm' || u === 'meter' || u === 'meters' || u === 'metre' || u === 'metres') return 1;
  if (u === 'km' || u === 'kilometer' || u === 'kilometers' || u === 'kilometre' || u === 'kilometres') return 1000;
  return null;
}

function projectedAxis(list: SourceVariableInfo[], dim: string, axis: 'X' | 'Y'): SourceVariableInfo | undefined {
  const oneD = list.filter((v) => sameDims(v, [dim]) && !isLatitude(v) && !isLongitude(v));
  const standard = axis === 'X' ? 'projection_x_coordinate' : 'projection_y_coordinate';
  return (
    oneD.find((v) => text(v.attributes.standard_name) === standard) ??
    oneD.find((v) => text(v.attributes.axis).toUpperCase() === axis) ??
    oneD.find((v) => baseName(v.name) === baseName(dim)) ??
    oneD.find((v) => lengthScale(text(v.attributes.units)) !== null && text(v.attributes.units) !== '')
  );
}

/** The grid-mapping attributes: the variable the data variable names, or PolarWatch's `grid_mapping_*` globals. */
function gridMapping(file: SourceFile, info: SourceVariableInfo): { attributes: Record<string, AttributeValue>; name: string } | 'dangling' | null {
  const reference = text(info.attributes.grid_mapping);
  if (reference) {
    // CF's extended form "crs: x y" names the variable before the colon.
    const name = reference.split(/[:\s]/)[0];
    const found = lookup(file, groupOf(info.name), name);
    if (found) return { attributes: found.attributes, name };
  }
  const prefixed = Object.entries(file.attributes).filter(([k]) => k.startsWith('grid_mapping_'));
  if (prefixed.some(([k]) => k === 'grid_mapping_name' || k.startsWith('grid_mapping_proj4'))) {
    const attributes: Record<string, AttributeValue> = {};
    for (const [k, v] of prefixed) attributes[k === 'grid_mapping_name' ? k : k.slice('grid_mapping_'.length)] = v;
    return { attributes, name: 'global grid_mapping_*' };
  }
  return reference ? 'dangling' : null;
}

function toFloat64(values: ArrayLike<number>, scale = 1): Float64Array {
  // The decoder hands out fresh arrays: a float64 one is kept as it is (no 8 MB copy for a 1 M-cell grid).
  if (values instanceof Float64Array && scale === 1) return values;
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i] * scale;
  return out;
}

/** Where the projection puts the file's 2-D lat/lon, compared with its own x/y axes: worst error in cells. */
function projectionError(definition: string, x: Float64Array, y: Float64Array, lat: Float64Array, lon: Float64Array): number {
  const forward = converter(definition).forward;
  const nx = x.length;
  const ny = y.length;
  const dx = Math.abs(x[nx - 1] - x[0]) / Math.max(1, nx - 1) || 1;
  const dy = Math.abs(y[ny - 1] - y[0]) / Math.max(1, ny - 1) || 1;
  const step = Math.max(1, Math.floor(Math.sqrt((nx * ny) / 400)));
  let worst = 0;
  for (let j = 0; j < ny; j += step) {
    for (let i = 0; i < nx; i += step) {
      const k = j * nx + i;
      if (!Number.isFinite(lat[k]) || !Number.isFinite(lon[k]) || Math.abs(lat[k]) > 89.9) continue;
      const [px, py] = forward([lon[k], lat[k]]);
      worst = Math.max(worst, Math.abs(px - x[i]) / dx, Math.abs(py - y[j]) / dy);
    }
  }
  return worst;
}

/** A 1-D longitude axis that crosses the antimeridian (…, 175, 180, −175, …) made monotonic (…, 185, …). */
function unwrapLongitudes(lon: Float64Array): Float64Array {
  for (let i = 1; i < lon.length; i++) {
    if (lon[i] - lon[i - 1] < -180) lon[i] += 360;
    else if (lon[i] - lon[i - 1] > 180) lon[i] -= 360;
  }
  return lon;
}

function checkAxis(values: Float64Array, variable: string, what: string): void {
  if (values.length === 0 || !values.every(Number.isFinite)) {
    throw new RegridError('bad-coordinates', regridReasonsRu.badCoordinates(variable, `${what}: есть пропуски`));
  }
  if (values.length < 2) return;
  const up = values[1] > values[0];
  for (let i = 1; i < values.length; i++) {
    if (up ? values[i] <= values[i - 1] : values[i] >= values[i - 1]) {
      throw new RegridError('bad-coordinates', regridReasonsRu.badCoordinates(variable, `${what} не монотонна`));
    }
  }
}

/**
 * Where the variable's cells are. Order of preference:
 *  1. projected x/y with a grid mapping (the variable's `grid_mapping` variable: `proj4`/`proj4_string`/
 *     `proj4text`/`crs_wkt` attributes, or CF `polar_stereographic` / `lambert_azimuthal_equal_area`
 *     parameters; or PolarWatch-style global `grid_mapping_*` attributes), axes in m or km; when the file
 *     also has 2-D lat/lon, the projection is checked against them and the lat/lon win on disagreement;
 *  2. 2-D latitude/longitude (CF `coordinates` attribute, standard_name, or names lat/latitude, lon/longitude);
 *  3. 1-D latitude/longitude along the two dimensions.
 * Throws RegridError ('not-a-field', 'no-coordinates', 'unknown-projection', 'bad-coordinates').
 */
export function describeSourceGrid(file: SourceFile, variableName: string): SourceGrid {
  const info = variableOf(file, variableName);
  const { yDimension, xDimension, ny, nx } = horizontalDimensions(file, variableName);
  const list = candidates(file, info);
  const base = { nx, ny, yDimension, xDimension };

  const lat2 = list.find((v) => isLatitude(v) && sameDims(v, [yDimension, xDimension]));
  const lon2 = list.find((v) => isLongitude(v) && sameDims(v, [yDimension, xDimension]));
  const twoD = lat2 && lon2 ? { lat: toFloat64(file.read(lat2.name)), lon: toFloat64(file.read(lon2.name)) } : null;

  const mapping = gridMapping(file, info);
  const xAxis = projectedAxis(list, xDimension, 'X');
  const yAxis = projectedAxis(list, yDimension, 'Y');
  if (mapping && mapping !== 'dangling' && xAxis && yAxis) {
    const xScale = lengthScale(text(xAxis.attributes.units));
    const yScale = lengthScale(text(yAxis.attributes.units));
    try {
      if (xScale === null || yScale === null) {
        throw new RegridError('bad-coordinates', regridReasonsRu.badCoordinates(variableName, `единицы осей x/y «${text(xAxis.attributes.units)}», «${text(yAxis.attributes.units)}» — не метры и не километры`));
      }
      const definition = projectionOf(mapping.attributes);
      const x = toFloat64(file.read(xAxis.name), xScale);
      const y = toFloat64(file.read(yAxis.name), yScale);
      checkAxis(x, variableName, `ось x (${xAxis.name})`);
      checkAxis(y, variableName, `ось y (${yAxis.name})`);
      const trusted = !twoD || projectionError(definition, x, y, twoD.lat, twoD.lon) <= PROJECTION_TOLERANCE_CELLS;
      if (trusted) {
        const hash = new GridHasher().text('projected').text(definition).numbers(x).numbers(y).hex();
        const step = Math.round(Math.abs(x[nx - 1] - x[0]) / Math.max(1, nx - 1)) / 1000;
        const kind = /\+proj=(\w+)/.exec(definition)?.[1] ?? 'wkt';
        return { ...base, kind: 'projected', proj4: definition, x, y, hash, description: `projected ${kind} ${nx}×${ny}, ${step} km` };
      }
    } catch (error) {
      // A projection we cannot read is fatal only when the file has no 2-D lat/lon to fall back on.
      if (!(error instanceof RegridError) || twoD === null) throw error;
    }
  }

  if (twoD) {
    if (!twoD.lat.some(Number.isFinite)) throw new RegridError('bad-coordinates', regridReasonsRu.badCoordinates(variableName, 'широта не задана ни в одной ячейке'));
    const seams = seamsFromBounds(file, lat2!, lon2!, nx, ny);
    const hasher = new GridHasher().text('latlon2d').numbers(twoD.lat).numbers(twoD.lon);
    if (seams) hasher.text('seams').numbers(seams.east ?? []).numbers(seams.north ?? []);
    const joined = seams ? `, joined across ${[seams.east && 'the east seam', seams.north && 'the north fold'].filter(Boolean).join(' and ')}` : '';
    return { ...base, kind: 'latlon2d', lat: twoD.lat, lon: twoD.lon, seams, hash: hasher.hex(), description: `curvilinear lat/lon ${nx}×${ny}${joined}` };
  }

  const lat1 = list.find((v) => isLatitude(v) && sameDims(v, [yDimension]));
  const lon1 = list.find((v) => isLongitude(v) && sameDims(v, [xDimension]));
  if (lat1 && lon1) {
    const lat = toFloat64(file.read(lat1.name));
    const lon = unwrapLongitudes(toFloat64(file.read(lon1.name)));
    checkAxis(lat, variableName, `широта (${lat1.name})`);
    checkAxis(lon, variableName, `долгота (${lon1.name})`);
    const hash = new GridHasher().text('latlon1d').numbers(lat).numbers(lon).hex();
    return { ...base, kind: 'latlon1d', lat, lon, hash, description: `regular lat/lon ${nx}×${ny}` };
  }

  if (mapping === 'dangling') {
    throw new RegridError('unknown-projection', regridReasonsRu.unknownProjection(`переменная проекции «${text(info.attributes.grid_mapping)}», на которую ссылается «${variableName}», отсутствует в файле`));
  }
  throw new RegridError('no-coordinates', regridReasonsRu.noCoordinates(variableName));
}
