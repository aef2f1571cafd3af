/**
 * SQL for the verification tables (migration 10): records and the ensembles' probability scores.
 * Every write is one statement (an upsert), so a record is either there whole or not at all. Records are never
 * deleted here: they outlive the files they were computed from (retention), and go with their model.
 */
import type { Selectable } from 'kysely';
import type { FileRecord } from '../archive/forecast-repository.ts';
import { nowText, type Db } from '../db/database.ts';
import type { VerificationEnsemblesTable, VerificationRecordsTable } from '../db/schema.ts';

export type RecordRow = Omit<Selectable<VerificationRecordsTable>, 'computed_at'>;
export type EnsembleRow = Omit<Selectable<VerificationEnsemblesTable>, 'computed_at'>;

const KEY = ['model_id', 'run', 'date', 'lead_hours'] as const;

/** Insert or replace one record. */
export async function saveRecord(db: Db, record: RecordRow): Promise<void> {
  const values = { ...record, computed_at: nowText() };
  await db
    .insertInto('verification_records')
    .values(values)
    .onConflict((oc) => oc.columns(KEY).doUpdateSet(values))
    .execute();
}

/** What a stored record was computed from, keyed `run|date|lead`, for one model. */
export async function recordInputs(
  db: Db,
  modelId: string,
): Promise<Map<string, Pick<RecordRow, 'forecast_id' | 'analysis_id' | 'persistence_id' | 'version'>>> {
  const rows = await db
    .selectFrom('verification_records')
    .select(['run', 'date', 'lead_hours', 'forecast_id', 'analysis_id', 'persistence_id', 'version'])
    .where('model_id', '=', modelId)
    .execute();
  return new Map(rows.map((r) => [`${r.run}|${r.date}|${r.lead_hours}`, r]));
}

/** Records of one model's run with start dates in [from, to], by date then lead. */
export async function listRecords(db: Db, filter: { modelId?: string; run?: string; from: string; to: string }): Promise<RecordRow[]> {
  let query = db.selectFrom('verification_records').selectAll().where('date', '>=', filter.from).where('date', '<=', filter.to);
  if (filter.modelId) query = query.where('model_id', '=', filter.modelId);
  if (filter.run) query = query.where('run', '=', filter.run);
  const rows = await query.orderBy('date').orderBy('lead_hours').orderBy('model_id').orderBy('run').execute();
  return rows.map(({ computed_at: _omit, ...row }) => row);
}

/** Insert or replace the probability score of a date and lead. */
export async function saveEnsemble(db: Db, row: EnsembleRow): Promise<void> {
  const values = { ...row, computed_at: nowText() };
  await db
    .insertInto('verification_ensembles')
    .values(values)
    .onConflict((oc) => oc.columns(['date', 'lead_hours']).doUpdateSet(values))
    .execute();
}

/** Stored ensemble scores, keyed `date|lead`. */
export async function ensembleInputs(db: Db): Promise<Map<string, EnsembleRow>> {
  const rows = await db.selectFrom('verification_ensembles').selectAll().execute();
  return new Map(rows.map(({ computed_at: _omit, ...r }) => [`${r.date}|${r.lead_hours}`, r]));
}

/** Ensemble scores with start dates in [from, to], by date then lead. */
export async function listEnsembles(db: Db, from: string, to: string): Promise<EnsembleRow[]> {
  const rows = await db
    .selectFrom('verification_ensembles')
    .selectAll()
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .orderBy('lead_hours')
    .execute();
  return rows.map(({ computed_at: _omit, ...r }) => r);
}

/** Every forecast and assimilated-forecast file in the index (the records' candidates). */
export async function forecastFiles(db: Db): Promise<FileRecord[]> {
  return db
    .selectFrom('forecast_files')
    .select(['kind', 'owner', 'date', 'path', 'bytes', 'etag', 'created_at'])
    .where('kind', 'in', ['forecast', 'assim_forecast'])
    .orderBy('date')
    .execute();
}
