/**
 * Starts what feeds the tools from the decode worker for one page: the analysis dates (GET /analysis/info,
 * once), the ice edge loader, the lead animation and the
 * point panel's loader. Returns stop().
 */
import type { ForecastClient } from '../../../../workers/forecast-client.ts';
import type { ForecastMapStore } from '../store/forecast-map-store.ts';
import { EdgeLoader } from '../ice-edge/edge-loader.ts';
import { startLeadAnimator } from '../lead-animation/lead-animator.ts';
import { PointLoader } from '../point-panel/point-loader.ts';
import { DifferenceLoader } from '../difference/difference-loader.ts';
import type { FileUrls } from './companion-files.ts';

export interface MapToolsOptions {
  store: ForecastMapStore;
  worker: Pick<ForecastClient, 'load' | 'contour' | 'cellSeries' | 'scalarSlice'>;
  urls: FileUrls;
  listAnalysisDates: () => Promise<string[]>;
}

export function startMapTools({ store, worker, urls, listAnalysisDates }: MapToolsOptions): () => void {
  let stopped = false;
  listAnalysisDates().then(
    (dates) => {
      if (!stopped) store.getState().analysisDatesLoaded(dates);
    },
    (error: unknown) => {
      // Without the list the tools work on the forecasts alone.
      console.warn('Analysis dates could not be listed:', error);
      if (!stopped) store.getState().analysisDatesLoaded([]);
    },
  );
  const stops = [
    new EdgeLoader({ store, worker, urls }).start(),
    startLeadAnimator(store),
    new PointLoader({ store, worker, urls }).start(),
    new DifferenceLoader({ store, worker, urls }).start(),
  ];
  return () => {
    stopped = true;
    for (const stop of stops) stop();
  };
}
