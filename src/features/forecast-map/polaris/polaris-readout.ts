/**
 * The hover readout of the POLARIS layer: RIO, the ice type derived from thickness, concentration,
 * thickness and the category at the cell under the cursor, computed on the CPU with the same table and cell
 * rule as the GPU layer. Missing cells (land, no data) read 'Нет данных'.
 */
import { assessCell, type IceClass } from '../../../../common/polaris/polaris.ts';
import type { FieldGrid } from '../../../../workers/forecast.api.ts';
import { ru } from '../../../i18n/ru.ts';
import { valueAt } from '../value-at.ts';
import type { PolarisSlices } from '../store/field-slice.ts';

export function polarisReadoutLines(
  field: { grid: FieldGrid; slice: PolarisSlices },
  iceClass: IceClass,
  lng: number,
  lat: number,
): string[] {
  const c = valueAt(field.grid, field.slice.concentration.data, lng, lat);
  const h = valueAt(field.grid, field.slice.thickness.data, lng, lat);
  const cell = assessCell(iceClass, c, h);
  const t = ru.polaris;
  if (!cell || c === null || h === null) return [`${t.rio}: ${t.noData}`];
  return [
    `${t.rio}: ${cell.rio.toFixed(1)}`,
    `${t.iceType}: ${t.iceTypes[cell.iceType]}`,
    `${t.concentration}: ${c.toFixed(2)}`,
    `${t.thickness}: ${h.toFixed(2)} ${ru.forecastMap.units.m}`,
    `${t.category}: ${t.categories[cell.category]}`,
  ];
}
