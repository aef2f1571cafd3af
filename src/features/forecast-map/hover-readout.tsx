/**
 * Latitude, longitude and the value under the cursor with its unit, or 'Нет данных'. The drift reads as the
 * current tool's readout does (its texts letter for letter): 'Sea current', speed in m/s and the bearing
 * clockwise from north, or 'No data'. A preview's value (a slow link's coarse field, the full one on
 * its way) is marked '≈': it is the value of a cell up to one cell away, not this cell's.
 */
import { ru } from '../../i18n/ru.ts';
import type { PointerPosition } from '../../map/forecast-map.ts';
import { driftReadoutAt } from '../../map/layers/particle-layer/drift-readout.ts';
import { VARIABLE_STYLES } from './forecast-variables.ts';
import { useForecastMap } from './store/store-context.ts';
import { polarisReadoutLines } from './polaris/polaris-readout.ts';
import { valueAt } from './value-at.ts';
import { differenceReadout } from './difference/difference-readout.ts';
import { localReadout } from './local-file/local-readout.ts';
import { probabilityReadout } from './ice-probability/probability-field.ts';

/** Decimals shown per unit: centimetres of thickness, 1/1000 of concentration, mm/s of drift. */
const DECIMALS = { m: 2, '': 3, 'm/s': 3 } as const;

export function formatCoordinate(value: number, positive: string, negative: string): string {
  return `${Math.abs(value).toFixed(2)}° ${value >= 0 ? positive : negative}`;
}

export function HoverReadout({ pointer }: { pointer: PointerPosition | null }) {
  const field = useForecastMap((state) => state.field);
  const variable = useForecastMap((state) => state.variable);
  const iceClass = useForecastMap((state) => state.iceClass);
  const mode = useForecastMap((state) => state.mode);
  const difference = useForecastMap((state) => state.difference);
  const probability = useForecastMap((state) => state.probability);
  const localField = useForecastMap((state) => state.localField);
  const localLabel = useForecastMap((state) => state.localVariables.find((v) => v.name === state.localVariable)?.label ?? '');
  if (!pointer) return null;
  // The POLARIS layer reads out RIO, ice type, concentration, thickness and category.
  const polarisLines = field?.kind === 'polaris' ? polarisReadoutLines(field, iceClass, pointer.lng, pointer.lat) : null;
  const { unit } = VARIABLE_STYLES[variable];
  const approx = field?.preview ? `${ru.fieldPreview.approx} ` : '';
  let valueLine = `${ru.forecastMap.variableNames[variable]}: ${ru.forecastMap.noData}`;
  if (field?.kind === 'scalar') {
    const value = valueAt(field.grid, field.slice.data, pointer.lng, pointer.lat);
    if (value !== null) {
      valueLine = `${ru.forecastMap.variableNames[variable]}: ${approx}${value.toFixed(DECIMALS[unit])}${unit ? ` ${ru.forecastMap.units[unit]}` : ''}`;
    }
  } else if (variable === 'usi_vsi') {
    const readout = driftReadoutAt(field?.kind === 'drift' ? { data: field.slice.data, grid: field.grid } : null, pointer.lng, pointer.lat);
    valueLine = readout.hasData
      ? `${readout.title}: ${approx}${readout.speed.toFixed(DECIMALS['m/s'])} m/s, ${readout.directionText}`
      : readout.text;
  }
  valueLine = differenceReadout({ mode, difference }, pointer.lng, pointer.lat) ?? valueLine;
  valueLine = probabilityReadout({ mode, probability }, pointer.lng, pointer.lat) ?? valueLine;
  if (localField) valueLine = localReadout(localField, localLabel, pointer.lng, pointer.lat); // a file from disk
  return (
    <div className="forecast-map__readout" data-testid="hover-readout">
      <span>
        {ru.forecastMap.latitude}: {formatCoordinate(pointer.lat, ru.forecastMap.north, ru.forecastMap.south)}
      </span>
      <span>
        {ru.forecastMap.longitude}: {formatCoordinate(pointer.lng, ru.forecastMap.east, ru.forecastMap.west)}
      </span>
      {polarisLines ? polarisLines.map((line) => <span key={line}>{line}</span>) : <span>{valueLine}</span>}
    </div>
  );
}
