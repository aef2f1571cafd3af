/**
 * The summary of records over a period: per model, run and lead, the mean of each score (records without a
 * score are left out of its mean) and the share of runs better than persistence by IIEE.
 */
import { SCORE_FIELDS, type VerificationRow, type VerificationSummaryRow, type VerificationRun } from '../../../common/api-types/verification.ts';

type MeanField = Exclude<(typeof SCORE_FIELDS)[number], 'n_cells'>;
/** Every score but the cell count is averaged. */
const MEANS = SCORE_FIELDS.filter((field): field is MeanField => field !== 'n_cells');

type Scored = Pick<VerificationRow, 'model_id' | 'run' | 'lead_hours' | MeanField>;

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
    ) as Record<MeanField, number | null>;
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
