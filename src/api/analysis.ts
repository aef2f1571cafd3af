/**
 * The archived analyses (GET /analysis/info, /analysis/hist): one-time-step NetCDF files with the forecast
 * files' variables. The decode worker downloads the files itself; this module only knows their URLs.
 */
import { apiJson, apiUrl, type RequestOptions } from './client.ts';
import { regionQuery, type RegionId } from './region-query.ts';

type ReadOptions = Pick<RequestOptions, 'signal' | 'timeoutMs'>;

/** GET /analysis/info */
export interface AnalysisInfo {
  /** 'YYYY-MM-DD', oldest first. */
  available_dates: string[];
}

/** The dates of a region's analyses; the sector's (no `region`) by default. */
export function fetchAnalysisInfo(options: ReadOptions = {}, region: RegionId = 'sector'): Promise<AnalysisInfo> {
  return apiJson<AnalysisInfo>('analysis/info', { ...options, query: regionQuery(region) });
}

/** Absolute URL of the analysis valid on `date` (lead index 0 in the file), on a region's grid. */
export function analysisFileUrl(date: string, region: RegionId = 'sector'): string {
  return apiUrl('analysis/hist', { date, ...regionQuery(region) });
}
