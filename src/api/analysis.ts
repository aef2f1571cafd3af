/**
 * The archived analyses (GET /analysis/info, /analysis/hist): one-time-step NetCDF files with the forecast
 * files' variables. The decode worker downloads the files itself; this module only knows their URLs.
 */
import { apiJson, apiUrl, type RequestOptions } from './client.ts';

type ReadOptions = Pick<RequestOptions, 'signal' | 'timeoutMs'>;

/** GET /analysis/info */
export interface AnalysisInfo {
  /** 'YYYY-MM-DD', oldest first. */
  available_dates: string[];
}

export function fetchAnalysisInfo(options: ReadOptions = {}): Promise<AnalysisInfo> {
  return apiJson<AnalysisInfo>('analysis/info', options);
}

/** Absolute URL of the analysis valid on `date` (lead index 0 in the file). */
export function analysisFileUrl(date: string): string {
  return apiUrl('analysis/hist', { date });
}
