/**
 * The verification scores a model card shows beside its hindcast metrics: the mean IIEE (km²) and its skill
 * against persistence (a fraction, 1 − IIEE / persistence's) per lead, of the run started from the analysis
 * (`assim_forecast`, as the hindcasts are) over the verification page's default period. Computed by the same
 * `summarise` over the same records as `GET /verification/summary`, so the two pages agree to the digit.
 */
import type { RegionId } from '../../../common/regions/index.ts';
import type { Db } from '../db/database.ts';
import { summarise } from './summary.ts';
import { defaultPeriod } from './period.ts';
import { listRecords } from './verification-repository.ts';

/** The run and the period the card's verification scores are of; the card names them. */
export interface CardScope {
  run: 'assim_forecast';
  from: string;
  to: string;
}

export interface CardScores {
  scope: CardScope;
  /** model_id → `iiee_24h`, `skill_iiee_24h`, … (only the leads and skills that have a value). */
  byModel: Map<string, Record<string, number>>;
}

/** The cards' scores from the records of `region` (the sector when not named). */
export async function cardScores(db: Db, today: string, region: RegionId = 'sector'): Promise<CardScores> {
  const scope: CardScope = { run: 'assim_forecast', ...defaultPeriod(today) };
  const records = await listRecords(db, { ...scope, region });
  const byModel = new Map<string, Record<string, number>>();
  for (const row of summarise(records.map((record) => ({ ...record, run: scope.run })))) {
    const metrics = byModel.get(row.model_id) ?? {};
    if (row.iiee_km2 !== null) metrics[`iiee_${row.lead_hours}h`] = row.iiee_km2;
    if (row.skill_iiee !== null) metrics[`skill_iiee_${row.lead_hours}h`] = row.skill_iiee;
    byModel.set(row.model_id, metrics);
  }
  return { scope, byModel };
}
