/**
 * The global and `time` attributes of a forecast or analysis file, written once for every region's writer (the sector's
 * latitude/longitude files in server/src/archive/forecast-file.ts, the projected regions' in netcdf/region-file/).
 */

/** What a file says about itself. */
export interface FileIdentity {
  kind: string;
  /** 'YYYY-MM-DD': the forecast reference date (00:00 UTC), or the analysis date. */
  date: string;
  /** model_id for forecasts, the dataset id for analyses. */
  model: string;
  modelType?: string;
  assimilated: boolean;
  source: string;
  /** More global attributes (a network's checksum and spec); they cannot replace the ones set here. */
  attributes?: Readonly<Record<string, string>>;
}

/**
 * CF-1.8 global attributes in the files' order; `region` (a projected region's id) follows `kind`. Values are
 * strings; `history` carries the time of writing.
 */
export function globalAttributes(meta: FileIdentity, region?: string): Record<string, string> {
  return {
    ...meta.attributes,
    Conventions: 'CF-1.8',
    title: meta.kind === 'analysis' ? 'Sea-ice analysis' : 'Sea-ice forecast',
    kind: meta.kind,
    ...(region ? { region } : {}),
    model: meta.model,
    ...(meta.modelType ? { model_type: meta.modelType } : {}),
    forecast_date: meta.date,
    forecast_reference_time: `${meta.date}T00:00:00Z`,
    assimilated: meta.assimilated ? 'yes' : 'no',
    source: meta.source,
    history: `${new Date().toISOString()} written by the arctic-ice-forecast-viewer server`,
  };
}

/** The `time` variable's attributes: hours after 00:00 UTC of the file's date (its lead times). */
export function timeAttributes(meta: Pick<FileIdentity, 'kind' | 'date'>): Record<string, string> {
  return {
    standard_name: 'time',
    long_name: meta.kind === 'analysis' ? 'analysis time' : 'forecast valid time',
    units: `hours since ${meta.date} 00:00:00`,
    calendar: 'standard',
    axis: 'T',
    forecast_reference_time: `${meta.date}T00:00:00Z`,
  };
}
