/**
 * A source file's projection as a proj4 string: read from the grid-mapping variable's proj4 / WKT attributes,
 * or put together from CF grid-mapping parameters, or WKT last (a translation of parameter names, not of formulas: proj4
 * does the projecting). Also the proj4 converters the regridder uses, created once per string.
 */
import proj4 from 'proj4';
import { RegridError, regridReasonsRu } from './errors.ts';
import type { AttributeValue } from './types.ts';

type Attributes = Record<string, AttributeValue>;

/** Attribute names that hold a whole projection, in the order we trust them. */
const PROJ4_KEYS = ['proj4', 'proj4_string', 'proj4text', 'proj4_params', 'proj_string'];
const WKT_KEYS = ['crs_wkt', 'spatial_ref'];

const num = (value: AttributeValue | undefined): number | undefined => {
  if (typeof value === 'number') return value;
  if (Array.isArray(value) && typeof value[0] === 'number') return value[0];
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
};

/**
 * proj4js quirk: its laea (and a few others) leave x0/y0 undefined, giving NaN, when the string has no
 * +x_0/+y_0. PROJ's default is 0, so adding them changes nothing but makes proj4js answer.
 */
function withFalseOrigin(definition: string): string {
  let out = definition.trim();
  if (!out.startsWith('+')) return out;
  if (!/\+x_0=/.test(out)) out += ' +x_0=0';
  if (!/\+y_0=/.test(out)) out += ' +y_0=0';
  return out;
}

/** The earth shape in proj4 terms from CF attributes; WGS84 when none is given (as pyproj's from_cf does). */
function earthShape(a: Attributes): string {
  const radius = num(a.earth_radius);
  if (radius !== undefined) return `+R=${radius}`;
  const major = num(a.semi_major_axis) ?? num(a.semimajor_radius);
  const minor = num(a.semi_minor_axis) ?? num(a.semiminor_radius);
  const inverseFlattening = num(a.inverse_flattening);
  if (major !== undefined && minor !== undefined) return `+a=${major} +b=${minor}`;
  if (major !== undefined && inverseFlattening !== undefined && inverseFlattening !== 0) return `+a=${major} +rf=${inverseFlattening}`;
  if (major !== undefined) return `+R=${major}`;
  return '+datum=WGS84';
}

/** A CF grid mapping's parameters → a proj4 string, or an error naming what is missing. */
function fromCfParameters(a: Attributes): string {
  const name = typeof a.grid_mapping_name === 'string' ? a.grid_mapping_name.trim() : '';
  const x0 = num(a.false_easting) ?? 0;
  const y0 = num(a.false_northing) ?? 0;
  const shape = earthShape(a);
  if (name === 'polar_stereographic') {
    // CF: straight_vertical_longitude_from_pole is the central meridian (some files also write a
    // contradicting longitude_of_projection_origin; CF names the former for this projection).
    const lon0 = num(a.straight_vertical_longitude_from_pole) ?? num(a.longitude_of_projection_origin) ?? 0;
    const standardParallel = num(a.standard_parallel);
    const scale = num(a.scale_factor_at_projection_origin);
    const origin = num(a.latitude_of_projection_origin) ?? (standardParallel !== undefined && standardParallel < 0 ? -90 : 90);
    const trueScale = standardParallel !== undefined ? `+lat_ts=${standardParallel}` : `+k_0=${scale ?? 1}`;
    return `+proj=stere +lat_0=${origin} ${trueScale} +lon_0=${lon0} +x_0=${x0} +y_0=${y0} ${shape} +units=m +no_defs`;
  }
  if (name === 'lambert_azimuthal_equal_area') {
    const lat0 = num(a.latitude_of_projection_origin);
    const lon0 = num(a.longitude_of_projection_origin) ?? 0;
    if (lat0 === undefined) throw new RegridError('unknown-projection', regridReasonsRu.unknownProjection('lambert_azimuthal_equal_area без latitude_of_projection_origin'));
    return `+proj=laea +lat_0=${lat0} +lon_0=${lon0} +x_0=${x0} +y_0=${y0} ${shape} +units=m +no_defs`;
  }
  throw new RegridError('unknown-projection', regridReasonsRu.unknownProjection(name ? `grid_mapping_name = «${name}»` : 'у переменной проекции нет grid_mapping_name'));
}

/**
 * The projection of a grid-mapping variable's attributes (or of PolarWatch's prefixed global attributes,
 * with the prefix removed): a proj4 string attribute first, then WKT, then the CF parameters.
 */
export function projectionOf(attributes: Attributes): string {
  for (const key of PROJ4_KEYS) {
    const value = attributes[key];
    if (typeof value === 'string' && value.includes('+proj=')) return checked(withFalseOrigin(value), key);
  }
  // CF parameters of a projection we know come next: proj4js's WKT reading is less complete than its own strings.
  const name = typeof attributes.grid_mapping_name === 'string' ? attributes.grid_mapping_name.trim() : '';
  if (name === 'polar_stereographic' || name === 'lambert_azimuthal_equal_area') {
    return checked(fromCfParameters(attributes), 'grid_mapping_name');
  }
  for (const key of WKT_KEYS) {
    const value = attributes[key];
    if (typeof value === 'string' && /^\s*(PROJCS|PROJCRS)\[/i.test(value)) {
      try {
        checked(value, key);
        return value;
      } catch {
        // proj4js reads most WKT1 but not every WKT2: fall through to the CF parameters.
      }
    }
  }
  return checked(fromCfParameters(attributes), 'grid_mapping_name');
}

const converters = new Map<string, proj4.Converter>();

/** The (cached) converter from WGS84 longitude/latitude (degrees) to the projection's x/y (metres). */
export function converter(definition: string): proj4.Converter {
  let found = converters.get(definition);
  if (!found) {
    found = proj4('EPSG:4326', definition);
    converters.set(definition, found);
  }
  return found;
}

function checked(definition: string, source: string): string {
  try {
    const probe = converter(definition).inverse([0, 0]);
    if (!probe.every(Number.isFinite)) throw new Error('NaN');
  } catch {
    converters.delete(definition);
    throw new RegridError('unknown-projection', regridReasonsRu.unknownProjection(`${source}: «${definition.slice(0, 120)}» не читается библиотекой proj4`));
  }
  return definition;
}
