/** Latitude, longitude and the value under the cursor with its unit, or 'Нет данных'. */
import { ru } from '../../i18n/ru.ts';
import type { PointerPosition } from '../../map/forecast-map.ts';
import { driftReadoutAt } from '../../map/layers/particle-layer/drift-readout.ts';
import { VARIABLE_STYLES } from './forecast-variables.ts';
import { useForecastMap } from './store/store-context.ts';
import { valueAt } from './value-at.ts';

/** Decimals shown per unit: centimetres of thickness, 1/1000 of concentration, mm/s of drift. */
const DECIMALS = { m: 2, '': 3, 'm/s': 3 } as const;

export function formatCoordinate(value: number, positive: string, negative: string): string {
  return `${Math.abs(value).toFixed(2)}° ${value >= 0 ? positive : negative}`;
}

export function HoverReadout({ pointer }: { pointer: PointerPosition | null }) {
  const field = useForecastMap((state) => state.field);
  const variable = useForecastMap((state) => state.variable);
  if (!pointer) return null;
  const { unit } = VARIABLE_STYLES[variable];
  let valueText: string = ru.forecastMap.noData;
  if (field?.kind === 'scalar') {
    const value = valueAt(field.grid, field.slice.data, pointer.lng, pointer.lat);
    if (value !== null) valueText = `${value.toFixed(DECIMALS[unit])}${unit ? ` ${ru.forecastMap.units[unit]}` : ''}`;
  } else if (field?.kind === 'drift') {
    const readout = driftReadoutAt({ data: field.slice.data, grid: field.grid }, pointer.lng, pointer.lat);
    if (readout.hasData) valueText = `${readout.speed.toFixed(DECIMALS['m/s'])} ${ru.forecastMap.units['m/s']}, ${readout.directionText}`;
  }
  return (
    <div className="forecast-map__readout" data-testid="hover-readout">
      <span>
        {ru.forecastMap.latitude}: {formatCoordinate(pointer.lat, ru.forecastMap.north, ru.forecastMap.south)}
      </span>
      <span>
        {ru.forecastMap.longitude}: {formatCoordinate(pointer.lng, ru.forecastMap.east, ru.forecastMap.west)}
      </span>
      <span>
        {ru.forecastMap.variableNames[variable]}: {valueText}
      </span>
    </div>
  );
}
