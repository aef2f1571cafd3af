/**
 * The scorecard: per model and lead, the means over the period of the records shown (the same rows as the chart
 * and the CSV), and the share of runs that beat persistence by IIEE. Means skip nulls (an analysis without an
 * edge has no edge distance; a zero persistence error has no skill).
 */
import type { VerificationRow } from '../../api/verification.ts';

export interface ScorecardCell {
  model_id: string;
  lead_hours: number;
  runs: number;
  iiee_km2: number | null;
  edge_distance_km: number | null;
  conc_rmse: number | null;
  persistence_iiee_km2: number | null;
  persistence_conc_rmse: number | null;
  skill_iiee: number | null;
  skill_conc_rmse: number | null;
  /** Share (0–1) of the runs with a skill by IIEE that were better than persistence; null when none had one. */
  beats_persistence_share: number | null;
}

function mean(values: readonly (number | null)[]): number | null {
  let sum = 0;
  let n = 0;
  for (const value of values) {
    if (value === null || !Number.isFinite(value)) continue;
    sum += value;
    n++;
  }
  return n > 0 ? sum / n : null;
}

/** Cells by model (in the order given) and lead (ascending). */
export function scorecard(rows: readonly VerificationRow[], models: readonly string[]): ScorecardCell[] {
  const groups = new Map<string, VerificationRow[]>();
  for (const row of rows) {
    const key = `${row.model_id}\u0000${row.lead_hours}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const leads = [...new Set(rows.map((row) => row.lead_hours))].sort((a, b) => a - b);
  const cells: ScorecardCell[] = [];
  for (const model_id of models) {
    for (const lead_hours of leads) {
      const group = groups.get(`${model_id}\u0000${lead_hours}`);
      if (!group) continue;
      const skills = group.map((row) => row.skill_iiee).filter((skill): skill is number => skill !== null && Number.isFinite(skill));
      cells.push({
        model_id,
        lead_hours,
        runs: group.length,
        iiee_km2: mean(group.map((row) => row.iiee_km2)),
        edge_distance_km: mean(group.map((row) => row.edge_distance_km)),
        conc_rmse: mean(group.map((row) => row.conc_rmse)),
        persistence_iiee_km2: mean(group.map((row) => row.persistence_iiee_km2)),
        persistence_conc_rmse: mean(group.map((row) => row.persistence_conc_rmse)),
        skill_iiee: mean(group.map((row) => row.skill_iiee)),
        skill_conc_rmse: mean(group.map((row) => row.skill_conc_rmse)),
        beats_persistence_share: skills.length > 0 ? skills.filter((skill) => skill > 0).length / skills.length : null,
      });
    }
  }
  return cells;
}
