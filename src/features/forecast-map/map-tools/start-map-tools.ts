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
import { TrajectoryLoader } from '../trajectory/trajectory-loader.ts';
import type { FileUrls } from './companion-files.ts';
import { ProbabilityLoader } from '../ice-probability/probability-loader.ts';

export interface MapToolsOptions {
  store: ForecastMapStore;
  worker: Pick<ForecastClient, 'load' | 'contour' | 'cellSeries' | 'scalarSlice' | 'driftSlice' | 'iceProbability'>;
  urls: FileUrls;
  listAnalysisDates: () => Promise<string[]>;
  /** 'Вероятность льда': every model's files of a date (absent: the mode finds no forecasts). */
  memberUrls?: (date: string) => Promise<string[]>;
}

export function startMapTools({ store, worker, urls, listAnalysisDates, memberUrls = async () => [] }: MapToolsOptions): () => void {
  let stopped = false;
  store.getState().setToolsActive(true);
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
    new TrajectoryLoader({ store, worker, urls }).start(),
    new ProbabilityLoader({ store, worker, memberUrls }).start(),
  ];
  return () => {
    stopped = true;
    store.getState().setToolsActive(false);
    for (const stop of stops) stop();
  };
}
