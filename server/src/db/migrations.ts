/**
 * The schema, as an append-only list of SQL scripts. Migration N (1-based) is `migrations[N - 1]`;
 * a database records the ones it has run in `schema_migrations`.
 * Rules: only ever append; never edit or reorder a script that has been committed (existing databases
 * will not run it again). Each script runs in one transaction together with its bookkeeping row.
 */
import { regionMigrations } from './region-migrations.ts';
import { CHART_RECORD_COLUMNS, ENSEMBLE_COLUMNS, SCORE_COLUMNS } from './score-columns.ts';

export const migrations: readonly string[] = [
  // 1: accounts and roles (server foundation). Role ids are fixed: clients and the CLI refer to them.
  `
  CREATE TABLE roles (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
  );
  INSERT INTO roles (id, name) VALUES (1, 'user'), (2, 'admin'), (3, 'superuser');

  CREATE TABLE users (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    email         TEXT NOT NULL UNIQUE COLLATE NOCASE,
    username      TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT NOT NULL,
    role_id       INTEGER NOT NULL DEFAULT 1 REFERENCES roles (id),
    -- 0 for accounts that may not sign in (a demo account left over after DEMO was turned off).
    is_active     INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
    -- 1 for the accounts that demo mode seeds, so turning demo mode off can find them.
    is_demo       INTEGER NOT NULL DEFAULT 0 CHECK (is_demo IN (0, 1)),
    created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  );
  `,
  // 2: background jobs (data upload, model and forecast generation). server/src/jobs/jobs-repository.ts.
  `
  CREATE TABLE jobs (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    kind        TEXT NOT NULL,
    status      TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
    progress    REAL NOT NULL DEFAULT 0 CHECK (progress >= 0 AND progress <= 1),
    message     TEXT,
    result      TEXT,
    request     TEXT NOT NULL DEFAULT '{}',
    user_id     INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    started_at  TEXT,
    finished_at TEXT
  );
  CREATE INDEX jobs_kind_status ON jobs (kind, status);
  `,
  // 3: forecast data: models, datasets, the index of forecast/analysis files, computed metrics.
  `
  CREATE TABLE models (
    model_id        TEXT PRIMARY KEY,
    model_type      TEXT NOT NULL,
    -- JSON object: hyperparameter name -> value.
    hyperparameters TEXT NOT NULL DEFAULT '{}',
    -- 1 for the model whose runs are the forecast the app shows by default; at most one.
    is_default      INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
    created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  );
  CREATE UNIQUE INDEX models_single_default ON models (is_default) WHERE is_default = 1;

  CREATE TABLE datasets (
    dataset_id   TEXT PRIMARY KEY,
    dataset_name TEXT NOT NULL,
    -- JSON object: description, variables, target_variables, source.
    metadata     TEXT NOT NULL DEFAULT '{}',
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  );

  -- One row per file under DATA_DIR: analyses (owner = dataset_id) and forecasts (owner = model_id).
  CREATE TABLE forecast_files (
    kind       TEXT NOT NULL CHECK (kind IN ('analysis', 'forecast', 'assim_forecast')),
    owner      TEXT NOT NULL,
    date       TEXT NOT NULL,
    -- Relative to DATA_DIR, '/'-separated.
    path       TEXT NOT NULL,
    bytes      INTEGER NOT NULL,
    etag       TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (kind, owner, date)
  );

  CREATE TABLE model_metrics (
    model_id TEXT NOT NULL REFERENCES models (model_id) ON DELETE CASCADE,
    name     TEXT NOT NULL,
    value    REAL NOT NULL,
    PRIMARY KEY (model_id, name)
  );
  -- What each model's metrics were computed from (model spec + archive dates), to recompute on change.
  CREATE TABLE model_metrics_state (
    model_id    TEXT PRIMARY KEY REFERENCES models (model_id) ON DELETE CASCADE,
    fingerprint TEXT NOT NULL,
    computed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  );
  `,
  // 4: server-side sessions, so a sign-out ends a session everywhere. server/src/db/sessions.ts. Times are Unix
  // seconds; `id` is the SHA-256 (hex) of the random id in the signed `session` cookie. Also an index for "a
  // user's own jobs".
  `
  CREATE TABLE sessions (
    id           TEXT PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    xsrf         TEXT NOT NULL,
    created_at   INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    revoked_at   INTEGER,
    user_agent   TEXT
  ) WITHOUT ROWID;
  CREATE INDEX sessions_user ON sessions (user_id);
  CREATE INDEX sessions_expires ON sessions (expires_at);
  CREATE INDEX jobs_user ON jobs (user_id);
  `,
  // 5: real data: where each ingested analysis or imported forecast came from, one row per input file.
  `
  CREATE TABLE ingest_provenance (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    -- The archived file it went into (forecast_files' key).
    kind          TEXT NOT NULL,
    owner         TEXT NOT NULL,
    date          TEXT NOT NULL,
    -- Product id (product list), 'inbox' or 'upload'; source URL or path; the file's own name.
    product       TEXT NOT NULL,
    source        TEXT NOT NULL,
    original_name TEXT NOT NULL,
    sha256        TEXT NOT NULL,
    bytes         INTEGER NOT NULL,
    -- JSON: the variables taken, the source grid, the file's title/institution.
    details       TEXT NOT NULL DEFAULT '{}',
    user_id       INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  );
  CREATE INDEX ingest_provenance_file ON ingest_provenance (kind, owner, date);
  `,
  // 6: upload single-flight across servers: at most one force_fetch_data job queued or running, kept by
  // the database itself, so two API servers answering at once cannot both start one (jobs/jobs-repository.ts).
  `
  CREATE UNIQUE INDEX jobs_single_flight ON jobs (kind) WHERE kind = 'force_fetch_data' AND status IN ('queued', 'running');
  `,
  // 7: failed sign-ins counted in the database, so every API server applies the same limits
  // (auth/login-throttle.ts, db/login-failures.ts). `key` is 'account:<email>', 'address:<ip>' or
  // 'pair:<ip>|<email>'; `last_failure` is Unix milliseconds.
  `
  CREATE TABLE login_failures (
    key          TEXT PRIMARY KEY,
    failures     INTEGER NOT NULL,
    last_failure INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX login_failures_last ON login_failures (last_failure);
  `,
  // 8: request-rate windows counted in the database: the per-route limits of @fastify/rate-limit (sign-in,
  // registration, password change) shared by every API server on one PostgreSQL (db/request-rates.ts). One row
  // per route and client key; `window_start` is Unix milliseconds.
  `
  CREATE TABLE request_rates (
    route        TEXT NOT NULL,
    client_key   TEXT NOT NULL,
    hits         INTEGER NOT NULL,
    window_start INTEGER NOT NULL,
    PRIMARY KEY (route, client_key)
  ) WITHOUT ROWID;
  CREATE INDEX request_rates_window ON request_rates (window_start);
  `,
  // 9: device cookies (plugins/device-cookie.ts, db/device-cookies.ts): which browsers have signed in to which account,
  // so sign-in limits can tell the owner's known browser from a guesser. `id` is the SHA-256 (hex) of the random id in
  // the signed `device` cookie; one browser may be known for several accounts. Times are Unix seconds.
  // Also the dataset a generated model was made for (null: built-in models and models made before).
  `
  CREATE TABLE device_cookies (
    id         TEXT NOT NULL,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (id, user_id)
  ) WITHOUT ROWID;
  CREATE INDEX device_cookies_user ON device_cookies (user_id);
  ALTER TABLE models ADD COLUMN dataset_id TEXT;
  `,
  // 10: forecast verification: one record per model, run ('forecast' | 'assim_forecast'), start date and lead,
  // scored against the analysis of the valid date (server/src/verification/). `forecast_id`, `analysis_id` and
  // `persistence_id` name the inputs (file ETags: kind, owner, date, size, write time; or the computed run's
  // recipe), so a record is recomputed when one of them is replaced. Scores in km², km, fractions and m; NULL
  // where a score is undefined (no thickness in the analysis, no persistence, a zero denominator).
  // `verification_ensembles`: the spatial probability score of all models' files of a start date and lead.
  `
  CREATE TABLE verification_records (
    model_id              TEXT NOT NULL REFERENCES models (model_id) ON DELETE CASCADE,
    run                   TEXT NOT NULL CHECK (run IN ('forecast', 'assim_forecast')),
    date                  TEXT NOT NULL,
    lead_hours            INTEGER NOT NULL,
${SCORE_COLUMNS}
    PRIMARY KEY (model_id, run, date, lead_hours)
  ) WITHOUT ROWID;
  CREATE INDEX verification_records_date ON verification_records (date, lead_hours);
  CREATE TABLE verification_ensembles (
${ENSEMBLE_COLUMNS}
    PRIMARY KEY (date, lead_hours)
  ) WITHOUT ROWID;
  `,
  // 11: the daily cycle (server/src/cycle/): each date's state (waiting for a late product, done, failed, with the
  // next attempt), the schedule's ticks (a tick's row is its claim: one server of many starts its run), what
  // retention removed, and the models the cycle runs besides the default.
  `
  CREATE TABLE cycle_dates (
    date            TEXT PRIMARY KEY,
    status          TEXT NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    message         TEXT,
    next_attempt_at TEXT,
    job_id          INTEGER,
    updated_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  );
  CREATE INDEX cycle_dates_next_attempt ON cycle_dates (status, next_attempt_at);
  CREATE TABLE cycle_ticks (
    tick_at    TEXT PRIMARY KEY,
    claimed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    job_id     INTEGER
  );
  CREATE TABLE cycle_retention (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    ran_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    dates      TEXT NOT NULL DEFAULT '[]',
    files      INTEGER NOT NULL,
    bytes      INTEGER NOT NULL,
    disk_bytes INTEGER NOT NULL
  );
  ALTER TABLE models ADD COLUMN run_daily INTEGER NOT NULL DEFAULT 0;
  `,
  // 12: the file index knows each file's bytes (server/src/disk/file-integrity.ts): its SHA-256 and modification
  // time (ms) at write, so a file truncated, rewritten or deleted behind the server's back is found when served;
  // such a file is marked (when, and why) and rebuilt by the next run. Rows written before have no checksum.
  `
  ALTER TABLE forecast_files ADD COLUMN sha256 TEXT;
  ALTER TABLE forecast_files ADD COLUMN mtime_ms INTEGER;
  ALTER TABLE forecast_files ADD COLUMN damaged_at TEXT;
  ALTER TABLE forecast_files ADD COLUMN damage TEXT;
  `,
  // 13: ice charts (server/src/icecharts/): one row per imported SIGRID-3 chart, its GeoJSON under DATA_DIR/icecharts/;
  // one chart per source and valid time (a second import replaces it only when asked).
  `
  CREATE TABLE ice_charts (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    source        TEXT NOT NULL,
    valid_time    TEXT NOT NULL,
    polygons      INTEGER NOT NULL,
    bbox          TEXT NOT NULL,
    file          TEXT NOT NULL,
    sha256        TEXT NOT NULL,
    original_name TEXT NOT NULL,
    projection    TEXT NOT NULL,
    user_id       INTEGER REFERENCES users (id) ON DELETE SET NULL,
    imported_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (source, valid_time)
  );
  CREATE INDEX ice_charts_valid_time ON ice_charts (valid_time);
  `,
  // 14: forecasts scored against the ice charts of their valid dates (server/src/verification/chart-truth.ts): the
  // columns of verification_records plus the chart; `analysis_id` names the chart's content (its id and SHA-256), so
  // a replaced chart recomputes its records. They go with their model or their chart.
  `
  CREATE TABLE chart_verification_records (
${CHART_RECORD_COLUMNS}
    PRIMARY KEY (model_id, run, date, lead_hours, chart_id)
  ) WITHOUT ROWID;
  CREATE INDEX chart_verification_records_date ON chart_verification_records (date, lead_hours);
  CREATE INDEX chart_verification_records_chart ON chart_verification_records (chart_id);
  `,
  // 15: the daily cycle's chart inbox (CHART_SOURCE=dir:PATH, server/src/icecharts/chart-inbox.ts): what became of
  // each file, keyed by name; a file seen again with the same size and modification time is not taken up again.
  `
  CREATE TABLE chart_inbox (
    name      TEXT PRIMARY KEY,
    bytes     INTEGER NOT NULL,
    mtime_ms  INTEGER NOT NULL,
    status    TEXT NOT NULL CHECK (status IN ('imported', 'skipped', 'failed')),
    message   TEXT NOT NULL,
    chart_id  INTEGER REFERENCES ice_charts (id) ON DELETE SET NULL,
    seen_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  );
  `,
  // 16: the daily cycle's two job kinds, a scheduled run ('daily_cycle') and one asked for ('force_fetch_data'),
  // share the single flight: at most one of either queued or running (jobs/jobs-repository.ts CYCLE_JOB_KINDS).
  `
  DROP INDEX jobs_single_flight;
  CREATE UNIQUE INDEX jobs_single_flight ON jobs ((kind IN ('daily_cycle', 'force_fetch_data')))
    WHERE kind IN ('daily_cycle', 'force_fetch_data') AND status IN ('queued', 'running');
  `,
  // 17 to 20: the regions' migrations (files, verification, provenance, chart records), kept in their own file.
  ...regionMigrations,
];
