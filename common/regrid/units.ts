/**
 * Unit normalisation to the product's: concentration as a fraction 0–1, thickness in m, velocity in m/s.
 */
import { RegridError, regridReasonsRu } from './errors.ts';
import type { IceQuantity, SourceVariableInfo } from './types.ts';

export interface NormalisedValues {
  values: Float32Array;
  /** The product's unit for the quantity: '1' (fraction), 'm', 'm s-1'. */
  units: string;
}

const canonical = (units: string): string =>
  units
    .trim()
    .toLowerCase()
    .replace(/\*\*/g, '^')
    .replace(/\s*\/\s*/g, '/')
    .replace(/\s+/g, ' ');

/** Factor to the product's unit, per quantity and (canonical) unit text. */
const FACTORS: Record<'fraction' | 'length' | 'speed', Record<string, number>> = {
  fraction: { '': 1, '1': 1, fraction: 1, '0-1': 1, 'none': 1, '%': 0.01, percent: 0.01, percentage: 0.01 },
  length: {
    '': 1, m: 1, meter: 1, meters: 1, metre: 1, metres: 1,
    cm: 0.01, centimeter: 0.01, centimeters: 0.01, centimetre: 0.01, centimetres: 0.01,
    km: 1000, kilometer: 1000, kilometers: 1000, kilometre: 1000, kilometres: 1000,
  },
  speed: {
    'm s-1': 1, 'm/s': 1, 'm s^-1': 1, 'meter second-1': 1, 'meters/second': 1, 'm.s-1': 1,
    'cm s-1': 0.01, 'cm/s': 0.01, 'cm s^-1': 0.01,
    'km day-1': 1000 / 86400, 'km/day': 1000 / 86400, 'km/d': 1000 / 86400, 'km d-1': 1000 / 86400,
    'm day-1': 1 / 86400, 'm/day': 1 / 86400, 'm/d': 1 / 86400, 'm d-1': 1 / 86400,
    'km h-1': 1000 / 3600, 'km/h': 1000 / 3600,
  },
};

const KIND: Record<IceQuantity, { table: keyof typeof FACTORS; units: string }> = {
  concentration: { table: 'fraction', units: '1' },
  thickness: { table: 'length', units: 'm' },
  'velocity-x': { table: 'speed', units: 'm s-1' },
  'velocity-y': { table: 'speed', units: 'm s-1' },
  'velocity-east': { table: 'speed', units: 'm s-1' },
  'velocity-north': { table: 'speed', units: 'm s-1' },
  'displacement-x': { table: 'length', units: 'm' },
  'displacement-y': { table: 'length', units: 'm' },
};

/** Factor from `units` to the product's unit for `quantity`, or null when unknown. */
export function unitFactor(units: string | undefined, quantity: IceQuantity): number | null {
  const { table } = KIND[quantity];
  const factor = FACTORS[table][canonical(units ?? '')];
  if (factor !== undefined) return factor;
  // Speeds stated without units are taken as m/s (ROMS and TOPAZ write 'meter second-1' or nothing).
  return table === 'speed' && (units ?? '').trim() === '' ? 1 : null;
}

/**
 * Values in `units` → the product's units for `quantity`. Concentration: '%' / 'percent' → ÷100; '1', '',
 * 'fraction', '0-1' or none → as is. Thickness: 'cm' → ÷100, 'm' / none → as is. Velocity: 'm s-1', 'm/s',
 * 'cm s-1', 'km day-1', 'km/d', 'm day-1'. Displacement: 'm', 'km'. Throws RegridError 'unknown-units'.
 * The input is not modified.
 */
export function normaliseUnits(
  values: ArrayLike<number>,
  units: string | undefined,
  quantity: IceQuantity,
  variableName = '',
): NormalisedValues {
  const factor = unitFactor(units, quantity);
  if (factor === null) throw new RegridError('unknown-units', regridReasonsRu.unknownUnits(variableName, units ?? ''));
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i] * factor;
  return { values: out, units: KIND[quantity].units };
}

const STANDARD_NAMES: Record<string, IceQuantity> = {
  sea_ice_area_fraction: 'concentration',
  sea_ice_concentration: 'concentration',
  sea_ice_thickness: 'thickness',
  sea_ice_x_velocity: 'velocity-x',
  sea_ice_y_velocity: 'velocity-y',
  eastward_sea_ice_velocity: 'velocity-east',
  northward_sea_ice_velocity: 'velocity-north',
  sea_ice_x_displacement: 'displacement-x',
  sea_ice_y_displacement: 'displacement-y',
};

/**
 * What a variable holds, from its CF standard_name (sea_ice_area_fraction, sea_ice_thickness,
 * sea_ice_x_velocity, sea_ice_y_velocity, eastward_sea_ice_velocity, northward_sea_ice_velocity,
 * sea_ice_x_displacement, sea_ice_y_displacement); null when it is none of them.
 */
export function iceQuantity(variable: SourceVariableInfo): IceQuantity | null {
  const name = variable.attributes.standard_name;
  return typeof name === 'string' ? (STANDARD_NAMES[name.trim()] ?? null) : null;
}
