/**
 * /verification, 'Проверка прогнозов': pick the region ('Район', kept in the URL by the route), models, run and
 * period; the chart of IIEE (or RMSE) by valid date, the scorecard of the period's means against persistence, the
 * runs scored against ice charts ('По ледовым картам'), and the rows as CSV. Every request names the region.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { fetchModelArchitectures } from '../../api/reports.ts';
import type { VerificationRun } from '../../api/verification.ts';
import type { RegionId } from '../../../common/regions/types.ts';
import { RegionOptions } from '../../components/region-options.tsx';
import { ToggleButtons } from '../../components/toggle-buttons.tsx';
import { ru } from '../../i18n/ru.ts';
import { LoadErrorView } from '../../loading/load-error-view.tsx';
import { useLoad } from '../../loading/use-load.ts';
import '../catalog.css';
import { chartData, dateSeconds, type ChartMetric } from './chart-series.ts';
import { addDays } from '../../../common/utc-day.ts';
import { defaultPeriod, isDay } from './period.ts';
import { scorecard } from './scorecard.ts';
import { ScorecardTable } from './scorecard-table.tsx';
import { EnsembleSps } from './ensemble-sps.tsx';
import { useVerificationRows } from './use-verification-rows.ts';
import { ChartTruthTable } from './chart-truth-table.tsx';
import { isChartTruth } from './verification-format.ts';
import { csvFileName, downloadCsv, verificationCsv } from './verification-csv.ts';
import './verification.css';

const t = ru.verification;
const RUNS: readonly VerificationRun[] = ['forecast', 'assim_forecast'];
const METRICS: readonly ChartMetric[] = ['iiee', 'rmse'];

// uPlot (about 20 kB brotli) comes with the chart, not with the app's first chunk.
const VerificationChart = lazy(() => import('./verification-chart.tsx').then((module) => ({ default: module.VerificationChart })));

const loadModelIds = async (signal: AbortSignal) => (await fetchModelArchitectures({ signal })).map((model) => model.model_id);

export interface VerificationPageProps {
  /** Whose records: the sector's or the whole Arctic's. */
  region: RegionId;
  onRegionChange: (region: RegionId) => void;
}

export function VerificationPage({ region, onRegionChange }: VerificationPageProps) {
  const models = useLoad(loadModelIds);
  return (
    <div className="catalog-page verification-page">
      <h1>{t.title}</h1>
      {models.state.status === 'loading' && <p role="status">{ru.app.loading}</p>}
      {models.state.status === 'error' && <LoadErrorView error={models.state.error} onRetry={models.retry} />}
      {models.state.status === 'ready' && <VerificationView modelIds={models.state.data} region={region} onRegionChange={onRegionChange} />}
    </div>
  );
}

function VerificationView({ modelIds, region, onRegionChange }: { modelIds: readonly string[] } & VerificationPageProps) {
  const [picked, setPicked] = useState<readonly string[]>(modelIds);
  const [run, setRun] = useState<VerificationRun>('forecast');
  const [period, setPeriod] = useState(defaultPeriod);
  const [metric, setMetric] = useState<ChartMetric>('iiee');
  const [attempt, setAttempt] = useState(0);
  const models = useMemo(() => modelIds.filter((id) => picked.includes(id)), [modelIds, picked]);
  const periodOk = isDay(period.from) && isDay(period.to) && period.from <= period.to;
  const rows = useVerificationRows({ models, run, from: period.from, to: period.to, region, valid: periodOk }, attempt);
  const all = rows.status === 'ready' ? rows.rows : null;
  // The chart and the scorecard average the records against the analysis; those against ice charts have their table.
  const ready = useMemo(() => all?.filter((row) => !isChartTruth(row.truth)) ?? null, [all]);
  const chartRows = useMemo(() => all?.filter((row) => isChartTruth(row.truth)) ?? [], [all]);
  const series = useMemo(() => (ready ? chartData(ready, models, metric) : null), [ready, models, metric]);
  const cells = useMemo(() => (ready ? scorecard(ready, models) : []), [ready, models]);
  // The valid dates of the period's runs: from its first start + 24 h to its last start + 72 h.
  const span = useMemo<[number, number]>(
    () => (periodOk ? [dateSeconds(addDays(period.from, 1)), dateSeconds(addDays(period.to, 3))] : [0, 0]),
    [period.from, period.to, periodOk],
  );

  const toggle = (id: string, on: boolean) => setPicked((current) => (on ? [...current, id] : current.filter((m) => m !== id)));

  return (
    <>
      <form className="verification-controls" onSubmit={(event) => event.preventDefault()}>
        <label>
          {ru.regions.label}
          <select value={region} onChange={(event) => onRegionChange(event.target.value as RegionId)} data-testid="verification-region">
            <RegionOptions />
          </select>
        </label>
        <fieldset className="verification-controls__models">
          <legend>{t.models}</legend>
          {modelIds.map((id) => (
            <label key={id} className="verification-controls__check">
              <input type="checkbox" checked={picked.includes(id)} onChange={(event) => toggle(id, event.target.checked)} />
              {id}
            </label>
          ))}
        </fieldset>
        <label>
          {t.run}
          <select value={run} onChange={(event) => setRun(event.target.value as VerificationRun)} data-testid="verification-run">
            {RUNS.map((value) => (
              <option key={value} value={value}>
                {t.runs[value]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.from}
          <input type="date" value={period.from} max={period.to} onChange={(event) => setPeriod({ ...period, from: event.target.value })} data-testid="verification-from" />
        </label>
        <label>
          {t.to}
          <input type="date" value={period.to} min={period.from} onChange={(event) => setPeriod({ ...period, to: event.target.value })} data-testid="verification-to" />
        </label>
      </form>

      {!periodOk && <p role="alert" className="load-error">{t.badPeriod}</p>}
      {models.length === 0 && <p className="muted">{t.noModels}</p>}
      {rows.status === 'loading' && <p role="status">{ru.app.loading}</p>}
      {rows.status === 'error' && <LoadErrorView error={rows.error} fallback={t.loadFailed} onRetry={() => setAttempt((n) => n + 1)} />}
      {ready && ready.length === 0 && <p className="empty">{t.empty}</p>}
      {ready && ready.length > 0 && series && (
        <>
          <section className="verification-section" aria-label={t.chartTitle}>
            <div className="verification-section__head">
              <h2>{t.chartTitle}</h2>
              <div role="group" aria-label={t.metric}>
                <ToggleButtons values={METRICS} active={metric} onChange={setMetric} label={(value) => t.metrics[value]} />
              </div>
            </div>
            <Suspense fallback={<p role="status">{ru.app.loading}</p>}>
              <VerificationChart data={series} metric={metric} models={models} span={span} />
            </Suspense>
          </section>
          <section className="verification-section" aria-label={t.scorecard}>
            <div className="verification-section__head">
              <h2>{t.scorecard}</h2>
              <button type="button" className="button" onClick={() => downloadCsv(verificationCsv(all ?? ready), csvFileName(run, period.from, period.to, region))}>
                {t.downloadCsv}
              </button>
            </div>
            <p className="muted">{t.scorecardHint}</p>
            <ScorecardTable cells={cells} />
            <EnsembleSps from={period.from} to={period.to} region={region} />
          </section>
        </>
      )}
      {chartRows.length > 0 && <ChartTruthTable rows={chartRows} />}
    </>
  );
}
