/**
 * IMO POLARIS (MSC.1/Circ.1519): the ship ice classes, the winter Risk Index Values (Table 1.1), the ice type
 * derived from thickness, the Risk Index Outcome and the operational criteria. One module for the map's GPU
 * layer (it passes the numbers below as uniforms), the server's route check and the tests.
 *
 * Units: thickness in metres, concentration as a fraction 0…1 (the forecast files' units).
 */

/** The 12 ice classes, strongest first: IACS Polar Classes, then the Finnish-Swedish classes, then none. */
export const ICE_CLASSES = ['PC1', 'PC2', 'PC3', 'PC4', 'PC5', 'PC6', 'PC7', 'IA_SUPER', 'IA', 'IB', 'IC', 'NOT_ICE_STRENGTHENED'] as const;
export type IceClass = (typeof ICE_CLASSES)[number];

export const DEFAULT_ICE_CLASS: IceClass = 'PC7';

/** WMO stages of development, in Table 1.1's column order (index 0 is ice free). */
export const ICE_TYPES = [
  'ice_free',
  'new',
  'grey',
  'grey_white',
  'thin_first_year_1',
  'thin_first_year_2',
  'medium_first_year_lt_1m',
  'medium_first_year',
  'thick_first_year',
  'second_year',
  'light_multi_year',
  'heavy_multi_year',
] as const;
export type IceType = (typeof ICE_TYPES)[number];

/**
 * Lower edges (m) of the ice types from `new` onward: new ice is 0 < h < 0.10, grey 0.10 ≤ h < 0.15, …,
 * heavy multi-year h ≥ 3.00. A thickness exactly on an edge belongs to the thicker type (lower bound inclusive).
 * Thickness alone cannot tell old ice from thick first-year ice: second-year and multi-year here mean
 * "first-year ice cannot be this thick", not an observed age.
 */
export const THICKNESS_EDGES_M = [0.1, 0.15, 0.3, 0.5, 0.7, 1.0, 1.2, 2.0, 2.5, 3.0] as const;

/** Winter Risk Index Values (Table 1.1), one row per class, columns in ICE_TYPES order. */
export const RIV_TABLE: Readonly<Record<IceClass, readonly number[]>> = {
  PC1: [3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 1, 1],
  PC2: [3, 3, 3, 3, 2, 2, 2, 2, 2, 1, 1, 0],
  PC3: [3, 3, 3, 3, 2, 2, 2, 2, 2, 1, 0, -1],
  PC4: [3, 3, 3, 3, 2, 2, 2, 2, 1, 0, -1, -2],
  PC5: [3, 3, 3, 3, 2, 2, 1, 1, 0, -1, -2, -2],
  PC6: [3, 2, 2, 2, 2, 1, 1, 0, -1, -2, -3, -3],
  PC7: [3, 2, 2, 2, 1, 1, 0, -1, -2, -3, -3, -3],
  IA_SUPER: [3, 2, 2, 2, 2, 1, 0, -1, -2, -3, -4, -4],
  IA: [3, 2, 2, 2, 1, 0, -1, -2, -3, -4, -5, -5],
  IB: [3, 2, 2, 1, 0, -1, -2, -3, -4, -5, -6, -6],
  IC: [3, 2, 1, 0, -1, -2, -3, -4, -5, -6, -7, -8],
  NOT_ICE_STRENGTHENED: [3, 1, 0, -1, -2, -3, -4, -5, -6, -7, -8, -8],
};

export type RioCategory = 'normal' | 'elevated' | 'special';
export const RIO_CATEGORIES: readonly RioCategory[] = ['normal', 'elevated', 'special'];

export function isIceClass(value: unknown): value is IceClass {
  return typeof value === 'string' && (ICE_CLASSES as readonly string[]).includes(value);
}

/** Polar Classes have an elevated-risk band; classes below PC7 go straight from normal to special. */
export function isPolarClass(iceClass: IceClass): boolean {
  return iceClass.startsWith('PC');
}

/**
 * RIO below this is "subject to special consideration": −10 for PC1–PC7, 0 below PC7 (where every negative
 * RIO is special). RIO ≥ 0 is normal operation for every class.
 */
export function specialBelow(iceClass: IceClass): number {
  return isPolarClass(iceClass) ? -10 : 0;
}

/**
 * Index into ICE_TYPES for a thickness h (m): 0 (ice free) when h ≤ 0, else the last type whose lower edge
 * h reaches. Edges are compared as float32 (Math.fround), the precision of the files and of the GPU, so a
 * file value of exactly 0.7 m is medium first-year < 1 m here and on the map alike.
 */
export function iceTypeIndex(thicknessM: number): number {
  if (!(thicknessM > 0)) return 0;
  let index = 1;
  for (const edge of THICKNESS_EDGES_M) {
    if (thicknessM >= Math.fround(edge)) index += 1;
    else break;
  }
  return index;
}

/**
 * RIO = 10 × [(1 − c) × RIV(ice free) + c × RIV(type)], concentration c clamped to 0…1 (Cᵢ in tenths).
 * A cell with no ice (c ≤ 0 or h ≤ 0) is ice free: RIO = 10 × RIV(ice free) = 30.
 */
export function riskIndexOutcome(iceClass: IceClass, concentration: number, thicknessM: number): number {
  const row = RIV_TABLE[iceClass];
  const c = Math.min(1, Math.max(0, concentration));
  const type = c > 0 ? iceTypeIndex(thicknessM) : 0;
  return 10 * ((1 - c) * row[0] + c * row[type]);
}

export function rioCategory(iceClass: IceClass, rio: number): RioCategory {
  if (rio >= 0) return 'normal';
  return rio < specialBelow(iceClass) ? 'special' : 'elevated';
}

export interface PolarisCell {
  iceType: IceType;
  rio: number;
  category: RioCategory;
}

/** The whole assessment of one cell, or null when either value is missing (land, no data: never open water). */
export function assessCell(iceClass: IceClass, concentration: number | null, thicknessM: number | null): PolarisCell | null {
  if (concentration === null || thicknessM === null || !Number.isFinite(concentration) || !Number.isFinite(thicknessM)) return null;
  const c = Math.min(1, Math.max(0, concentration));
  const type = c > 0 ? iceTypeIndex(thicknessM) : 0;
  const rio = riskIndexOutcome(iceClass, c, thicknessM);
  return { iceType: ICE_TYPES[type], rio, category: rioCategory(iceClass, rio) };
}
