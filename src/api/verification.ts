/**
 * Forecast verification (GET /verification, /verification/summary): every run of a model scored against the
 * analysis of its valid date, per lead, beside persistence (the start date's analysis kept for every lead).
 * Areas in km², distances in km, concentration as a fraction (0–1), thickness in m; skills are 1 − score /
 * persistence's score (positive: better than persistence), null when persistence scored 0.
 */
import { apiJson, type RequestOptions } from './client.ts';

type ReadOptions = Pick<RequestOptions, 'signal' | 'timeoutMs'>;

export type VerificationRun = 'forecast' | 'assim_forecast';

/** Which analysis a run was scored against: its source as stored and its label. */
export interface VerificationTruth {
  /** 'demo_analysis', 'inbox_analysis' or an imported dataset id. */
  source: string;
  label: string;
}

/** One record: one model's run of `date` at one lead, scored against the analysis of `valid_date`. */
export interface VerificationRow {
  /** Start date, 'YYYY-MM-DD'. */
  date: string;
  lead_hours: number;
  valid_date: string;
  model_id: string;
  run: VerificationRun;
  truth: VerificationTruth;
  n_cells: number;
  iiee_km2: number;
  iiee_over_km2: number;
  iiee_under_km2: number;
  edge_length_km: number;
  edge_distance_km: number | null;
  conc_rmse: number;
  conc_mae: number;
  conc_bias: number;
  thick_rmse: number | null;
  thick_bias: number | null;
  persistence_iiee_km2: number;
  persistence_conc_rmse: number;
  skill_iiee: number | null;
  skill_conc_rmse: number | null;
}

export interface VerificationQuery {
  /** Omitted: the default model (the one the map shows). */
  model_id?: string;
  run?: VerificationRun;
  from?: string;
  to?: string;
}

/** GET /verification: the records of one model and run, ordered by date then lead. */
export async function fetchVerification(query: VerificationQuery, options: ReadOptions = {}): Promise<VerificationRow[]> {
  const reply = await apiJson<{ rows: VerificationRow[] }>('verification', { ...options, query: { ...query } });
  return reply.rows;
}
