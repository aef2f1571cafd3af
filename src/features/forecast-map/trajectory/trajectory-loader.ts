/**
 * Computes the drift path when 'Траектория дрейфа' is on: takes the shown run's drift slices (+24, +48, +72 h) from
 * the worker (its cache: no download for the open file) and integrates from the point on the main thread
 * (72 RK4 steps: well under a millisecond of arithmetic).
 */
import type { ForecastClient } from '../../../../workers/forecast-client.ts';
import { DRIFT_DIRECTION_VARIABLE, DRIFT_SPEED_VARIABLE } from '../forecast-variables.ts';
import type { ForecastMapStore } from '../store/forecast-map-store.ts';
import type { FileUrls } from '../map-tools/companion-files.ts';
import { ToolLoader, warnFailure } from '../map-tools/tool-loader.ts';
import { integrateTrajectory } from './drift-integrator.ts';
import type { TrajectoryResult } from './trajectory-result.ts';

export interface TrajectoryLoaderOptions {
  store: ForecastMapStore;
  worker: Pick<ForecastClient, 'load' | 'driftSlice'>;
  urls: FileUrls;
}

export class TrajectoryLoader extends ToolLoader<TrajectoryLoaderOptions> {
  private key: string | null = null;

  protected sync(): void {
    const state = this.options.store.getState();
    const { trajectory, point, date, assimilated, region } = state;
    if (!trajectory || !point || date === null) {
      this.key = null;
      if (state.trajectoryResult) state.trajectoryChanged(null);
      return;
    }
    const url = this.options.urls.forecast(date, assimilated, region);
    const key = `${url}|${point.lat}|${point.lon}`;
    if (key === this.key) return;
    this.key = key;
    const pending: TrajectoryResult = { key, status: 'loading', track: null, date, assimilated, leadHours: [] };
    state.trajectoryChanged(pending);
    void this.load(pending, url, [point.lon, point.lat]);
  }

  private async load(pending: TrajectoryResult, url: string, start: [number, number]): Promise<void> {
    const { worker, store } = this.options;
    let result: TrajectoryResult = { ...pending, status: 'unavailable' };
    try {
      const meta = await worker.load({ url });
      const names = new Set(meta.variables.map((v) => v.name));
      if (meta.grid && names.has(DRIFT_SPEED_VARIABLE) && names.has(DRIFT_DIRECTION_VARIABLE) && meta.leadHours.length > 0) {
        const leadHours = meta.leadHours.slice(0, 3);
        const slices = await Promise.all(
          leadHours.map((_, leadIndex) => worker.driftSlice(meta.key, leadIndex, DRIFT_SPEED_VARIABLE, DRIFT_DIRECTION_VARIABLE)),
        );
        const track = integrateTrajectory({ grid: meta.grid, leadHours, uv: slices.map((s) => s.data) }, start, leadHours[leadHours.length - 1]);
        result = { ...pending, status: 'ready', track, leadHours };
      }
    } catch (error) {
      warnFailure(`Drift path from ${url} not computed`, error);
    }
    if (this.key === pending.key) store.getState().trajectoryChanged(result);
  }
}
