/** The hover readout in 'Разность' mode: the difference under the cursor and both values it came from. */
import { ru } from '../../../i18n/ru.ts';
import { VARIABLE_STYLES } from '../forecast-variables.ts';
import type { ForecastMapState } from '../store/forecast-map-store.ts';
import { fieldCellAt } from '../../../../common/field-grid.ts';

/** Decimals as the field readout: cm of thickness, 1/1000 of concentration. */
const DECIMALS = { m: 2, '': 3, 'm/s': 3 } as const;

/** e.g. 'Разность: +0.12 м (ассим.: 1.23 м, своб.: 1.11 м)'; null when not in 'Разность' mode with a difference. */
export function differenceReadout(state: Pick<ForecastMapState, 'mode' | 'difference'>, lon: number, lat: number): string | null {
  const difference = state.difference;
  if (state.mode !== 'difference' || difference === null || difference === 'none') return null;
  const { unit } = VARIABLE_STYLES[difference.variable];
  const cell = fieldCellAt(difference.grid, lon, lat);
  const d = cell < 0 ? Number.NaN : difference.slice.data[cell];
  if (!Number.isFinite(d)) return `${ru.mapTools.difference}: ${ru.forecastMap.noData}`;
  const digits = DECIMALS[unit];
  const withUnit = (value: number, signed = false) => {
    const text = value.toFixed(digits);
    const shown = signed && value > 0 && Number(text) !== 0 ? `+${text}` : text;
    return unit ? `${shown} ${ru.forecastMap.units[unit]}` : shown;
  };
  const [aName, bName] = ru.mapTools.differenceSides[difference.kind];
  return `${ru.mapTools.difference}: ${withUnit(d, true)} (${aName}: ${withUnit(difference.a[cell])}, ${bName}: ${withUnit(difference.b[cell])})`;
}
