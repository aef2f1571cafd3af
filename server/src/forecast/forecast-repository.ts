/**
 * SQL for the forecast tables (migration 3): models, datasets, the file index and metrics.
 * Synchronous better-sqlite3 calls; every function takes the database handle.
 */
import type { Db } from '../db/database.ts';
import type { FileKind } from './forecast-file.ts';
import type { Hyperparameters } from './models/types.ts';

export interface ModelRecord {
  model_id: string;
  model_type: string;
  hyperparameters: Hyperparameters;
  is_default: boolean;
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
  /** Relative to DATA_DIR, '/'-separated. */
  path: string;
  bytes: number;
  etag: string;
  created_at: string;
}

interface ModelRow {
  model_id: string;
  model_type: string;
  hyperparameters: string;
  is_default: number;
}

const toModel = (row: ModelRow): ModelRecord => ({
  model_id: row.model_id,
  model_type: row.model_type,
  hyperparameters: JSON.parse(row.hyperparameters) as Hyperparameters,
  is_default: row.is_default === 1,
});

/** Models ordered by id number (model_2 before model_10), then name. */
export function listModels(db: Db): ModelRecord[] {
  const rows = db.prepare('SELECT model_id, model_type, hyperparameters, is_default FROM models').all() as ModelRow[];
  const key = (id: string) => Number(/(\d+)$/.exec(id)?.[1] ?? Infinity);
  return rows.map(toModel).sort((a, b) => key(a.model_id) - key(b.model_id) || a.model_id.localeCompare(b.model_id));
}

export function findModel(db: Db, modelId: string): ModelRecord | undefined {
  const row = db.prepare('SELECT model_id, model_type, hyperparameters, is_default FROM models WHERE model_id = ?').get(modelId) as
    | ModelRow
    | undefined;
  return row && toModel(row);
}

export function defaultModel(db: Db): ModelRecord | undefined {
  const row = db.prepare('SELECT model_id, model_type, hyperparameters, is_default FROM models WHERE is_default = 1').get() as
    | ModelRow
    | undefined;
  return row && toModel(row);
}

/** Insert a model unless its id exists (seeding is idempotent). Returns true when inserted. */
export function insertModel(db: Db, model: ModelRecord): boolean {
  const result = db
    .prepare('INSERT OR IGNORE INTO models (model_id, model_type, hyperparameters, is_default) VALUES (?, ?, ?, ?)')
    .run(model.model_id, model.model_type, JSON.stringify(model.hyperparameters), model.is_default ? 1 : 0);
  return result.changes > 0;
}

export function listDatasets(db: Db): DatasetRecord[] {
  const rows = db.prepare('SELECT dataset_id, dataset_name, metadata FROM datasets ORDER BY created_at, dataset_id').all() as Array<{
    dataset_id: string;
    dataset_name: string;
    metadata: string;
  }>;
  return rows.map((r) => ({ ...r, metadata: JSON.parse(r.metadata) as DatasetRecord['metadata'] }));
}

/** Insert or refresh a dataset's name and metadata. */
export function upsertDataset(db: Db, dataset: DatasetRecord): void {
  db.prepare(
    `INSERT INTO datasets (dataset_id, dataset_name, metadata) VALUES (?, ?, ?)
     ON CONFLICT (dataset_id) DO UPDATE SET dataset_name = excluded.dataset_name, metadata = excluded.metadata`,
  ).run(dataset.dataset_id, dataset.dataset_name, JSON.stringify(dataset.metadata));
}

export function findFile(db: Db, kind: FileKind, owner: string, date: string): FileRecord | undefined {
  return db
    .prepare('SELECT kind, owner, date, path, bytes, etag, created_at FROM forecast_files WHERE kind = ? AND owner = ? AND date = ?')
    .get(kind, owner, date) as FileRecord | undefined;
}

export function recordFile(db: Db, file: Omit<FileRecord, 'created_at'>): void {
  db.prepare(
    `INSERT INTO forecast_files (kind, owner, date, path, bytes, etag) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (kind, owner, date) DO UPDATE SET path = excluded.path, bytes = excluded.bytes, etag = excluded.etag,
       created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
  ).run(file.kind, file.owner, file.date, file.path, file.bytes, file.etag);
}

/** The newest analysis file written for `date`, whatever its source (an imported analysis replaces the demo's). */
export function latestAnalysisFile(db: Db, date: string): FileRecord | undefined {
  return db
    .prepare(
      `SELECT kind, owner, date, path, bytes, etag, created_at FROM forecast_files WHERE kind = 'analysis' AND date = ?
       ORDER BY created_at DESC, rowid DESC LIMIT 1`,
    )
    .get(date) as FileRecord | undefined;
}

/** Dates ('YYYY-MM-DD') with an analysis of any source, oldest first. */
export function analysisFileDates(db: Db): string[] {
  return (db.prepare(`SELECT DISTINCT date FROM forecast_files WHERE kind = 'analysis' ORDER BY date`).all() as Array<{ date: string }>).map(
    (row) => row.date,
  );
}

/** Dates ('YYYY-MM-DD') that have a file of `kind` for `owner`, oldest first. */
export function fileDates(db: Db, kind: FileKind, owner: string): string[] {
  return (db.prepare('SELECT date FROM forecast_files WHERE kind = ? AND owner = ? ORDER BY date').all(kind, owner) as Array<{ date: string }>).map(
    (r) => r.date,
  );
}

export function modelMetrics(db: Db): Map<string, Record<string, number>> {
  const rows = db.prepare('SELECT model_id, name, value FROM model_metrics ORDER BY model_id, rowid').all() as Array<{
    model_id: string;
    name: string;
    value: number;
  }>;
  const out = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const metrics = out.get(r.model_id) ?? {};
    metrics[r.name] = r.value;
    out.set(r.model_id, metrics);
  }
  return out;
}

export function metricsFingerprint(db: Db, modelId: string): string | undefined {
  const row = db.prepare('SELECT fingerprint FROM model_metrics_state WHERE model_id = ?').get(modelId) as { fingerprint: string } | undefined;
  return row?.fingerprint;
}

/** Replace a model's metrics and remember what they were computed from, in one transaction. */
export function saveMetrics(db: Db, modelId: string, metrics: Record<string, number>, fingerprint: string): void {
  db.transaction(() => {
    db.prepare('DELETE FROM model_metrics WHERE model_id = ?').run(modelId);
    const insert = db.prepare('INSERT INTO model_metrics (model_id, name, value) VALUES (?, ?, ?)');
    for (const [name, value] of Object.entries(metrics)) if (Number.isFinite(value)) insert.run(modelId, name, value);
    db.prepare(
      `INSERT INTO model_metrics_state (model_id, fingerprint) VALUES (?, ?)
       ON CONFLICT (model_id) DO UPDATE SET fingerprint = excluded.fingerprint, computed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    ).run(modelId, fingerprint);
  })();
}
