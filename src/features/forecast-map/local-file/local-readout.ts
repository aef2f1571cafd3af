/** The readout's value line for a local file: its title and the value under the cursor, or 'Нет данных'. */
import { ru } from '../../../i18n/ru.ts';
import type { LocalField } from '../../../../workers/forecast.api.ts';
import { valueAt } from '../value-at.ts';

export function localReadout(field: LocalField, label: string, lon: number, lat: number): string {
  const name =
    field.quantity === 'concentration'
      ? ru.forecastMap.variableNames.sea_ice_fraction_BREMEN
      : field.quantity === 'thickness'
        ? ru.forecastMap.variableNames.sithick_GLORYS
        : label;
  const value = valueAt(field.grid, field.data, lon, lat);
  if (value === null) return `${name}: ${ru.forecastMap.noData}`;
  const units = field.quantity === 'thickness' ? ` ${ru.forecastMap.units.m}` : field.quantity ? '' : field.units ? ` ${field.units}` : '';
  // Concentration and thickness as the forecast shows them (3 and 2 decimals), others with 4 significant digits.
  const text = field.quantity === 'concentration' ? value.toFixed(3) : field.quantity === 'thickness' ? value.toFixed(2) : value.toPrecision(4);
  return `${name}: ${text}${units}`;
}
