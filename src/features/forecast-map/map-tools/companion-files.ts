/**
 * The files that go with the selected date and lead: the free run, the assimilated run, and the analysis valid
 * at the lead's time (the date plus the lead), where the server has one. Used by the ice edge and the point panel.
 */
import { LEAD_HOURS, type LeadIndex } from '../forecast-variables.ts';
import type { EdgeRun } from '../ice-edge/edge-slice.ts';
import type { RegionId } from '../../../../common/regions/types.ts';

/** Where each kind of file of a region is downloaded from (absolute URLs: the worker fetches them). */
export interface FileUrls {
  forecast: (date: string, assimilated: boolean, region: RegionId) => string;
  analysis: (date: string, region: RegionId) => string;
}

export interface RunFile {
  run: EdgeRun;
  url: string;
  /** Lead index inside that file: the forecast's lead, 0 in a one-step analysis. */
  leadIndex: number;
}

/** 'YYYY-MM-DD' plus whole hours (a multiple of 24), in UTC. */
export function validDate(date: string, leadHours: number): string {
  const time = Date.parse(`${date}T00:00:00Z`) + leadHours * 3_600_000;
  return new Date(time).toISOString().slice(0, 10);
}

/** The valid time of a lead, ISO UTC to the minute: '2026-11-21T00:00Z'. */
export function validTime(date: string, leadHours: number): string {
  return `${new Date(Date.parse(`${date}T00:00:00Z`) + leadHours * 3_600_000).toISOString().slice(0, 16)}Z`;
}

/**
 * The three runs' files of a region for a date and lead; the analysis only when `analysisDates` (the region's)
 * lists its valid date.
 */
export function runFiles(date: string, leadIndex: LeadIndex, analysisDates: readonly string[] | null, urls: FileUrls, region: RegionId): RunFile[] {
  const files: RunFile[] = [
    { run: 'free', url: urls.forecast(date, false, region), leadIndex },
    { run: 'assimilated', url: urls.forecast(date, true, region), leadIndex },
  ];
  const analysisDate = validDate(date, LEAD_HOURS[leadIndex]);
  if (analysisDates?.includes(analysisDate)) files.push({ run: 'analysis', url: urls.analysis(analysisDate, region), leadIndex: 0 });
  return files;
}
