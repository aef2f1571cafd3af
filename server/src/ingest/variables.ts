/**
 * Which variables of a real file hold sea ice: found by CF `standard_name`, with a per-product override of
 * names for products that have none (neXtSIM's `data/cice`), and a short list of names common models use.
 *
 * Drift comes in three shapes:
 *  - `eastward_sea_ice_velocity` / `northward_sea_ice_velocity`: east/north components, m s-1 (or cm s-1 …);
 *  - `sea_ice_x_velocity` / `sea_ice_y_velocity`: components along the grid's x/y axes (to be rotated);
 *  - displacements over a time interval, as OSI SAF drift products give (`dX`/`dY`, km along the grid's x/y
 *    axes, standard names `sea_ice_x_displacement` / `sea_ice_y_displacement`), turned into a velocity by
 *    dividing by the interval (the product's `t0`/`t1` times, or `interval_hours`, default 48 h).
 */
import type { NetcdfDataset, VariableInfo } from '../../../netcdf/types.ts';
import { numericTypes } from '../../../netcdf/index.ts';

/** Names of a product's variables, given where its file has no (or ambiguous) standard names. */
export interface VariableNames {
  concentration?: string;
  thickness?: string;
  /** East/north velocity components. */
  eastward?: string;
  northward?: string;
  /** Grid-relative velocity components (along x, along y). */
  x_velocity?: string;
  y_velocity?: string;
  /** Grid-relative displacements over `interval_hours` (OSI SAF drift: dX, dY in km). */
  x_displacement?: string;
  y_displacement?: string;
  /** Interval of the displacements, hours (default: from the file's t0/t1 variables, else 48). */
  interval_hours?: number;
}

export type DriftVariables =
  | { kind: 'eastnorth'; east: string; north: string }
  | { kind: 'grid'; x: string; y: string }
  | { kind: 'displacement'; x: string; y: string; intervalHours: number };

export interface IceVariables {
  concentration?: string;
  thickness?: string;
  drift?: DriftVariables;
}

const STANDARD_NAMES = {
  concentration: ['sea_ice_area_fraction'],
  thickness: ['sea_ice_thickness'],
  eastward: ['eastward_sea_ice_velocity'],
  northward: ['northward_sea_ice_velocity'],
  x_velocity: ['sea_ice_x_velocity'],
  y_velocity: ['sea_ice_y_velocity'],
  x_displacement: ['sea_ice_x_displacement'],
  y_displacement: ['sea_ice_y_displacement'],
} as const;

/** Variable names (last path part) that models commonly use, tried when no standard name matches. */
const COMMON_NAMES: Partial<Record<keyof typeof STANDARD_NAMES, readonly string[]>> = {
  concentration: ['ice_conc', 'siconc', 'aice', 'cice', 'sic', 'fice'],
  thickness: ['sithick', 'hice', 'sit', 'hi'],
  eastward: ['uice_east', 'siu_east'],
  northward: ['vice_north', 'siv_north'],
  x_velocity: ['uice', 'siu', 'ui'],
  y_velocity: ['vice', 'siv', 'vi'],
  x_displacement: ['dX'],
  y_displacement: ['dY'],
};

/** The default interval of OSI SAF's low-resolution drift product (OSI-405: 48 h between t0 and t1). */
const DEFAULT_DISPLACEMENT_HOURS = 48;

/**
 * A text attribute without the padding some writers leave: trailing NULs and spaces, and the runs of ASCII '0'
 * that nansat writes after every text attribute (`sea_ice_area_fraction000`, units `%000`).
 */
export function cleanText(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value.replace(/[\0\s]+$/, '');
}

function matchesStandardName(variable: VariableInfo, names: readonly string[]): boolean {
  const raw = cleanText(variable.attributes.standard_name);
  return names.some((name) => raw === name || (raw.startsWith(name) && /^0+$/.test(raw.slice(name.length))));
}

/** A field: numeric, at least two dimensions (…, y, x). */
function isField(variable: VariableInfo): boolean {
  return numericTypes.has(variable.type) && variable.dimensions.length >= 2;
}

const baseName = (name: string) => name.slice(name.lastIndexOf('/') + 1);

function find(dataset: NetcdfDataset, role: keyof typeof STANDARD_NAMES, override: string | undefined): string | undefined {
  if (override !== undefined) {
    const exact = dataset.variables.find((v) => v.name === override) ?? dataset.variables.find((v) => baseName(v.name) === override);
    if (!exact) throw new MissingVariableError(`в файле нет переменной «${override}», указанной в описании продукта`);
    return exact.name;
  }
  const fields = dataset.variables.filter(isField);
  const byStandard = fields.find((v) => matchesStandardName(v, STANDARD_NAMES[role]));
  if (byStandard) return byStandard.name;
  const common = COMMON_NAMES[role] ?? [];
  return fields.find((v) => common.includes(baseName(v.name)))?.name;
}

export class MissingVariableError extends Error {
  override name = 'MissingVariableError';
}

/** Seconds between the file's `t0` and `t1` variables (OSI SAF drift), when both are there and readable. */
function displacementHours(dataset: NetcdfDataset, given: number | undefined): number {
  if (given !== undefined) return given;
  const t0 = dataset.variables.find((v) => baseName(v.name) === 't0');
  const t1 = dataset.variables.find((v) => baseName(v.name) === 't1');
  if (t0 && t1) {
    try {
      const a = dataset.read(t0.name);
      const b = dataset.read(t1.name);
      // OSI SAF stores t0/t1 per cell in seconds since 1970; the median of the differences is the interval.
      const spans: number[] = [];
      for (let k = 0; k < Math.min(a.length, b.length); k++) if (Number.isFinite(a[k]) && Number.isFinite(b[k])) spans.push(b[k] - a[k]);
      spans.sort((x, y) => x - y);
      const median = spans[spans.length >> 1];
      if (median > 0) return median / 3600;
    } catch {
      // Unreadable t0/t1: keep the product's default.
    }
  }
  return DEFAULT_DISPLACEMENT_HOURS;
}

/**
 * The sea-ice variables of an open file. Each role is taken from the override when the product names it,
 * else by standard name, else by a common name; drift only when both of its components are found.
 * Throws MissingVariableError when an override names a variable the file does not have.
 */
export function findIceVariables(dataset: NetcdfDataset, names: VariableNames = {}): IceVariables {
  const found: IceVariables = {};
  const concentration = find(dataset, 'concentration', names.concentration);
  if (concentration) found.concentration = concentration;
  const thickness = find(dataset, 'thickness', names.thickness);
  if (thickness) found.thickness = thickness;
  const east = find(dataset, 'eastward', names.eastward);
  const north = find(dataset, 'northward', names.northward);
  const x = find(dataset, 'x_velocity', names.x_velocity);
  const y = find(dataset, 'y_velocity', names.y_velocity);
  const dx = find(dataset, 'x_displacement', names.x_displacement);
  const dy = find(dataset, 'y_displacement', names.y_displacement);
  if (east && north) found.drift = { kind: 'eastnorth', east, north };
  else if (x && y) found.drift = { kind: 'grid', x, y };
  else if (dx && dy) found.drift = { kind: 'displacement', x: dx, y: dy, intervalHours: displacementHours(dataset, names.interval_hours) };
  return found;
}

/** The variable names found, in a flat list (for provenance and the datasets page). */
export function foundNames(found: IceVariables): string[] {
  const out: string[] = [];
  if (found.concentration) out.push(found.concentration);
  if (found.thickness) out.push(found.thickness);
  const drift = found.drift;
  if (drift?.kind === 'eastnorth') out.push(drift.east, drift.north);
  else if (drift) out.push(drift.x, drift.y);
  return out;
}

export const hasIce = (found: IceVariables): boolean => Boolean(found.concentration || found.thickness || found.drift);
