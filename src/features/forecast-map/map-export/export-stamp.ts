/**
 * What the exported PNG says about itself: the stamp drawn under the map and the file name, from the selection and
 * the open file's attributes (model, source). 'демонстрационные данные' when the file's source says so.
 */
import type { ForecastFileMeta } from '../../../../workers/forecast.api.ts';
import { ru } from '../../../i18n/ru.ts';
import { LEAD_HOURS, type ForecastVariable, type LeadIndex } from '../forecast-variables.ts';
import { validTime } from '../map-tools/companion-files.ts';
import type { RegionId } from '../../../../common/regions/types.ts';

const DEMO_SOURCE = 'демонстрационные данные';

export interface StampInput {
  date: string;
  leadIndex: LeadIndex;
  assimilated: boolean;
  variable: ForecastVariable;
  fileMeta: Pick<ForecastFileMeta, 'attributes'> | null;
  /** 'Разность' label when a difference is shown, else null. */
  difference: string | null;
  /** The region shown; the sector's stamp and name say nothing of it (as before regions). */
  region?: RegionId;
}

function attribute(meta: StampInput['fileMeta'], name: string): string | null {
  const value = meta?.attributes[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function isDemoData(meta: StampInput['fileMeta']): boolean {
  const source = attribute(meta, 'source');
  return source !== null && (source.includes(DEMO_SOURCE) || /\bdemo\b/i.test(source));
}

/** The stamp's lines, e.g. 'Дата прогноза: 2026-11-23 · Срок: +24h · Действителен: 2026-11-24T00:00Z UTC'. */
export function stampLines(input: StampInput): string[] {
  const hours = LEAD_HOURS[input.leadIndex];
  const model = attribute(input.fileMeta, 'model') ?? '—';
  const run = input.assimilated ? ru.mapTools.edgeRuns.assimilated : ru.mapTools.edgeRuns.free;
  const what = input.difference ? `${input.variable} (${input.difference})` : input.variable;
  const lines = [
    `${ru.forecastMap.date}: ${input.date} · ${ru.mapTools.lead}: +${hours}h · ${ru.mapTools.validTime}: ${validTime(input.date, hours)} UTC`,
    `${ru.mapTools.run}: ${run} · ${ru.mapTools.model}: ${model} · ${ru.forecastMap.variable}: ${what}`,
  ];
  // The whole Arctic's map says so: the same date and variable of the sector is another forecast.
  if (input.region === 'arctic') lines[1] += ` · ${ru.regions.label}: ${ru.regions.names.arctic}`;
  if (isDemoData(input.fileMeta)) lines.push(DEMO_SOURCE);
  return lines;
}

/** 'ice_2026-11-23_+24h_valid-2026-11-24T00-00Z_free_model_2_sithick_GLORYS[_diff][_demo].png' (safe characters only). */
export function exportFileName(input: StampInput): string {
  const hours = LEAD_HOURS[input.leadIndex];
  const model = (attribute(input.fileMeta, 'model') ?? 'model').replace(/[^A-Za-z0-9_-]+/g, '-');
  const parts = [
    'ice',
    input.date,
    `+${hours}h`,
    `valid-${validTime(input.date, hours).replace(':', '-')}`,
    input.assimilated ? 'assim' : 'free',
    model,
    input.variable,
  ];
  if (input.difference) parts.push('diff');
  if (input.region === 'arctic') parts.push('arctic');
  if (isDemoData(input.fileMeta)) parts.push('demo');
  return `${parts.join('_')}.png`;
}
