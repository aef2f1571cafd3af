/**
 * SQLite: the scores of a verification record, shared by verification_records (10, rebuilt in 18) and
 * chart_verification_records (14, rebuilt in 20).
 */
export const SCORE_COLUMNS = `    valid_date            TEXT NOT NULL,
    truth_source          TEXT NOT NULL,
    truth_label           TEXT NOT NULL,
    forecast_id           TEXT NOT NULL,
    analysis_id           TEXT NOT NULL,
    persistence_id        TEXT,
    version               INTEGER NOT NULL,
    n_cells               INTEGER NOT NULL,
    iiee_km2              REAL NOT NULL,
    iiee_over_km2         REAL NOT NULL,
    iiee_under_km2        REAL NOT NULL,
    edge_length_km        REAL NOT NULL,
    edge_distance_km      REAL,
    conc_rmse             REAL,
    conc_mae              REAL,
    conc_bias             REAL,
    thick_rmse            REAL,
    thick_bias            REAL,
    persistence_iiee_km2  REAL,
    persistence_conc_rmse REAL,
    skill_iiee            REAL,
    skill_conc_rmse       REAL,
    computed_at           TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),`;

/** SQLite: the columns of an ensemble's probability score, shared by verification_ensembles (10, rebuilt in 18). */
export const ENSEMBLE_COLUMNS = `    date         TEXT NOT NULL,
    lead_hours   INTEGER NOT NULL,
    valid_date   TEXT NOT NULL,
    members      INTEGER NOT NULL,
    members_id   TEXT NOT NULL,
    analysis_id  TEXT NOT NULL,
    version      INTEGER NOT NULL,
    sps_km2      REAL NOT NULL,
    computed_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),`;

/** SQLite: a record against an ice chart, its key's columns and scores (chart_verification_records: 14, rebuilt in 20). */
export const CHART_RECORD_COLUMNS = `    model_id              TEXT NOT NULL REFERENCES models (model_id) ON DELETE CASCADE,
    run                   TEXT NOT NULL CHECK (run IN ('forecast', 'assim_forecast')),
    date                  TEXT NOT NULL,
    lead_hours            INTEGER NOT NULL,
    chart_id              INTEGER NOT NULL REFERENCES ice_charts (id) ON DELETE CASCADE,
${SCORE_COLUMNS}`;
