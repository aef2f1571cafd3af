/**
 * Starts what feeds the tools from the decode worker for one page: the analysis dates (GET /analysis/info,
 * once per region shown), the ice edge loader, the lead animation and the
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
import type { RegionId } from '../../../../common/regions/types.ts';

export interface MapToolsOptions {
  store: ForecastMapStore;
  worker: Pick<ForecastClient, 'load' | 'contour' | 'cellSeries' | 'scalarSlice' | 'driftSlice' | 'iceProbability'>;
  urls: FileUrls;
  /** A region's analysis dates (GET /analysis/info). */
  listAnalysisDates: (region: RegionId) => Promise<string[]>;
  /** 'Вероятность льда': every model's files of a date (absent: the mode finds no forecasts). */
  memberUrls?: (date: string, region: RegionId) => Promise<string[]>;
}

export function startMapTools({ store, worker, urls, listAnalysisDates, memberUrls = async () => [] }: MapToolsOptions): () => void {
  let stopped = false;
  store.getState().setToolsActive(true);
  // The analysis dates of the region shown: asked again when the region changes (unknown, null, meanwhile).
  let listed: RegionId | null = null;
  const listFor = (region: RegionId) => {
    if (region === listed) return;
    listed = region;
    if (store.getState().analysisDates !== null) store.getState().analysisDatesLoaded(null);
    const current = () => !stopped && store.getState().region === region;
    listAnalysisDates(region).then(
      (dates) => {
        if (current()) store.getState().analysisDatesLoaded(dates);
      },
      (error: unknown) => {
        // Without the list the tools work on the forecasts alone.
        console.warn(`Analysis dates of region ${region} could not be listed:`, error);
        if (current()) store.getState().analysisDatesLoaded([]);
      },
    );
  };
  listFor(store.getState().region);
  const stopListing = store.subscribe((state) => listFor(state.region));
  const stops = [
    stopListing,
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
