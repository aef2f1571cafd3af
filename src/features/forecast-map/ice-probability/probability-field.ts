/**
 * 'Вероятность льда' (the share of the date's model forecasts with concentration ≥ 15 %): what the store holds,
 * its ramp and level, its legend's member count in Russian, and the readout. Free of deck.gl, so the legend and the
 * sidebar do not pull the map's chunk in (a slow link's first view waits for it otherwise).
 */
import type { FieldGrid, ScalarSlice } from '../../../../workers/forecast.api.ts';
import type { ColourRamp } from '../../../map/colour-ramps.ts';
import { ru } from '../../../i18n/ru.ts';
import { valueAt } from '../value-at.ts';

/** The ice edge's level: concentration (fraction) at or above it is ice. */
export const ICE_LEVEL = 0.15;
export const PROBABILITY_VARIABLE = 'sea_ice_fraction_BREMEN';

export interface ProbabilityField {
  date: string;
  /** Lead index of the map (0: +24 h). */
  leadIndex: number;
  grid: FieldGrid;
  /** 0–1 per cell, row-major, NaN where no member has a value. */
  slice: ScalarSlice;
  /** How many forecasts (model × run files) made it. */
  members: number;
}

/**
 * Probability 0 → 1: deep navy (open water everywhere), blue, teal, green to pale yellow (ice in every member), lightness
 * rising monotonically, in the spirit of ColorBrewer's YlGnBu (our own anchors); apart from the ice ramp so the two
 * modes are not confused, and from the edges' magenta, amber and white.
 */
export const probabilityRamp: ColourRamp = {
  name: 'ice-probability',
  anchors: [
    [12, 24, 74],
    [36, 72, 150],
    [30, 128, 184],
    [60, 174, 186],
    [130, 206, 170],
    [205, 236, 170],
    [255, 255, 214],
  ],
};

export const PROBABILITY_RANGE: [number, number] = [0, 1];

/** 'по 1 прогнозу', 'по 4 прогнозам', 'по 21 прогнозу', 'по 11 прогнозам' (dative after 'по'). */
export function membersText(n: number): string {
  const singular = n % 10 === 1 && n % 100 !== 11;
  return ru.iceProbability.members(n, singular);
}

export function showsProbability(state: { mode: string; probability: unknown }): boolean {
  return state.mode === 'probability' && state.probability !== null && state.probability !== 'none';
}

/** The hover readout in this mode: 'Вероятность льда: 0.75' (decimals as the map's other readouts), or 'нет данных' off every member's grid. */
export function probabilityReadout(
  state: { mode: string; probability: ProbabilityField | 'none' | null },
  lng: number,
  lat: number,
): string | null {
  if (state.mode !== 'probability' || state.probability === null || state.probability === 'none') return null;
  const value = valueAt(state.probability.grid, state.probability.slice.data, lng, lat);
  return `${ru.mapTools.modes.probability}: ${value === null ? ru.forecastMap.noData : value.toFixed(2)}`;
}
