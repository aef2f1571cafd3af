/**
 * The tables as Kysely sees them: one interface per table, the same on SQLite and PostgreSQL (migrations.ts and
 * postgres-migrations.ts keep the two schemas equal in meaning). Timestamps are ISO-8601 UTC text with
 * milliseconds ('2026-11-24T10:52:54.123Z') on both engines; flags are 0/1 integers; JSON is text.
 */
import type { ColumnType, Generated } from 'kysely';
import type { LeadScores } from '../../../common/verification/scores.ts';

/** A column the database fills when the insert leaves it out. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface RolesTable {
  id: number;
  name: string;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  password_hash: string;
  role_id: Defaulted<number>;
  is_active: Defaulted<number>;
  is_demo: Defaulted<number>;
  created_at: Defaulted<string>;
}

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  status: Defaulted<'queued' | 'running' | 'succeeded' | 'failed'>;
  progress: Defaulted<number>;
  message: string | null;
  result: string | null;
  request: Defaulted<string>;
  user_id: number | null;
  created_at: Defaulted<string>;
  started_at: string | null;
  finished_at: string | null;
}

export interface ModelsTable {
  model_id: string;
  model_type: string;
  hyperparameters: Defaulted<string>;
  is_default: Defaulted<number>;
  created_at: Defaulted<string>;
  /** The dataset the model was generated for (migration 9); null for built-in models. */
  dataset_id: Defaulted<string | null>;
  run_daily: Defaulted<number>;
}

export interface DatasetsTable {
  dataset_id: string;
  dataset_name: string;
  metadata: Defaulted<string>;
  created_at: Defaulted<string>;
}

export interface ForecastFilesTable {
  kind: 'analysis' | 'forecast' | 'assim_forecast';
  owner: string;
  date: string;
  path: string;
  bytes: number;
  etag: string;
  created_at: Defaulted<string>;
  /** SHA-256 (hex) of the file as written (migration 12); null for rows written before. */
  sha256: Defaulted<string | null>;
  /** The file's modification time at write, ms since 1970 (rounded). */
  mtime_ms: Defaulted<number | null>;
  /** When the file was found truncated, rewritten or missing, and what was found; null while it is whole. */
  damaged_at: Defaulted<string | null>;
  damage: Defaulted<string | null>;
  /** The region whose grid the file is on (migration 17): 'sector' or 'arctic'. */
  region: Defaulted<string>;
}

export interface ModelMetricsTable {
  model_id: string;
  name: string;
  value: number;
}

export interface ModelMetricsStateTable {
  model_id: string;
  fingerprint: string;
  computed_at: Defaulted<string>;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  xsrf: string;
  /** Unix seconds. */
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  user_agent: string | null;
}

export interface IngestProvenanceTable {
  id: Generated<number>;
  kind: string;
  owner: string;
  date: string;
  product: string;
  source: string;
  original_name: string;
  sha256: string;
  bytes: number;
  details: Defaulted<string>;
  user_id: number | null;
  created_at: Defaulted<string>;
  /** The region of the file it belongs to (migration 19; 'sector' for rows before). */
  region: Defaulted<string>;
}

export interface LoginFailuresTable {
  key: string;
  failures: number;
  /** Unix milliseconds. */
  last_failure: number;
}

/** Browsers known to have signed in to an account (migration 9, db/device-cookies.ts). Unix seconds. */
export interface DeviceCookiesTable {
  id: string;
  user_id: number;
  created_at: number;
  expires_at: number;
}

export interface RequestRatesTable {
  route: string;
  client_key: string;
  hits: number;
  /** Unix milliseconds. */
  window_start: number;
}

export interface CycleDatesTable {
  date: string;
  status: 'queued' | 'running' | 'waiting' | 'done' | 'failed' | 'retired';
  attempts: Defaulted<number>;
  message: string | null;
  next_attempt_at: string | null;
  job_id: number | null;
  updated_at: Defaulted<string>;
}

export interface CycleTicksTable {
  tick_at: string;
  claimed_at: Defaulted<string>;
  job_id: number | null;
}

export interface CycleRetentionTable {
  id: Generated<number>;
  ran_at: Defaulted<string>;
  dates: Defaulted<string>;
  files: number;
  bytes: number;
  disk_bytes: number;
}

/** Migration 10: one verification record (server/src/verification/): what it was scored from, and its scores. */
export interface VerificationRecordsTable extends LeadScores {
  model_id: string;
  run: string;
  date: string;
  lead_hours: number;
  valid_date: string;
  truth_source: string;
  truth_label: string;
  forecast_id: string;
  analysis_id: string;
  persistence_id: string | null;
  version: number;
  computed_at: Defaulted<string>;
  /** Migration 18: the region of the forecast and analyses scored ('sector' for every record before). */
  region: Defaulted<string>;
}

/**
 * Migration 14: a forecast scored against an ice chart of its valid date (server/src/verification/chart-truth.ts);
 * its `region` (migration 20): the grid the forecast and the chart were laid on ('sector' for every record before).
 */
export interface ChartVerificationRecordsTable extends VerificationRecordsTable {
  chart_id: number;
}

/** Migration 15: what the daily cycle's chart inbox made of each file (server/src/icecharts/chart-inbox.ts). */
export interface ChartInboxTable {
  name: string;
  bytes: number;
  mtime_ms: number;
  status: 'imported' | 'skipped' | 'failed';
  message: string;
  chart_id: number | null;
  seen_at: ColumnType<string, string | undefined, string>;
}

/** Migration 10: the spatial probability score of all models' files of a start date and lead. */
export interface VerificationEnsemblesTable {
  date: string;
  lead_hours: number;
  valid_date: string;
  members: number;
  members_id: string;
  analysis_id: string;
  version: number;
  sps_km2: number;
  computed_at: Defaulted<string>;
  /** Migration 18: the region of the members and the truth ('sector' for every score before). */
  region: Defaulted<string>;
}

/** Migration 13: imported ice charts (server/src/icecharts/). */
export interface IceChartsTable {
  id: Generated<number>;
  source: string;
  /** ISO 8601 UTC. */
  valid_time: string;
  polygons: number;
  /** JSON [west, south, east, north]. */
  bbox: string;
  /** The GeoJSON, relative to DATA_DIR. */
  file: string;
  sha256: string;
  original_name: string;
  projection: string;
  user_id: number | null;
  imported_at: ColumnType<string, string | undefined, string>;
}

export interface SchemaMigrationsTable {
  version: number;
  applied_at: Defaulted<string>;
}

export interface Database {
  roles: RolesTable;
  users: UsersTable;
  jobs: JobsTable;
  models: ModelsTable;
  datasets: DatasetsTable;
  forecast_files: ForecastFilesTable;
  model_metrics: ModelMetricsTable;
  model_metrics_state: ModelMetricsStateTable;
  sessions: SessionsTable;
  ingest_provenance: IngestProvenanceTable;
  login_failures: LoginFailuresTable;
  request_rates: RequestRatesTable;
  device_cookies: DeviceCookiesTable;
  verification_records: VerificationRecordsTable;
  verification_ensembles: VerificationEnsemblesTable;
  schema_migrations: SchemaMigrationsTable;
  cycle_dates: CycleDatesTable;
  cycle_ticks: CycleTicksTable;
  cycle_retention: CycleRetentionTable;
  ice_charts: IceChartsTable;
  chart_verification_records: ChartVerificationRecordsTable;
  chart_inbox: ChartInboxTable;
}
