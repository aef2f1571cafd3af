/**
 * The variables the map can show, their lead times, and how each one is drawn. The file's variable names
 * come from the server's forecast files: scalar fields are drawn by the scalar field layer, the
 * drift (`usi_vsi`, from `usi_vsi_GLORYS_speed` + `usi_vsi_GLORYS_direct`) by the particle layer.
 */
import { FILE_VARIABLES } from '../../../common/forecast-file/variables.ts';
import type { FirstSlice } from '../../../workers/forecast.api.ts';
import { LEAD_HOURS, type LeadIndex } from '../../../common/forecast-file/leads.ts';
import { driftRamp, iceRamp, type ColourRamp } from '../../map/colour-ramps.ts';

// Lead hours and indices are the file contract's; the map's modules take them from here.
export { LEAD_HOURS, leadIndexFromHours, type LeadHours, type LeadIndex } from '../../../common/forecast-file/leads.ts';

export const FORECAST_VARIABLES = [FILE_VARIABLES.thickness, FILE_VARIABLES.concentration, 'usi_vsi', 'POLARIS'] as const;
export type ForecastVariable = (typeof FORECAST_VARIABLES)[number];

export interface VariableStyle {
  /**
   * 'scalar': one float per cell (colour image); 'drift': u/v components (particles); 'polaris': the IMO
   * POLARIS risk from concentration and thickness (src/features/forecast-map/polaris/).
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

/** The worker's drift inputs in the server's files. */
export const DRIFT_SPEED_VARIABLE = FILE_VARIABLES.speed;
export const DRIFT_DIRECTION_VARIABLE = FILE_VARIABLES.direction;
/** The POLARIS layer's inputs: slices of the file the worker already holds. */
export const POLARIS_CONCENTRATION_VARIABLE = FILE_VARIABLES.concentration;
export const POLARIS_THICKNESS_VARIABLE = FILE_VARIABLES.thickness;

/** The variables of the file a map variable is drawn from, and its lead in hours: what a view needs first. */
export function firstSliceOf(variable: ForecastVariable, leadIndex: LeadIndex): FirstSlice {
  const kind = VARIABLE_STYLES[variable].kind;
  const variables =
    kind === 'scalar'
      ? [variable]
      : kind === 'polaris'
        ? [POLARIS_CONCENTRATION_VARIABLE, POLARIS_THICKNESS_VARIABLE]
        : [DRIFT_SPEED_VARIABLE, DRIFT_DIRECTION_VARIABLE];
  return { variables, leadHours: LEAD_HOURS[leadIndex] };
}
