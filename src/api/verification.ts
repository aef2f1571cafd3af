/**
 * Forecast verification (GET /verification, /verification/summary): every run of a model scored against the
 * analysis of its valid date, per lead, beside persistence (the start date's analysis kept for every lead).
 * Areas in km², distances in km, concentration as a fraction (0–1), thickness in m; skills are 1 − score /
 * persistence's score (positive: better than persistence), null when persistence scored 0. The wire types are
 * the server's (common/api-types/verification.ts).
 */
import type { VerificationReply, VerificationRun, VerificationSummaryReply } from '../../common/api-types/verification.ts';
import { apiJson, type RequestOptions } from './client.ts';
import { regionQuery, type RegionId } from './region-query.ts';

export type {
  VerificationRow,
  VerificationRun,
  VerificationSummaryReply,
  VerificationSummaryRow,
  VerificationTruth,
} from '../../common/api-types/verification.ts';

type ReadOptions = Pick<RequestOptions, 'signal' | 'timeoutMs'>;

export interface VerificationQuery {
  /** Omitted: the default model (the one the map shows). */
  model_id?: string;
  run?: VerificationRun;
  from?: string;
  to?: string;
  /** Whose runs: the sector's when absent (the request names no region, as before regions). */
  region?: RegionId;
}

/** GET /verification: the records of one model and run (in one region), ordered by date then lead. */
export async function fetchVerification({ region, ...query }: VerificationQuery, options: ReadOptions = {}): Promise<VerificationReply['rows']> {
  const reply = await apiJson<VerificationReply>('verification', { ...options, query: { ...query, ...regionQuery(region) } });
  return reply.rows;
}

/** GET /verification/summary: per model, run and lead the period's means, and the ensemble's SPS per date and lead (in one region). */
export function fetchVerificationSummary(
  { region, ...query }: { from?: string; to?: string; region?: RegionId },
  options: ReadOptions = {},
): Promise<VerificationSummaryReply> {
  return apiJson<VerificationSummaryReply>('verification/summary', { ...options, query: { ...query, ...regionQuery(region) } });
}
