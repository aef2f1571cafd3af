/**
 * Forecast endpoints: the list of dates (JSON, through the client) and the URLs of the NetCDF files, which the
 * decode worker downloads itself (with progress) rather than this client.
 */
import { apiJson, apiUrl, type RequestOptions } from './client.ts';
import { regionQuery, type RegionId } from './region-query.ts';

type ReadOptions = Pick<RequestOptions, 'signal' | 'timeoutMs'>;

/** GET /forecast/info */
export interface ForecastInfo {
  /** 'YYYY-MM-DD', oldest first. */
  available_dates: string[];
}

/** The dates of a region's forecasts; the sector's (the spec's request, no `region`) by default. */
export function fetchForecastInfo(options: ReadOptions = {}, region: RegionId = 'sector'): Promise<ForecastInfo> {
  return apiJson<ForecastInfo>('forecast/info', { ...options, query: regionQuery(region) });
}

/**
 * Absolute URL of a forecast file: /forecast/hist (free run) or /assim_forecast/hist (assimilated run);
 * `modelId` picks one model's run (the forecast generation screen); `region` the grid (`region=arctic`; the sector's
 * URL names none).
 */
export function forecastFileUrl(date: string, assimilated: boolean, modelId?: string, region: RegionId = 'sector'): string {
  return apiUrl(assimilated ? 'assim_forecast/hist' : 'forecast/hist', { date, model_id: modelId, ...regionQuery(region) });
}
