/**
 * SQLite migrations 17 to 20 (appended to migrations.ts's list in order): the region (common/regions/) of each
 * file, then of each verification record and ensemble score, then of each provenance row, then of each record
 * against an ice chart. The same rules as migrations.ts: append only.
 */
import { CHART_RECORD_COLUMNS, ENSEMBLE_COLUMNS, SCORE_COLUMNS } from './score-columns.ts';

/** Every column of verification_records before 18 (copied into the rebuilt table); chart_verification_records' too. */
const RECORD_COLUMNS = `model_id, run, date, lead_hours, valid_date, truth_source, truth_label, forecast_id, analysis_id, persistence_id, version, n_cells, iiee_km2, iiee_over_km2, iiee_under_km2, edge_length_km, edge_distance_km, conc_rmse, conc_mae, conc_bias, thick_rmse, thick_bias, persistence_iiee_km2, persistence_conc_rmse, skill_iiee, skill_conc_rmse, computed_at`;

export const regionMigrations: readonly string[] = [
  // 17: each file's region (common/regions/): 'sector' (the spec's grid; every row before) or 'arctic' (EPSG:3413).
  // The key gains it, so a model's run of a date may exist once per region. SQLite cannot change a primary key in
  // place: the table is rebuilt, rows copied in their insertion order (rowid order is what "newest" falls back on).
  `
  CREATE TABLE forecast_files_new (
    kind       TEXT NOT NULL CHECK (kind IN ('analysis', 'forecast', 'assim_forecast')),
    owner      TEXT NOT NULL,
    date       TEXT NOT NULL,
    path       TEXT NOT NULL,
    bytes      INTEGER NOT NULL,
    etag       TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    sha256     TEXT,
    mtime_ms   INTEGER,
    damaged_at TEXT,
    damage     TEXT,
    region     TEXT NOT NULL DEFAULT 'sector',
    PRIMARY KEY (kind, owner, date, region)
  );
  INSERT INTO forecast_files_new (kind, owner, date, path, bytes, etag, created_at, sha256, mtime_ms, damaged_at, damage)
    SELECT kind, owner, date, path, bytes, etag, created_at, sha256, mtime_ms, damaged_at, damage FROM forecast_files ORDER BY rowid;
  DROP TABLE forecast_files;
  ALTER TABLE forecast_files_new RENAME TO forecast_files;
  `,
  // 18: verification per region: each record and ensemble score carries the region its forecast and analyses are
  // on ('sector' for every row before), part of the key. The tables are rebuilt (SQLite cannot change a key).
  `
  CREATE TABLE verification_records_new (
    model_id              TEXT NOT NULL REFERENCES models (model_id) ON DELETE CASCADE,
    run                   TEXT NOT NULL CHECK (run IN ('forecast', 'assim_forecast')),
    date                  TEXT NOT NULL,
    lead_hours            INTEGER NOT NULL,
${SCORE_COLUMNS}
    region                TEXT NOT NULL DEFAULT 'sector',
    PRIMARY KEY (model_id, run, date, lead_hours, region)
  ) WITHOUT ROWID;
  INSERT INTO verification_records_new (${RECORD_COLUMNS})
    SELECT ${RECORD_COLUMNS} FROM verification_records;
  DROP TABLE verification_records;
  ALTER TABLE verification_records_new RENAME TO verification_records;
  CREATE INDEX verification_records_date ON verification_records (date, lead_hours);
  CREATE TABLE verification_ensembles_new (
${ENSEMBLE_COLUMNS}
    region       TEXT NOT NULL DEFAULT 'sector',
    PRIMARY KEY (date, lead_hours, region)
  ) WITHOUT ROWID;
  INSERT INTO verification_ensembles_new (date, lead_hours, valid_date, members, members_id, analysis_id, version, sps_km2, computed_at)
    SELECT date, lead_hours, valid_date, members, members_id, analysis_id, version, sps_km2, computed_at FROM verification_ensembles;
  DROP TABLE verification_ensembles;
  ALTER TABLE verification_ensembles_new RENAME TO verification_ensembles;
  `,
  // 19: provenance per region: an analysis is regridded into each region its files overlap, one archived file (and
  // its rows) per region; the rows of a file are found by its whole key. 'sector' for every row before.
  `
  ALTER TABLE ingest_provenance ADD COLUMN region TEXT NOT NULL DEFAULT 'sector';
  DROP INDEX ingest_provenance_file;
  CREATE INDEX ingest_provenance_file ON ingest_provenance (kind, owner, date, region);
  `,
  // 20: the records against the ice charts per region (server/src/verification/chart-truth.ts): a chart judges the
  // runs of every region whose grid it covers, each on its own grid ('sector' for every row before), part of the key.
  `
  CREATE TABLE chart_verification_records_new (
${CHART_RECORD_COLUMNS}
    region                TEXT NOT NULL DEFAULT 'sector',
    PRIMARY KEY (model_id, run, date, lead_hours, chart_id, region)
  ) WITHOUT ROWID;
  INSERT INTO chart_verification_records_new (chart_id, ${RECORD_COLUMNS})
    SELECT chart_id, ${RECORD_COLUMNS} FROM chart_verification_records;
  DROP TABLE chart_verification_records;
  ALTER TABLE chart_verification_records_new RENAME TO chart_verification_records;
  CREATE INDEX chart_verification_records_date ON chart_verification_records (date, lead_hours);
  CREATE INDEX chart_verification_records_chart ON chart_verification_records (chart_id);
  `,
];
