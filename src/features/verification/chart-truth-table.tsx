/**
 * 'По ледовым картам': the runs scored against an ice service's chart of their valid date (truth `chart:{id}`),
 * one line per model, start date and lead: IIEE with its over/under parts and the edge's displacement. Kept apart
 * from the chart and the scorecard above, which average the records against the analysis.
 */
import type { VerificationRow } from '../../api/verification.ts';
import { ru } from '../../i18n/ru.ts';
import { decimal, kilometres, truthText } from './verification-format.ts';

const t = ru.verification;
const thousands = (km2: number | null) => (km2 === null ? '—' : decimal(km2 / 1000, 1));

export function ChartTruthTable({ rows }: { rows: readonly VerificationRow[] }) {
  return (
    <section className="verification-section" aria-label={t.chartTruths} data-testid="verification-chart-truths">
      <h2>{t.chartTruths}</h2>
      <p className="muted">{t.chartTruthsHint}</p>
      <table className="scorecard">
        <thead>
          <tr>
            <th scope="col">{t.model}</th>
            <th scope="col">{t.validDate}</th>
            <th scope="col">{ru.mapTools.lead}</th>
            <th scope="col">{t.columns.iiee}</th>
            <th scope="col">{t.columns.overUnder}</th>
            <th scope="col">{t.columns.edge}</th>
            <th scope="col">{t.columns.truth}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.model_id}|${row.date}|${row.lead_hours}|${row.truth.source}`} data-model={row.model_id} data-lead={row.lead_hours} data-truth={row.truth.source}>
              <th scope="row">{row.model_id}</th>
              <td>{row.valid_date}</td>
              <td>{t.lead(row.lead_hours)}</td>
              <td>{thousands(row.iiee_km2)}</td>
              <td>
                {thousands(row.iiee_over_km2)} / {thousands(row.iiee_under_km2)}
              </td>
              <td>{kilometres(row.edge_distance_km).replace(` ${t.km}`, '')}</td>
              <td>{truthText(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
