/**
 * /forecasts: the map, the sidebar, the legend. The page owns one forecast map store, keeps it in step with
 * the URL, and starts the loader that feeds it from the decode worker.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { analysisFileUrl, fetchAnalysisInfo } from '../../api/analysis.ts';
import { fetchForecastInfo, forecastFileUrl } from '../../api/forecast.ts';
import { startMapTools } from './map-tools/start-map-tools.ts';
import { probabilityMemberUrls } from './ice-probability/member-urls.ts';
import { PointPanel } from './point-panel/point-panel.tsx';
import { ForecastLoader } from './forecast-loader.ts';
import { FirstView } from './first-view/first-view.tsx';
import { useMapWanted } from './first-view/use-map-wanted.ts';
import { prefetchMapWorker } from './first-view/prefetch-map-worker.ts';
import { ForecastSidebar } from './forecast-sidebar.tsx';
import { createForecastClient, prestartForecastClient, type ForecastClient } from '../../../workers/forecast-client.ts';
import { createChartClient } from '../../../workers/chart-client.ts';
import { previewFirst, rememberedLinkRate, rememberLinkRate } from './link-memory.ts';
import { createDrawnSignal } from './first-view/drawn-signal.ts';
import { firstFieldDrawn } from './first-view/first-field-drawn.ts';
import { LocalFileContext } from './local-file/local-file-context.ts';
import { LocalFileDropZone } from './local-file/local-file-drop.tsx';
import { LegendSwitch } from './local-file/local-file-legend.tsx';
import { LocalFileLoader } from './local-file/local-file-loader.ts';
import './local-file/local-file.css';
import { createForecastMapStore } from './store/forecast-map-store.ts';
import { ForecastMapStoreContext } from './store/store-context.ts';
import { useUrlSync } from './use-url-sync.ts';
import { regionOfSearch } from './url-search.ts';
import type { RegionId } from '../../../common/regions/types.ts';
import { RoutePanel } from './ship-route/route-panel.tsx';
import { ChartLoader } from './ice-chart/chart-loader.ts';
import { EggCodePanel } from './ice-chart/egg-code-view.tsx';
import { chartUrl, checkRouteOnChart, fetchChart, fetchChartList } from '../../api/icecharts.ts';
import { startChartRouteChecker } from './ice-chart/chart-route-checker.ts';
import './forecast-map.css';

// MapLibre + deck.gl (about 0.6 MB brotli) are their own chunk, asked for once the first field is
// decoded (see first-view/use-map-wanted.ts); until the map has drawn it, the first view shows it.
const ForecastMapView = lazy(() => import('./forecast-map-view.tsx').then((module) => ({ default: module.ForecastMapView })));

const datesOf = (region: RegionId): Promise<string[]> => fetchForecastInfo({}, region).then((info) => info.available_dates);

// When this chunk runs on /forecasts (the app was opened there), the decode worker and the list of
// dates (of the URL's region) are asked for at once, in parallel with the session check, not one round trip after
// the page mounts.
let earlyDates: { region: RegionId; dates: Promise<string[]> } | null = null;
if (typeof location !== 'undefined' && location.pathname === '/forecasts') {
  prestartForecastClient();
  const region = regionOfSearch(location.search);
  earlyDates = { region, dates: datesOf(region) };
  // Not signed in (401: the guard sends the visitor to /login) or offline: a later mount asks again.
  earlyDates.dates.catch(() => {
    earlyDates = null;
  });
}
const listDates = (region: RegionId): Promise<string[]> => {
  const early = earlyDates;
  earlyDates = null;
  return early?.region === region ? early.dates : datesOf(region);
};

/** The analysis dates are asked for after the first field, or after this long if it never draws, ms. */
const ANALYSIS_DATES_FALLBACK_MS = 8000;

/** Diagnostic switch: localStorage 'ice.download' = 'whole' fetches the whole file first (the benchmark's peer). */
const sliceFirst = () => globalThis.localStorage?.getItem('ice.download') !== 'whole';

/** bench:icecharts' peer: the page prepares and tessellates the chart itself (VITE_TEST_HOOKS=1 builds only). */
const chartOnPage = (): boolean => import.meta.env.VITE_TEST_HOOKS === '1' && (window as { __iceChartOnPage?: boolean }).__iceChartOnPage === true;

export function ForecastMapPage() {
  const [store] = useState(createForecastMapStore);
  useUrlSync(store);
  const [localFiles] = useState(() => new LocalFileLoader({ store }));
  // The worker's background fetches wait until the map has drawn the file's first field (the view first).
  const [drawnSignal] = useState(createDrawnSignal);
  // What can wait (the offline land's detail) asks the decode worker when its link is free.
  const workerRef = useRef<ForecastClient | null>(null);
  const [whenLinkQuiet] = useState(() => () => workerRef.current?.linkQuiet() ?? Promise.resolve());
  const [firstViewMode] = useState(sliceFirst);
  const mapWanted = useMapWanted(store, !firstViewMode);
  const [mapRendered, setMapRendered] = useState(false);
  const [onMapRendered] = useState(() => () => setMapRendered(true));
  useEffect(() => {
    if (mapWanted && firstViewMode) prefetchMapWorker();
  }, [mapWanted, firstViewMode]);

  // The decode worker and the loader live as long as the page.
  useEffect(() => {
    const worker = createForecastClient();
    workerRef.current = worker;
    // The link measured by an earlier page is this page's first estimate; each rate this page's worker decides on is kept.
    const rememberedRate = rememberedLinkRate();
    if (rememberedRate !== null) worker.seedLinkRate(rememberedRate);
    const stopRemembering = store.subscribe((state, previous) => {
      if (state.linkDecision !== previous.linkDecision) rememberLinkRate(state.linkDecision);
    });
    const loader = new ForecastLoader({
      store,
      worker,
      fileUrl: (date, assimilated, analysis, region) => (analysis ? analysisFileUrl(date, region) : forecastFileUrl(date, assimilated, undefined, region)),
      listDates,
      sliceFirst: firstViewMode,
      whenDrawn: drawnSignal.when,
      previewFirst: (region) => previewFirst(region),
    });
    const stop = loader.start();
    const stopTools = startMapTools({
      store,
      worker,
      urls: { forecast: (date, assimilated, region) => forecastFileUrl(date, assimilated, undefined, region), analysis: analysisFileUrl },
      // Not on the link with the first field (a satellite link's few connections and 64 kbit/s up are the view's).
      listAnalysisDates: async (region) => {
        await firstFieldDrawn(ANALYSIS_DATES_FALLBACK_MS);
        return (await fetchAnalysisInfo({}, region)).available_dates;
      },
      memberUrls: probabilityMemberUrls,
    });
    localFiles.attach(worker);
    const chartClient = createChartClient();
    const stopChart = new ChartLoader({
      store,
      listCharts: (query, signal) => fetchChartList(query, { signal }),
      loadChart: (id, toleranceKm, signal) => fetchChart(id, toleranceKm, { signal }),
      // Fetched, prepared and triangulated in the chart worker: the main thread only uploads and draws (not for
      // bench:icecharts' peer, the chart on the page as before the worker: test builds only).
      ...(chartOnPage() ? {} : { prepareChart: (id: number, toleranceKm: number | null, signal: AbortSignal) => chartClient.prepare(chartUrl(id, toleranceKm), signal) }),
      // The date's chart listed once the view is drawn and the link free: the toggle then starts half-way.
      whenIdle: async () => {
        await firstFieldDrawn(ANALYSIS_DATES_FALLBACK_MS);
        await worker.linkQuiet();
      },
    }).start();
    const stopChartRoute = startChartRouteChecker(store, (request, options) => checkRouteOnChart(request, options));
    return () => {
      stopRemembering();
      stopChartRoute();
      stopChart();
      chartClient.dispose();
      stopTools();
      stop();
      localFiles.attach(null);
      workerRef.current = null;
      worker.dispose();
    };
  }, [store, localFiles, drawnSignal, firstViewMode]);

  return (
    <ForecastMapStoreContext.Provider value={store}>
      <LocalFileContext.Provider value={localFiles}>
        <div className="forecast-page" data-testid="forecast-page">
          <ForecastSidebar />
          <LocalFileDropZone>
            {mapWanted && (
              <Suspense fallback={null}>
                <ForecastMapView onFieldDrawn={drawnSignal.drawn} onMapRendered={onMapRendered} whenLinkQuiet={whenLinkQuiet} />
              </Suspense>
            )}
            {firstViewMode && !mapRendered && <FirstView />}
          </LocalFileDropZone>
          <LegendSwitch />
          <RoutePanel />
          <PointPanel />
          <EggCodePanel />
        </div>
      </LocalFileContext.Provider>
    </ForecastMapStoreContext.Provider>
  );
}
