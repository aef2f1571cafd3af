/**
 * SQL for `chart_verification_records` (migration 14; the region in the key since 20): forecasts scored against the
 * ice charts of their valid dates. One upsert per record, as verification-repository.ts does for the records
 * against the analyses; every read names its region (the sector when not named).
 */
import type { Selectable } from 'kysely';
import { nowText, type Db } from '../db/database.ts';
import type { ChartVerificationRecordsTable } from '../db/schema.ts';

export type ChartRecordRow = Omit<Selectable<ChartVerificationRecordsTable>, 'computed_at'>;
export type ChartRecordInputs = Pick<ChartRecordRow, 'forecast_id' | 'analysis_id' | 'persistence_id' | 'version'>;

const KEY = ['model_id', 'run', 'date', 'lead_hours', 'chart_id', 'region'] as const;

/** Insert or replace one record. */
export async function saveChartRecord(db: Db, record: ChartRecordRow): Promise<void> {
  const values = { ...record, computed_at: nowText() };
  await db
    .insertInto('chart_verification_records')
    .values(values)
    .onConflict((oc) => oc.columns(KEY).doUpdateSet(values))
    .execute();
}

/** The key of a stored record among those of one chart. */
export const chartRecordKey = (r: Pick<ChartRecordRow, 'model_id' | 'run' | 'date' | 'lead_hours'>) => `${r.model_id}|${r.run}|${r.date}|${r.lead_hours}`;

/** What the stored records of a chart in a region were computed from, by chartRecordKey. */
export async function chartRecordInputs(db: Db, chartId: number, region: string): Promise<Map<string, ChartRecordInputs>> {
  const rows = await db
    .selectFrom('chart_verification_records')
    .select(['model_id', 'run', 'date', 'lead_hours', 'forecast_id', 'analysis_id', 'persistence_id', 'version'])
    .where('chart_id', '=', chartId)
    .where('region', '=', region)
    .execute();
  return new Map(rows.map((r) => [chartRecordKey(r), r]));
}

/** Records of a region (the sector when not named) with start dates in [from, to] (of one model's run when given), by date, lead, model, run, chart. */
export async function listChartRecords(db: Db, filter: { modelId?: string; run?: string; from: string; to: string; region?: string }): Promise<ChartRecordRow[]> {
  let query = db
    .selectFrom('chart_verification_records')
    .selectAll()
    .where('region', '=', filter.region ?? 'sector')
    .where('date', '>=', filter.from)
    .where('date', '<=', filter.to);
  if (filter.modelId) query = query.where('model_id', '=', filter.modelId);
  if (filter.run) query = query.where('run', '=', filter.run);
  const rows = await query.orderBy('date').orderBy('lead_hours').orderBy('model_id').orderBy('run').orderBy('chart_id').execute();
  return rows.map(({ computed_at: _omit, ...row }) => row);
}
