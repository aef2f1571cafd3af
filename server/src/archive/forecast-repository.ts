/**
 * SQL for the forecast tables (migration 3): models, datasets, the file index and metrics.
 * Async over Kysely (SQLite or PostgreSQL); every function takes the database handle (or a transaction).
 */
import { sql } from 'kysely';
import { dialectOf, nowText, type Db } from '../db/database.ts';
import type { FileKind } from './forecast-file.ts';
import type { Hyperparameters } from '../models/types.ts';
import type { RegionId } from '../../../common/regions/index.ts';

export interface ModelRecord {
  model_id: string;
  model_type: string;
  hyperparameters: Hyperparameters;
  is_default: boolean;
  /**
   * The dataset the model was generated for (migration 9): its metrics (and verification) use that dataset's
   * analyses when the archive has them (verification/analyses.ts). Null or absent: built-in and older models.
   */
  dataset_id?: string | null;
}

export interface DatasetRecord {
  dataset_id: string;
  dataset_name: string;
  metadata: { description: string; variables: string[]; target_variables: string[]; [key: string]: unknown };
}

export interface FileRecord {
  kind: FileKind;
  owner: string;
  date: string;
  /** The region whose grid the file is on (migration 17). */
  region: RegionId;
  /** Relative to DATA_DIR, '/'-separated. */
  path: string;
  bytes: number;
  etag: string;
  created_at: string;
  /** SHA-256 (hex) of the bytes written, and the file's modification time then (ms): null in rows older than both. */
  sha256?: string | null;
  mtime_ms?: number | null;
  /** Set when the file was found truncated, rewritten or missing (file-integrity.ts), with what was found. */
  damaged_at?: string | null;
  damage?: string | null;
}

interface ModelRow {
  model_id: string;
  model_type: string;
  hyperparameters: string;
  is_default: number;
  dataset_id: string | null;
}

const toModel = (row: ModelRow): ModelRecord => ({
  model_id: row.model_id,
  model_type: row.model_type,
  hyperparameters: JSON.parse(row.hyperparameters) as Hyperparameters,
  is_default: row.is_default === 1,
  dataset_id: row.dataset_id,
});

const MODEL_COLUMNS = ['model_id', 'model_type', 'hyperparameters', 'is_default', 'dataset_id'] as const;
const FILE_COLUMNS = ['kind', 'owner', 'date', 'region', 'path', 'bytes', 'etag', 'created_at', 'sha256', 'mtime_ms', 'damaged_at', 'damage'] as const;

/** Insertion order: SQLite's rowid, PostgreSQL's `seq` identity column (postgres-migrations.ts). */
const insertionOrder = (db: Db) => sql.ref(dialectOf(db) === 'postgres' ? 'seq' : 'rowid');

/** Models ordered by id number (model_2 before model_10), then name. */
export async function listModels(db: Db): Promise<ModelRecord[]> {
  const rows = await db.selectFrom('models').select(MODEL_COLUMNS).execute();
  const key = (id: string) => Number(/(\d+)$/.exec(id)?.[1] ?? Infinity);
  return rows.map(toModel).sort((a, b) => key(a.model_id) - key(b.model_id) || a.model_id.localeCompare(b.model_id));
}

export async function findModel(db: Db, modelId: string): Promise<ModelRecord | undefined> {
  const row = await db.selectFrom('models').select(MODEL_COLUMNS).where('model_id', '=', modelId).executeTakeFirst();
  return row && toModel(row);
}

export async function defaultModel(db: Db): Promise<ModelRecord | undefined> {
  const row = await db.selectFrom('models').select(MODEL_COLUMNS).where('is_default', '=', 1).executeTakeFirst();
  return row && toModel(row);
}

/** Insert a model unless its id exists (seeding is idempotent). Returns true when inserted. */
export async function insertModel(db: Db, model: ModelRecord): Promise<boolean> {
  const result = await db
    .insertInto('models')
    .values({
      model_id: model.model_id,
      model_type: model.model_type,
      hyperparameters: JSON.stringify(model.hyperparameters),
      is_default: model.is_default ? 1 : 0,
      dataset_id: model.dataset_id ?? null,
    })
    .onConflict((oc) => oc.column('model_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Remove a model (its metrics cascade). */
export async function deleteModel(db: Db, modelId: string): Promise<void> {
  await db.deleteFrom('models').where('model_id', '=', modelId).execute();
}

export async function listDatasets(db: Db): Promise<DatasetRecord[]> {
  const rows = await db.selectFrom('datasets').select(['dataset_id', 'dataset_name', 'metadata']).orderBy('created_at').orderBy('dataset_id').execute();
  return rows.map((r) => ({ ...r, metadata: JSON.parse(r.metadata) as DatasetRecord['metadata'] }));
}

/** Insert or refresh a dataset's name and metadata. */
export async function upsertDataset(db: Db, dataset: DatasetRecord): Promise<void> {
  await db
    .insertInto('datasets')
    .values({ dataset_id: dataset.dataset_id, dataset_name: dataset.dataset_name, metadata: JSON.stringify(dataset.metadata) })
    .onConflict((oc) =>
      oc.column('dataset_id').doUpdateSet((eb) => ({ dataset_name: eb.ref('excluded.dataset_name'), metadata: eb.ref('excluded.metadata') })),
    )
    .execute();
}

type FileRow = Omit<FileRecord, 'region'> & { region: string };
// The column holds only what recordFile wrote (a RegionId); the cast keeps the row type the table's.
const toFile = (row: FileRow | undefined): FileRecord | undefined => row as FileRecord | undefined;

/** The indexed file of `kind`, `owner`, `date` in `region` (the sector when not named). */
export async function findFile(db: Db, kind: FileKind, owner: string, date: string, region: RegionId = 'sector'): Promise<FileRecord | undefined> {
  const row = await db
    .selectFrom('forecast_files')
    .select(FILE_COLUMNS)
    .where('kind', '=', kind)
    .where('owner', '=', owner)
    .where('date', '=', date)
    .where('region', '=', region)
    .executeTakeFirst();
  return toFile(row);
}

/** Index a file just written (a new one, or one that replaces the row's file: a damaged file's mark goes). */
export async function recordFile(db: Db, file: Omit<FileRecord, 'created_at' | 'damaged_at' | 'damage' | 'region'> & { region?: RegionId }): Promise<void> {
  const { sha256 = null, mtime_ms = null, region = 'sector', ...rest } = file;
  await db
    .insertInto('forecast_files')
    .values({ ...rest, region, sha256, mtime_ms: mtime_ms === null ? null : Math.round(mtime_ms), created_at: nowText() })
    .onConflict((oc) =>
      oc.columns(['kind', 'owner', 'date', 'region']).doUpdateSet((eb) => ({
        path: eb.ref('excluded.path'),
        bytes: eb.ref('excluded.bytes'),
        etag: eb.ref('excluded.etag'),
        created_at: eb.ref('excluded.created_at'),
        sha256: eb.ref('excluded.sha256'),
        mtime_ms: eb.ref('excluded.mtime_ms'),
        damaged_at: null,
        damage: null,
      })),
    )
    .execute();
}

/** A file's key; rows read before regions existed (and callers that name none) are the sector's. */
type FileKey = Pick<FileRecord, 'kind' | 'owner' | 'date'> & { region?: RegionId };

/** Mark (damage: what was found) or clear (null) an indexed file's damage. */
export async function setFileDamage(db: Db, file: FileKey, damage: string | null): Promise<void> {
  await db
    .updateTable('forecast_files')
    .set({ damaged_at: damage === null ? null : nowText(), damage })
    .where('kind', '=', file.kind)
    .where('owner', '=', file.owner)
    .where('date', '=', file.date)
    .where('region', '=', file.region ?? 'sector')
    .execute();
}

/** The file's bytes were checked whole under a new modification time (a copy, a restore, a touch): remember it. */
export async function setFileChecked(db: Db, file: FileKey, sha256: string, mtimeMs: number): Promise<void> {
  await db
    .updateTable('forecast_files')
    .set({ sha256, mtime_ms: Math.round(mtimeMs) })
    .where('kind', '=', file.kind)
    .where('owner', '=', file.owner)
    .where('date', '=', file.date)
    .where('region', '=', file.region ?? 'sector')
    .execute();
}

/** The newest analysis file written for `date` in `region`, whatever its source (an imported analysis replaces the demo's). */
export async function latestAnalysisFile(db: Db, date: string, region: RegionId = 'sector'): Promise<FileRecord | undefined> {
  const row = await db
    .selectFrom('forecast_files')
    .select(FILE_COLUMNS)
    .where('kind', '=', 'analysis')
    .where('date', '=', date)
    .where('region', '=', region)
    .orderBy('created_at', 'desc')
    .orderBy(insertionOrder(db), 'desc')
    .limit(1)
    .executeTakeFirst();
  return toFile(row);
}

/** Dates ('YYYY-MM-DD') with an analysis of any source in `region`, oldest first. */
export async function analysisFileDates(db: Db, region: RegionId = 'sector'): Promise<string[]> {
  const rows = await db.selectFrom('forecast_files').select('date').distinct().where('kind', '=', 'analysis').where('region', '=', region).orderBy('date').execute();
  return rows.map((row) => row.date);
}

/** Dates ('YYYY-MM-DD') that have a file of `kind` for `owner` in `region`, oldest first. */
export async function fileDates(db: Db, kind: FileKind, owner: string, region: RegionId = 'sector'): Promise<string[]> {
  const rows = await db.selectFrom('forecast_files').select('date').where((eb) => eb.and({ kind, owner, region })).orderBy('date').execute();
  return rows.map((r) => r.date);
}

export async function modelMetrics(db: Db): Promise<Map<string, Record<string, number>>> {
  const rows = await db.selectFrom('model_metrics').select(['model_id', 'name', 'value']).orderBy('model_id').orderBy(insertionOrder(db)).execute();
  const out = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const metrics = out.get(r.model_id) ?? {};
    metrics[r.name] = r.value;
    out.set(r.model_id, metrics);
  }
  return out;
}

export async function metricsFingerprint(db: Db, modelId: string): Promise<string | undefined> {
  const row = await db.selectFrom('model_metrics_state').select('fingerprint').where('model_id', '=', modelId).executeTakeFirst();
  return row?.fingerprint;
}

/** Replace a model's metrics and remember what they were computed from, in one transaction. */
export async function saveMetrics(db: Db, modelId: string, metrics: Record<string, number>, fingerprint: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('model_metrics').where('model_id', '=', modelId).execute();
    const values = Object.entries(metrics)
      .filter(([, value]) => Number.isFinite(value))
      .map(([name, value]) => ({ model_id: modelId, name, value }));
    if (values.length) await trx.insertInto('model_metrics').values(values).execute();
    await trx
      .insertInto('model_metrics_state')
      .values({ model_id: modelId, fingerprint, computed_at: nowText() })
      .onConflict((oc) =>
        oc.column('model_id').doUpdateSet((eb) => ({ fingerprint: eb.ref('excluded.fingerprint'), computed_at: eb.ref('excluded.computed_at') })),
      )
      .execute();
  });
}
