/**
 * SQL for the verification tables (migration 10; the region in the key since migration 18): records and the
 * ensembles' probability scores. Every read names its region, the sector when the caller names none.
 * Every write is one statement (an upsert), so a record is either there whole or not at all. Records are never
 * deleted here: they outlive the files they were computed from (retention), and go with their model.
 */
import type { Selectable } from 'kysely';
import type { FileRecord } from '../archive/forecast-repository.ts';
import type { RegionId } from '../../../common/regions/index.ts';
import { nowText, type Db } from '../db/database.ts';
import type { VerificationEnsemblesTable, VerificationRecordsTable } from '../db/schema.ts';

export type RecordRow = Omit<Selectable<VerificationRecordsTable>, 'computed_at'>;
export type EnsembleRow = Omit<Selectable<VerificationEnsemblesTable>, 'computed_at'>;

const KEY = ['model_id', 'run', 'date', 'lead_hours', 'region'] as const;

/** A row to write: the region may be left out for the sector's. */
type Saved<Row extends { region: string }> = Omit<Row, 'region'> & { region?: RegionId };
export type NewRecord = Saved<RecordRow>;

/** Insert or replace one record (the sector's when it names no region). */
export async function saveRecord(db: Db, record: NewRecord): Promise<void> {
  const values = { region: 'sector', ...record, computed_at: nowText() };
  await db
    .insertInto('verification_records')
    .values(values)
    .onConflict((oc) => oc.columns(KEY).doUpdateSet(values))
    .execute();
}

/** What a stored record was computed from, keyed `run|date|lead`, for one model in `region`. */
export async function recordInputs(
  db: Db,
  modelId: string,
  region: RegionId = 'sector',
): Promise<Map<string, Pick<RecordRow, 'forecast_id' | 'analysis_id' | 'persistence_id' | 'version'>>> {
  const rows = await db
    .selectFrom('verification_records')
    .select(['run', 'date', 'lead_hours', 'forecast_id', 'analysis_id', 'persistence_id', 'version'])
    .where('model_id', '=', modelId)
    .where('region', '=', region)
    .execute();
  return new Map(rows.map((r) => [`${r.run}|${r.date}|${r.lead_hours}`, r]));
}

/** Records of one model's run with start dates in [from, to] in a region (the sector when not named), by date then lead. */
export async function listRecords(db: Db, filter: { modelId?: string; run?: string; from: string; to: string; region?: RegionId }): Promise<RecordRow[]> {
  let query = db
    .selectFrom('verification_records')
    .selectAll()
    .where('date', '>=', filter.from)
    .where('date', '<=', filter.to)
    .where('region', '=', filter.region ?? 'sector');
  if (filter.modelId) query = query.where('model_id', '=', filter.modelId);
  if (filter.run) query = query.where('run', '=', filter.run);
  const rows = await query.orderBy('date').orderBy('lead_hours').orderBy('model_id').orderBy('run').execute();
  return rows.map(({ computed_at: _omit, ...row }) => row);
}

/** Insert or replace the probability score of a date and lead (the sector's when it names no region). */
export async function saveEnsemble(db: Db, row: Saved<EnsembleRow>): Promise<void> {
  const values = { region: 'sector', ...row, computed_at: nowText() };
  await db
    .insertInto('verification_ensembles')
    .values(values)
    .onConflict((oc) => oc.columns(['date', 'lead_hours', 'region']).doUpdateSet(values))
    .execute();
}

/** Stored ensemble scores of `region`, keyed `date|lead`. */
export async function ensembleInputs(db: Db, region: RegionId = 'sector'): Promise<Map<string, EnsembleRow>> {
  const rows = await db.selectFrom('verification_ensembles').selectAll().where('region', '=', region).execute();
  return new Map(rows.map(({ computed_at: _omit, ...r }) => [`${r.date}|${r.lead_hours}`, r]));
}

/** Ensemble scores of `region` with start dates in [from, to], by date then lead. */
export async function listEnsembles(db: Db, from: string, to: string, region: RegionId = 'sector'): Promise<EnsembleRow[]> {
  const rows = await db
    .selectFrom('verification_ensembles')
    .selectAll()
    .where('date', '>=', from)
    .where('date', '<=', to)
    .where('region', '=', region)
    .orderBy('date')
    .orderBy('lead_hours')
    .execute();
  return rows.map(({ computed_at: _omit, ...r }) => r);
}

/** Every forecast and assimilated-forecast file of `region` in the index (the records' candidates). */
export async function forecastFiles(db: Db, region: RegionId = 'sector'): Promise<FileRecord[]> {
  const rows = await db
    .selectFrom('forecast_files')
    .select(['kind', 'owner', 'date', 'path', 'bytes', 'etag', 'created_at'])
    .where('kind', 'in', ['forecast', 'assim_forecast'])
    .where('region', '=', region)
    .orderBy('date')
    .execute();
  return rows.map((row) => ({ ...row, region }));
}
