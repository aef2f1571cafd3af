/**
 * Forecast endpoints: the list of dates (JSON, through the client) and the URLs of the NetCDF files, which the
 * decode worker downloads itself (with progress) rather than this client.
 */
import { apiJson, apiUrl, type RequestOptions } from './client.ts';

type ReadOptions = Pick<RequestOptions, 'signal' | 'timeoutMs'>;

/** GET /forecast/info */
export interface ForecastInfo {
  /** 'YYYY-MM-DD', oldest first. */
  available_dates: string[];
}

export function fetchForecastInfo(options: ReadOptions = {}): Promise<ForecastInfo> {
  return apiJson<ForecastInfo>('forecast/info', options);
}

/** GET /analysis/info (issue 10): the dates with an archived analysis. */
export function fetchAnalysisInfo(options: ReadOptions = {}): Promise<ForecastInfo> {
  return apiJson<ForecastInfo>('analysis/info', options);
}

/** URL of a date's analysis on the forecast grid (/analysis/hist): the forecast files' variables, one time step. */
export function analysisFileUrl(date: string): string {
  return apiUrl('analysis/hist', { date });
}

/**
 * Absolute URL of a forecast file: /forecast/hist (free run) or /assim_forecast/hist (assimilated run);
 * `modelId` picks one model's run (the forecast generation screen).
 */
export function forecastFileUrl(date: string, assimilated: boolean, modelId?: string): string {
  return apiUrl(assimilated ? 'assim_forecast/hist' : 'forecast/hist', { date, model_id: modelId });
}
