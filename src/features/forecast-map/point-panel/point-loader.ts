/**
 * Fills the store's point series when a point is open: for the date and variable shown, opens the free run, the
 * assimilated run (all three leads each) and the analysis valid at each lead's time where the server has one
 * (GET /analysis/info), and asks the worker for the values of the cell under the point (`cellSeries`: numbers
 * only cross). Files the worker already holds cost no download; a missing file reads 'Нет данных'.
 */
import type { ForecastClient } from '../../../../workers/forecast-client.ts';
import type { ForecastFileMeta } from '../../../../workers/forecast.api.ts';
import { DRIFT_DIRECTION_VARIABLE, DRIFT_SPEED_VARIABLE } from '../forecast-variables.ts';
import { LEAD_HOURS } from '../forecast-variables.ts';
import type { ForecastMapStore } from '../store/forecast-map-store.ts';
import { fieldCellAt, fieldPointAt, gridShape } from '../../../../common/field-grid.ts';
import { validDate, type FileUrls } from '../map-tools/companion-files.ts';
import { ToolLoader, warnFailure, warnUnlessMissing } from '../map-tools/tool-loader.ts';
import type { EdgeRun } from '../ice-edge/edge-slice.ts';
import { driftValue, scalarValue, type PointSeries, type PointValue } from './point-series.ts';
import type { RegionId } from '../../../../common/regions/types.ts';

export interface PointLoaderOptions {
  store: ForecastMapStore;
  worker: Pick<ForecastClient, 'load' | 'cellSeries'>;
  urls: FileUrls;
}

const NO_VALUES: PointValue[] = [null, null, null];

export class PointLoader extends ToolLoader<PointLoaderOptions> {
  private key: string | null = null;

  protected sync(): void {
    const state = this.options.store.getState();
    const { point, date, variable, analysisDates, region } = state;
    if (!point || date === null) {
      this.key = null;
      if (state.pointSeries) state.pointSeriesChanged(null);
      return;
    }
    const key = `${region}|${date}|${variable}|${point.lat}|${point.lon}|${analysisDates === null ? '-' : analysisDates.join(',')}`;
    if (key === this.key) return;
    this.key = key;
    const series: PointSeries = {
      key,
      status: 'loading',
      variable,
      cell: null,
      values: { free: NO_VALUES, assimilated: NO_VALUES, analysis: NO_VALUES },
    };
    state.pointSeriesChanged(series);
    void this.load(series, { date, region }, point.lon, point.lat, analysisDates ?? []);
  }

  private async load(series: PointSeries, { date, region }: { date: string; region: RegionId }, lon: number, lat: number, analysisDates: string[]): Promise<void> {
    const { urls } = this.options;
    const names = series.variable === 'usi_vsi' ? [DRIFT_SPEED_VARIABLE, DRIFT_DIRECTION_VARIABLE] : [series.variable];
    const result: PointSeries = { ...series, status: 'ready', values: { ...series.values } };
    const runs: Promise<void>[] = (['free', 'assimilated'] as EdgeRun[]).map(async (run) => {
      const read = await this.read(urls.forecast(date, run === 'assimilated', region), names, lon, lat);
      if (read.cell) result.cell = read.cell;
      result.values[run] = [0, 1, 2].map((leadIndex) => this.value(read.values, leadIndex));
    });
    runs.push(
      (async () => {
        const values = await Promise.all(
          LEAD_HOURS.map(async (hours) => {
            const day = validDate(date, hours);
            if (!analysisDates.includes(day)) return null;
            const read = await this.read(urls.analysis(day, region), names, lon, lat);
            return this.value(read.values, 0);
          }),
        );
        result.values.analysis = values;
      })(),
    );
    await Promise.all(runs);
    if (this.key !== series.key) return;
    this.options.store.getState().pointSeriesChanged(result);
  }

  private value(values: number[][] | null, leadIndex: number): PointValue {
    if (!values) return null;
    if (values.length === 2) return driftValue(values[0][leadIndex], values[1][leadIndex]);
    return scalarValue(values[0][leadIndex]);
  }

  /** The variables' values at the cell under (lon, lat) in one file; null values when it has no such file or cell. */
  private async read(
    url: string,
    names: string[],
    lon: number,
    lat: number,
  ): Promise<{ values: number[][] | null; cell: PointSeries['cell'] }> {
    const { worker } = this.options;
    let meta: ForecastFileMeta;
    try {
      meta = await worker.load({ url });
    } catch (error) {
      warnUnlessMissing(`Point values of ${url} not read`, error);
      return { values: null, cell: null };
    }
    const grid = meta.grid;
    if (!grid || !names.every((name) => meta.variables.some((v) => v.name === name))) return { values: null, cell: null };
    const index = fieldCellAt(grid, lon, lat);
    if (index < 0) return { values: null, cell: null };
    const { width } = gridShape(grid);
    const [cellLon, cellLat] = fieldPointAt(grid, index % width, Math.floor(index / width));
    const cell = { lon: cellLon, lat: cellLat };
    try {
      return { values: await worker.cellSeries(meta.key, names, index), cell };
    } catch (error) {
      warnFailure(`Point values of ${url} not read`, error);
      return { values: null, cell };
    }
  }
}
