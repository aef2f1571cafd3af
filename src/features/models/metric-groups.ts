/**
 * How a model card orders its metrics: the few that answer "how good is it" first, then the rest in small
 * groups a reader can scan. Every metric lands in exactly one place.
 *
 *   headline     rmse, mae, ssim (concentration over all leads) and, when verification has scored the model,
 *                iiee_24h and skill_iiee_24h (the ice edge at +24 h, and against persistence);
 *   byLead       `<score>_<hours>h`: one row per score, its leads in order (rmse 24h, rmse 48h, rmse 72h);
 *   byVariable   `<score>_<variable>` of a known score: one row per score, its variables in order (rmse speed,
 *                rmse thickness) — rows of a score across leads or variables read alike, as a table's would;
 *   other        anything else, by name.
 */

const HEADLINE_METRICS = ['rmse', 'mae', 'ssim', 'iiee_24h', 'skill_iiee_24h'] as const;

/** Scores whose `<score>_<suffix>` names are per variable when the suffix is not a lead. */
const SCORES = new Set(['rmse', 'mae', 'ssim', 'bias', 'iiee', 'skill_iiee']);

export interface MetricEntry {
  name: string;
  value: number;
}

/** One row of a group: what the row is about (a score, or a variable) and its metrics in order. */
export interface MetricRow {
  key: string;
  metrics: MetricEntry[];
}

export interface MetricGroups {
  headline: MetricEntry[];
  byLead: MetricRow[];
  byVariable: MetricRow[];
  other: MetricEntry[];
}

const LEAD = /^(.+)_(\d+)h$/;

function variableOf(name: string): { score: string; variable: string } | null {
  // Longest score first: 'skill_iiee_thickness' is skill_iiee of thickness, not skill of 'iiee_thickness'.
  for (const score of [...SCORES].sort((a, b) => b.length - a.length)) {
    if (name.startsWith(`${score}_`) && name.length > score.length + 1) return { score, variable: name.slice(score.length + 1) };
  }
  return null;
}

function pushRow(rows: MetricRow[], key: string, entry: MetricEntry): void {
  let row = rows.find((r) => r.key === key);
  if (!row) rows.push((row = { key, metrics: [] }));
  row.metrics.push(entry);
}

export function groupMetrics(metrics: Record<string, number>): MetricGroups {
  const groups: MetricGroups = { headline: [], byLead: [], byVariable: [], other: [] };
  const headline = new Set<string>(HEADLINE_METRICS);
  for (const name of HEADLINE_METRICS) if (name in metrics) groups.headline.push({ name, value: metrics[name] });
  const rest = Object.keys(metrics)
    .filter((name) => !headline.has(name))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  for (const name of rest) {
    const entry = { name, value: metrics[name] };
    const lead = LEAD.exec(name);
    const perVariable = lead ? null : variableOf(name);
    if (lead) pushRow(groups.byLead, lead[1], entry);
    else if (perVariable) pushRow(groups.byVariable, perVariable.score, entry);
    else groups.other.push(entry);
  }
  // Rows keep the scores' usual order (rmse, mae, ssim, …) rather than the alphabet's.
  const rank = (key: string) => {
    const at = [...SCORES].indexOf(key);
    return at < 0 ? SCORES.size : at;
  };
  groups.byLead.sort((a, b) => rank(a.key) - rank(b.key));
  groups.byVariable.sort((a, b) => rank(a.key) - rank(b.key));
  return groups;
}
