/**
 * 'Качество прогноза' in the map sidebar: how the shown run (default model, date, lead) scored against the
 * analysis of its valid date: IIEE (over/under) in thousands of km², the edge's mean displacement in km, the RMSE of
 * concentration, the same for persistence, and the skill in words. Names the analysis it was scored against, so a
 * demo truth is never taken for a real one. Before that analysis arrives: 'Анализ на {date} ещё не поступил'. Where the
 * valid date has an ice chart, the run's scores against it follow ('по ледовой карте ААНИИ от {date}').
 */
import { ru } from '../../../i18n/ru.ts';
import type { VerificationRow } from '../../../api/verification.ts';
import { concentration, decimal, isChartTruth, kilometres, skillClass, skillSentence, thousandKm2, truthText } from '../../verification/verification-format.ts';
import { useAnalysisShown } from '../analysis-run/analysis-toggle.tsx';
import { LEAD_HOURS } from '../forecast-variables.ts';
import { validDate } from '../map-tools/companion-files.ts';
import { useForecastMap } from '../store/store-context.ts';
import { useRunScores } from './use-run-scores.ts';
import './forecast-quality.css';

const t = ru.verification;

export function ForecastQuality() {
  const date = useForecastMap((state) => state.date);
  const leadIndex = useForecastMap((state) => state.leadIndex);
  const assimilated = useForecastMap((state) => state.assimilated);
  const analysisDates = useForecastMap((state) => state.analysisDates);
  const analysisShown = useAnalysisShown();
  const region = useForecastMap((state) => state.region);
  const leadHours = LEAD_HOURS[leadIndex];
  const valid = date === null ? null : validDate(date, leadHours);
  const arrived = valid !== null && analysisDates !== null && analysisDates.includes(valid);
  // The shown region's records: each region's runs are scored against its own analyses on its own grid.
  const scores = useRunScores(arrived && date !== null ? { date, run: assimilated ? 'assim_forecast' : 'forecast', region } : null);
  // The analysis on the map is the truth itself; the dates are not known yet: nothing to say.
  if (date === null || valid === null || analysisShown || analysisDates === null) return null;

  let body;
  if (!arrived) body = <p className="forecast-sidebar__note">{t.notArrived(valid)}</p>;
  else if (scores === null || scores.status === 'loading') body = <p className="forecast-sidebar__note">{t.loading}</p>;
  else if (scores.status === 'error') body = <p className="forecast-sidebar__error" role="alert">{t.failed}</p>;
  else {
    const row = scores.rows.find((r) => r.lead_hours === leadHours && !isChartTruth(r.truth));
    const chartRow = scores.rows.find((r) => r.lead_hours === leadHours && isChartTruth(r.truth));
    body = (
      <>
        {row ? <Scores row={row} /> : <p className="forecast-sidebar__note">{t.pending}</p>}
        {chartRow && <ChartScores row={chartRow} />}
      </>
    );
  }
  return (
    <section className="forecast-sidebar__group forecast-quality" aria-label={t.section} data-testid="forecast-quality">
      {/* Titled by its sidebar group ('Качество прогноза'). */}
      {body}
    </section>
  );
}

/** The ice edge's scores, against an analysis or a chart alike: IIEE with its over/under parts, the edge's displacement. */
function EdgeScores({ row }: { row: VerificationRow }) {
  const thousands = (km2: number) => decimal(km2 / 1000, 1);
  return (
    <>
      <dt>{t.iiee}</dt>
      <dd>{thousandKm2(row.iiee_km2)}</dd>
      <dd className="forecast-quality__detail">{t.overUnder(thousands(row.iiee_over_km2), thousands(row.iiee_under_km2))}</dd>
      <dt>{t.edgeDistance}</dt>
      <dd>{kilometres(row.edge_distance_km)}</dd>
    </>
  );
}

function Scores({ row }: { row: VerificationRow }) {
  const iceEdge = useForecastMap((state) => state.iceEdge);
  const setIceEdge = useForecastMap((state) => state.setIceEdge);
  return (
    <>
      <dl>
        <EdgeScores row={row} />
        <dt>{t.concRmse}</dt>
        <dd>{concentration(row.conc_rmse)}</dd>
        <dt>{t.persistenceIiee}</dt>
        <dd>{thousandKm2(row.persistence_iiee_km2)}</dd>
        <dt>{t.persistenceRmse}</dt>
        <dd>{concentration(row.persistence_conc_rmse)}</dd>
      </dl>
      <p className={`forecast-quality__skill is-${skillClass(row.skill_iiee)}`} data-testid="forecast-quality-skill">
        {t.iiee}: {skillSentence(row.skill_iiee)}
      </p>
      <p className={`forecast-quality__skill is-${skillClass(row.skill_conc_rmse)}`}>RMSE: {skillSentence(row.skill_conc_rmse)}</p>
      <p className="forecast-quality__truth" data-testid="forecast-quality-truth" data-demo={row.truth.demo}>
        {truthText(row)}
      </p>
      {!iceEdge && (
        <button type="button" className="button button--ghost forecast-quality__edges" onClick={() => setIceEdge(true)}>
          {t.showEdges}
        </button>
      )}
    </>
  );
}

/**
 * The same run scored against the ice chart of its valid date (an ice service's analysis, 'по ледовой карте ААНИИ от
 * {date}'): the ice edge's IIEE with its over/under parts and the edge's displacement; the chart has no concentration
 * field to take an RMSE of, nor a persistence of its own.
 */
function ChartScores({ row }: { row: VerificationRow }) {
  return (
    <div className="forecast-quality__chart" data-testid="forecast-quality-chart" data-truth={row.truth.source}>
      <dl>
        <EdgeScores row={row} />
      </dl>
      <p className="forecast-quality__truth" data-testid="forecast-quality-chart-truth">
        {truthText(row)}
      </p>
    </div>
  );
}
