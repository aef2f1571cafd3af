/**
 * The clicked point's values: the selected variable at +24h, +48h, +72h for the free run, the assimilated run and
 * the analysis valid at each lead's time. For the drift, the speed (m/s) and the bearing the ice moves towards
 * (degrees clockwise from north). Pure helpers for the loader, the table and the chart.
 */
import { ru } from '../../../i18n/ru.ts';
import { VARIABLE_STYLES, type ForecastVariable } from '../forecast-variables.ts';
import type { EdgeRun } from '../ice-edge/edge-slice.ts';

export type PointValue = { value: number; bearingDeg?: number } | null;

export interface PointSeries {
  /** What it was loaded for: date, variable and point. */
  key: string;
  status: 'loading' | 'ready';
  variable: ForecastVariable;
  /** Centre of the grid cell the point falls in (degrees), null outside the grid. */
  cell: { lon: number; lat: number } | null;
  /** Per run, one entry per lead (+24h, +48h, +72h); null: no data (land, missing, no file). */
  values: Record<EdgeRun, PointValue[]>;
}

/** Decimals per unit, as in the hover readout: cm of thickness, 1/1000 of concentration, mm/s of drift. */
const DECIMALS = { m: 2, '': 3, 'm/s': 3 } as const;

/** The table's text for one value: '1.23 м', '0.850', '0.123 м/с, 45°', or 'Нет данных'. */
export function formatPointValue(variable: ForecastVariable, value: PointValue): string {
  if (!value) return ru.forecastMap.noData;
  const { unit } = VARIABLE_STYLES[variable];
  const number = value.value.toFixed(DECIMALS[unit]);
  const withUnit = unit ? `${number} ${ru.forecastMap.units[unit]}` : number;
  return value.bearingDeg === undefined ? withUnit : `${withUnit}, ${Math.round(value.bearingDeg) % 360}°`;
}

/** A drift value from the file's speed (m/s) and direction (radians, bearing towards): null when either is missing. */
export function driftValue(speed: number, directionRad: number): PointValue {
  if (!Number.isFinite(speed) || !Number.isFinite(directionRad)) return null;
  const degrees = ((directionRad * 180) / Math.PI) % 360;
  return { value: speed, bearingDeg: degrees < 0 ? degrees + 360 : degrees };
}

export function scalarValue(value: number): PointValue {
  return Number.isFinite(value) ? { value } : null;
}
