/**
 * damped_anomaly: the departure of the initial state from the archive climatology decays exponentially,
 *   x(t) = clim + (x0 − clim) · exp(−t / τ),
 * for thickness, concentration and both drift components. τ = `e_folding_days` (days). Where the climatology
 * has no value (a cell never iced in the archive has no drift) the initial value persists.
 */
import { STATE_FIELDS } from '../grid/ice-state.ts';
import { hyperparameter, ModelError, type ModelRunner } from './types.ts';

/** Default e-folding time, days: a few days, the memory of ice anomalies in the marginal zone. */
export const DEFAULT_E_FOLDING_DAYS = 5;

export const dampedAnomaly: ModelRunner = (initial, hyperparameters, context) => {
  const tauDays = hyperparameter(hyperparameters, 'e_folding_days', DEFAULT_E_FOLDING_DAYS, 0.01, 3650);
  const clim = context.climatology;
  if (!clim) throw new ModelError('damped_anomaly needs the archive climatology');
  if (clim.thickness.length !== initial.thickness.length) throw new ModelError('climatology is on another grid');
  return context.leadHours.map((hours) => {
    const keep = Math.exp(-hours / 24 / tauDays);
    const out = { grid: initial.grid } as typeof initial;
    for (const field of STATE_FIELDS) {
      const x0 = initial[field];
      const c = clim[field];
      const x = new Float32Array(x0.length);
      for (let k = 0; k < x.length; k++) x[k] = Number.isFinite(c[k]) ? c[k] + (x0[k] - c[k]) * keep : x0[k];
      out[field] = x;
    }
    return out;
  });
};
