/**
 * The 'Маршрут' panel on the map: start drawing (clicks on the map add waypoints; double click or
 * 'Завершить' finishes), or import a GPX / GeoJSON / CSV route; then the server's checks for +24/+48/+72 h
 * side by side (length, length in ice, lowest RIO and where, the first breach) and the exports.
 */
import { useEffect, useState, type ChangeEvent } from 'react';
import { checkRoute, type RouteCheckResult } from '../../../api/ship-route.ts';
import { ru } from '../../../i18n/ru.ts';
import { useForecastMap, useForecastMapStore } from '../store/store-context.ts';
import { downloadRoute, type ExportFormat } from './route-export.ts';
import { parseRouteFile, RouteFileError } from './route-files.ts';
import { ROUTE_LEADS, startRouteChecker } from './route-checker.ts';
import { RouteResultsTable } from './route-results-table.tsx';
import { LEAD_HOURS } from '../forecast-variables.ts';
import { ChartRouteResult } from '../ice-chart/chart-route-result.tsx';
import './route-check.css';

const t = ru.route;

const km = (value: number) => value.toFixed(1);

function ResultsTable({ results }: { results: Partial<Record<24 | 48 | 72, RouteCheckResult>> }) {
  const columns = ROUTE_LEADS.map((leadHours) => ({ heading: t.lead(leadHours), cellData: { 'data-lead': leadHours }, result: results[leadHours] }));
  return <RouteResultsTable columns={columns} testId="route-results" />;
}

/**
 * How much of the route the forecast says nothing of (the lead shown on the map, whose legs are drawn dashed):
 * so missing data is never read as open water. Nothing when the whole route is inside.
 */
function OutsideNote({ results }: { results: Partial<Record<24 | 48 | 72, RouteCheckResult>> }) {
  const leadHours = useForecastMap((s) => LEAD_HOURS[s.leadIndex]) as 24 | 48 | 72;
  const outside = (results[leadHours] ?? Object.values(results)[0])?.outside_km ?? 0;
  if (!(outside > 0)) return null;
  return (
    <p className="route-panel__outside" data-testid="route-outside">
      {t.outside(km(outside))}
    </p>
  );
}

export function RoutePanel() {
  const store = useForecastMapStore();
  const mode = useForecastMap((s) => s.routeMode);
  const waypoints = useForecastMap((s) => s.routeWaypoints);
  const checks = useForecastMap((s) => s.routeChecks);
  const [importError, setImportError] = useState<string | null>(null);

  useEffect(() => startRouteChecker(store, (request, options) => checkRoute(request, options)), [store]);

  const onImport = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      store.getState().loadRoute(parseRouteFile(await file.text()));
      setImportError(null);
    } catch (error) {
      setImportError(t.importFailed(error instanceof RouteFileError ? error.message : t.importReasons.unknownFormat));
    }
  };

  const onExport = (format: ExportFormat) => {
    const state = store.getState();
    if (!checks || checks.status !== 'done' || state.date === null) return;
    downloadRoute(
      { date: state.date, run: state.assimilated ? 'assimilated' : 'free', iceClass: state.iceClass, waypoints, results: checks.results },
      format,
    );
  };

  if (mode === 'off') {
    return (
      <div className="route-panel route-panel--closed">
        <button type="button" className="toggle" onClick={() => store.getState().startRoute()} data-testid="route-mode">
          {t.mode}
        </button>
      </div>
    );
  }

  return (
    <section className="route-panel" aria-label={t.mode} data-testid="route-panel" data-mode={mode}>
      <header className="route-panel__header">
        <h3>{t.mode}</h3>
        <button type="button" className="route-panel__close" onClick={() => store.getState().closeRoute()} title={t.close} aria-label={t.close}>
          ×
        </button>
      </header>
      {mode === 'drawing' && <p className="route-panel__hint">{t.hint}</p>}
      <div className="route-panel__actions">
        <span data-testid="route-waypoints">{t.waypoints(waypoints.length)}</span>
        {mode === 'drawing' ? (
          <>
            <button type="button" disabled={waypoints.length < 2} onClick={() => store.getState().finishRoute()} data-testid="route-finish">
              {t.finish}
            </button>
            <button type="button" disabled={waypoints.length === 0} onClick={() => store.getState().undoWaypoint()}>
              {t.undo}
            </button>
          </>
        ) : (
          <button type="button" onClick={() => store.getState().startRoute()}>
            {t.start}
          </button>
        )}
      </div>
      <label className="route-panel__import">
        {t.importFile}
        <input type="file" accept=".gpx,.geojson,.json,.csv,.txt" onChange={onImport} data-testid="route-import" />
      </label>
      {importError && (
        <p className="route-panel__error" role="alert">
          {importError}
        </p>
      )}
      {checks?.status === 'checking' && <p role="status">{t.checking}</p>}
      {checks?.status === 'error' && (
        <p className="route-panel__error" role="alert">
          {checks.error}
        </p>
      )}
      {checks?.status === 'done' && (
        <>
          <ResultsTable results={checks.results} />
          <OutsideNote results={checks.results} />
          <div className="route-panel__actions">
            <span>{t.export}:</span>
            {(['gpx', 'csv', 'geojson'] as const).map((format) => (
              <button key={format} type="button" onClick={() => onExport(format)} data-testid={`route-export-${format}`}>
                {t[format]}
              </button>
            ))}
          </div>
        </>
      )}
      {/* The same route against the ice chart on the map ('Ледовая карта'), when one is shown. */}
      <ChartRouteResult />
    </section>
  );
}
