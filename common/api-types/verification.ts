/**
 * GET /api/v1/verification and /verification/summary: every forecast run scored against the analysis of its
 * valid date (server/src/verification/; the definitions in common/verification/scores.ts). Areas km², lengths
 * km, concentration a fraction (0..1), thickness m; null where a score is undefined.
 */
import type { LeadScores } from '../verification/scores.ts';

/** The two runs of every model: the free run and the run started from the analysis of its date. */
export const VERIFICATION_RUNS = ['forecast', 'assim_forecast'] as const;
export type VerificationRun = (typeof VERIFICATION_RUNS)[number];

/**
 * What a record was scored against: an analysis of the valid date, or an ice service's chart of it (`chart:{id}`,
 * scored on the ice masks only: IIEE, its parts and the edge; the concentration and thickness errors are null).
 */
export interface VerificationTruth {
  /** The analysis's source as stored: 'demo_analysis', 'inbox_analysis', an imported dataset id, …; or `chart:{id}`. */
  source: string;
  /** Its label as written in the file (e.g. 'демонстрационные данные'); for a chart, its service as stored ('ААНИИ'). */
  label: string;
  /** True for the synthetic demo analysis: never to be mistaken for a real one. */
  demo: boolean;
}

/** One record: a model's run of `date` at one lead. */
export interface VerificationRow extends LeadScores {
  /** YYYY-MM-DD, the forecast's start date. */
  date: string;
  lead_hours: number;
  /** YYYY-MM-DD, date + lead. */
  valid_date: string;
  model_id: string;
  run: VerificationRun;
  truth: VerificationTruth;
}

/** GET /api/v1/verification?model_id=&run=&from=&to= */
export interface VerificationReply {
  rows: VerificationRow[];
}

/** The scores a summary averages: every score of a record but the cell count. */
type MeanScores = { [K in Exclude<keyof LeadScores, 'n_cells'>]: number | null };

/** Means over a period of one model's run at one lead (null where no record had the score). */
export interface VerificationSummaryRow extends MeanScores {
  model_id: string;
  run: VerificationRun;
  lead_hours: number;
  /** Records averaged. */
  records: number;
  /** Share (0..1) of the records with a smaller IIEE than persistence's; null when none had persistence. */
  beats_persistence_share: number | null;
}

/** The spatial probability score of all models' forecasts (both runs, every model with a file) of a date and lead. */
export interface VerificationSpsRow {
  date: string;
  lead_hours: number;
  valid_date: string;
  /** How many forecasts made the ensemble. */
  members: number;
  /** Σ A·(P − O)², km². */
  sps_km2: number;
}

/** Means of the records against one service's ice charts (truth `chart:{id}` labelled `service`). */
export interface VerificationChartSummaryRow extends VerificationSummaryRow {
  /** The charts' service as stored ('ААНИИ', 'NIC', …). */
  service: string;
}

/** GET /api/v1/verification/summary?from=&to= */
export interface VerificationSummaryReply {
  from: string;
  to: string;
  /** Means of the records against the analyses. */
  rows: VerificationSummaryRow[];
  sps: VerificationSpsRow[];
  /** Means of the records against the ice charts, per service, model, run and lead. */
  charts: VerificationChartSummaryRow[];
}

/** The score fields of a record, in the order of the API. */
export const SCORE_FIELDS = [
  'n_cells',
  'iiee_km2',
  'iiee_over_km2',
  'iiee_under_km2',
  'edge_length_km',
  'edge_distance_km',
  'conc_rmse',
  'conc_mae',
  'conc_bias',
  'thick_rmse',
  'thick_bias',
  'persistence_iiee_km2',
  'persistence_conc_rmse',
  'skill_iiee',
  'skill_conc_rmse',
] as const satisfies readonly (keyof LeadScores)[];
