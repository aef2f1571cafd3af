/**
 * Unit normalisation to the product's: concentration as a fraction 0–1, thickness in m, velocity in m/s.
 */
import type { IceQuantity, SourceVariableInfo } from './types.ts';

export interface NormalisedValues {
  values: Float32Array;
  /** The product's unit for the quantity: '1' (fraction), 'm', 'm s-1'. */
  units: string;
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
  void values;
  void units;
  void quantity;
  void variableName;
  throw new Error('in progress');
}

/**
 * What a variable holds, from its CF standard_name (sea_ice_area_fraction, sea_ice_thickness,
 * sea_ice_x_velocity, sea_ice_y_velocity, eastward_sea_ice_velocity, northward_sea_ice_velocity,
 * sea_ice_x_displacement, sea_ice_y_displacement); null when it is none of them.
 */
export function iceQuantity(variable: SourceVariableInfo): IceQuantity | null {
  void variable;
  throw new Error('in progress');
}
