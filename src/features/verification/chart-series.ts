/**
 * The chart's data: x = valid date (Unix seconds, 00:00 UTC), one series per model and lead, and one dashed
 * persistence series per lead (persistence is the start date's analysis, the same whichever model ran, so one
 * line per lead: the first model's value at each date). IIEE in thousands of km², RMSE as a fraction; null gaps
 * where a model has no record for a date.
 */
import type { VerificationRow } from '../../api/verification.ts';

export type ChartMetric = 'iiee' | 'rmse';

export interface ChartSeries {
  model_id: string | null;
  lead_hours: number;
  persistence: boolean;
  values: (number | null)[];
}

export interface ChartData {
  /** Valid dates as Unix seconds, ascending. */
  x: number[];
  series: ChartSeries[];
}

const forecastValue = (row: VerificationRow, metric: ChartMetric) => (metric === 'iiee' ? row.iiee_km2 / 1000 : row.conc_rmse);
const persistenceValue = (row: VerificationRow, metric: ChartMetric) =>
  metric === 'iiee' ? (row.persistence_iiee_km2 === null ? null : row.persistence_iiee_km2 / 1000) : row.persistence_conc_rmse;

export function dateSeconds(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 1000;
}

export function chartData(rows: readonly VerificationRow[], models: readonly string[], metric: ChartMetric): ChartData {
  const dates = [...new Set(rows.map((row) => row.valid_date))].sort();
  const index = new Map(dates.map((date, i) => [date, i]));
  const leads = [...new Set(rows.map((row) => row.lead_hours))].sort((a, b) => a - b);
  const series: ChartSeries[] = [];
  const byKey = new Map<string, ChartSeries>();
  for (const model_id of models) {
    for (const lead_hours of leads) {
      const line: ChartSeries = { model_id, lead_hours, persistence: false, values: dates.map(() => null) };
      byKey.set(`${model_id}\u0000${lead_hours}`, line);
      series.push(line);
    }
  }
  const persistence = new Map(leads.map((lead_hours) => [lead_hours, { model_id: null, lead_hours, persistence: true, values: dates.map(() => null) } as ChartSeries]));
  for (const row of rows) {
    const i = index.get(row.valid_date)!;
    const line = byKey.get(`${row.model_id}\u0000${row.lead_hours}`);
    if (line) line.values[i] = finiteOrNull(forecastValue(row, metric));
    const p = persistence.get(row.lead_hours)!;
    if (p.values[i] === null) p.values[i] = finiteOrNull(persistenceValue(row, metric));
  }
  // A model with no record at a lead draws nothing: leave its empty line out.
  const drawn = series.filter((line) => line.values.some((v) => v !== null));
  return { x: dates.map(dateSeconds), series: [...drawn, ...persistence.values()] };
}

function finiteOrNull(value: number | null): number | null {
  return value === null || !Number.isFinite(value) ? null : value;
}
