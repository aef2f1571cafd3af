/**
 * The summary of records over a period: per model, run and lead, the mean of each score (records without a
 * score are left out of its mean) and the share of runs better than persistence by IIEE.
 */
import type { VerificationRow, VerificationSummaryRow, VerificationRun } from '../../../common/api-types/verification.ts';

const MEANS = [
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
] as const;

type Scored = Pick<VerificationRow, 'model_id' | 'run' | 'lead_hours' | (typeof MEANS)[number]>;

/** Rows in the order of `rows` first seen per model, then run ('forecast' first), then lead. */
export function summarise(rows: readonly Scored[], modelOrder: readonly string[] = []): VerificationSummaryRow[] {
  const groups = new Map<string, Scored[]>();
  for (const row of rows) {
    const key = `${row.model_id}|${row.run}|${row.lead_hours}`;
    const group = groups.get(key) ?? [];
    group.push(row);
    groups.set(key, group);
  }
  const out: VerificationSummaryRow[] = [];
  for (const group of groups.values()) {
    const { model_id, run, lead_hours } = group[0];
    const means = Object.fromEntries(
      MEANS.map((field) => {
        const values = group.map((r) => r[field]).filter((v): v is number => v !== null && Number.isFinite(v));
        return [field, values.length ? values.reduce((a, b) => a + b, 0) / values.length : null];
      }),
    ) as Record<(typeof MEANS)[number], number | null>;
    const compared = group.filter((r) => r.persistence_iiee_km2 !== null);
    const beats = compared.filter((r) => r.iiee_km2 < r.persistence_iiee_km2!).length;
    out.push({
      model_id,
      run: run as VerificationRun,
      lead_hours,
      records: group.length,
      ...means,
      beats_persistence_share: compared.length ? beats / compared.length : null,
    });
  }
  const rank = (id: string) => {
    const k = modelOrder.indexOf(id);
    return k < 0 ? modelOrder.length : k;
  };
  return out.sort(
    (a, b) =>
      rank(a.model_id) - rank(b.model_id) ||
      a.model_id.localeCompare(b.model_id) ||
      (a.run === b.run ? 0 : a.run === 'forecast' ? -1 : 1) ||
      a.lead_hours - b.lead_hours,
  );
}
