/**
 * The variables the map can show, their lead times, and how each one is drawn. The file's variable names
 * come from the server's forecast files (issue 3): scalar fields are drawn by the scalar field layer, the
 * drift (`usi_vsi`, from `usi_vsi_GLORYS_speed` + `usi_vsi_GLORYS_direct`) by the particle layer.
 */
import { driftRamp, iceRamp, type ColourRamp } from '../../map/colour-ramps.ts';

export const FORECAST_VARIABLES = ['sithick_GLORYS', 'sea_ice_fraction_BREMEN', 'usi_vsi', 'POLARIS'] as const;
export type ForecastVariable = (typeof FORECAST_VARIABLES)[number];

/** Lead times in hours, by lead index along the file's time dimension. */
export const LEAD_HOURS = [24, 48, 72] as const;
export type LeadIndex = 0 | 1 | 2;

export interface VariableStyle {
  /**
   * 'scalar': one float per cell (colour image); 'drift': u/v components (particles); 'polaris': the IMO
   * POLARIS risk from concentration and thickness (issue 12, src/features/forecast-map/polaris/).
   */
  kind: 'scalar' | 'drift' | 'polaris';
  ramp: ColourRamp;
  /** Unit shown after values in the readout, '' for dimensionless. */
  unit: 'm' | 'm/s' | '';
}

export const VARIABLE_STYLES: Record<ForecastVariable, VariableStyle> = {
  sithick_GLORYS: { kind: 'scalar', ramp: iceRamp, unit: 'm' },
  sea_ice_fraction_BREMEN: { kind: 'scalar', ramp: iceRamp, unit: '' },
  usi_vsi: { kind: 'drift', ramp: driftRamp, unit: 'm/s' },
  // The ramp is unused: the layer colours by category (map/layers/polaris-layer/polaris-colours.ts).
  POLARIS: { kind: 'polaris', ramp: iceRamp, unit: '' },
};

export function isForecastVariable(value: unknown): value is ForecastVariable {
  return typeof value === 'string' && (FORECAST_VARIABLES as readonly string[]).includes(value);
}

export function leadIndexFromHours(hours: number): LeadIndex | null {
  const index = (LEAD_HOURS as readonly number[]).indexOf(hours);
  return index === -1 ? null : (index as LeadIndex);
}
