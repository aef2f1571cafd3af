import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DownloadProgress, FirstSlice, ForecastFileMeta, ForecastWorkerApi, ScalarSlice } from '../../../workers/forecast.api.ts';
import { ru } from '../../i18n/ru.ts';
import { ForecastLoader } from './forecast-loader.ts';
import { createForecastMapStore } from './store/forecast-map-store.ts';

const grid = { lon0: 50, dlon: 1, nlon: 2, lat0: 80, dlat: 1, nlat: 2 };
function meta(key: string, variables: string[]): ForecastFileMeta {
  return {
    key,
    format: 'classic',
    byteLength: 100,
    dimensions: [],
    variables: variables.map((name) => ({ name, dimensions: [], shape: [], type: 'float', attributes: {} })),
    attributes: {},
    leadTimes: [24, 48, 72],
    grid,
  };
}

/** An in-process stand-in for the worker that records what the page asked for. */
function fakeWorker(files: Record<string, ForecastFileMeta | Error>) {
  const calls: string[] = [];
  const firsts: Array<FirstSlice | undefined> = [];
  const worker: Pick<ForecastWorkerApi, 'open' | 'abort' | 'scalarSlice' | 'driftSlice'> = {
    async open(source, _requestId, onProgress?: (p: DownloadProgress) => void) {
      const url = 'url' in source ? source.url : source.key;
      calls.push(`open ${url}`);
      if ('url' in source) firsts.push(source.first);
      onProgress?.({ loaded: 50, total: 100 });
      const file = files[url];
      if (file instanceof Error) throw { name: file.name, message: file.message };
      return file;
    },
    abort: (requestId) => void calls.push(`abort ${requestId}`),
    async scalarSlice(key, variable, lead): Promise<ScalarSlice> {
      calls.push(`slice ${key} ${variable} ${lead}`);
      const base = lead + (variable === 'sithick_GLORYS' ? 0 : 10);
      return { data: Float32Array.of(base, base + 1, Number.NaN, base + 2), width: 2, height: 2, min: base, max: base + 2 };
    },
    async driftSlice(key, lead) {
      calls.push(`drift ${key} ${lead}`);
      return { data: new Float32Array(8).fill(0.1), width: 2, height: 2, maxSpeed: 0.14 };
    },
  };
  return { worker, calls, firsts };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const fileUrl = (date: string, assimilated: boolean) => `${assimilated ? 'assim' : 'free'}/${date}`;

afterEach(() => vi.restoreAllMocks());

describe('forecast loader', () => {
  it('opens the latest date, draws the default slice, and switches lead and variable without a new download', async () => {
    const all = ['sithick_GLORYS', 'sea_ice_fraction_BREMEN', 'usi_vsi_GLORYS_speed', 'usi_vsi_GLORYS_direct'];
    const { worker, calls } = fakeWorker({ 'free/2026-11-21': meta('free/2026-11-21', all) });
    const store = createForecastMapStore();
    const stop = new ForecastLoader({ store, worker, fileUrl, listDates: async () => ['2026-11-20', '2026-11-21'] }).start();
    await settle();
    await settle();
    expect(store.getState()).toMatchObject({ date: '2026-11-21', fileStatus: 'ready', range: [0, 2], progress: { loaded: 50, total: 100 } });
    store.getState().setLead(2);
    await settle();
    expect(store.getState().range).toEqual([2, 4]);
    store.getState().setVariable('sea_ice_fraction_BREMEN');
    await settle();
    expect(store.getState().range).toEqual([12, 14]);
    store.getState().setVariable('usi_vsi');
    await settle();
    expect(store.getState()).toMatchObject({ range: [0, 0.14], field: { kind: 'drift' } });
    store.getState().setVariable('sithick_GLORYS');
    await settle();
    expect(calls.filter((call) => call.startsWith('open'))).toEqual(['open free/2026-11-21']);
    // Back to a slice seen before: from the page's cache, not the worker.
    expect(calls.filter((call) => call === 'slice free/2026-11-21 sithick_GLORYS 2')).toHaveLength(1);
    stop();
  });

  it('opens the other run when the checkbox changes', async () => {
    const { worker, calls } = fakeWorker({
      'free/2026-11-21': meta('free/2026-11-21', ['sithick_GLORYS']),
      'assim/2026-11-21': meta('assim/2026-11-21', ['sithick_GLORYS']),
    });
    const store = createForecastMapStore();
    const stop = new ForecastLoader({ store, worker, fileUrl, listDates: async () => ['2026-11-21'] }).start();
    await settle();
    store.getState().setAssimilated(true);
    await settle();
    expect(calls.filter((call) => call.startsWith('open'))).toEqual(['open free/2026-11-21', 'open assim/2026-11-21']);
    expect(store.getState().field?.fileKey).toBe('assim/2026-11-21');
    stop();
  });

  it('draws nothing and resets the range to 0–1 when the variable is not in the file', async () => {
    const { worker } = fakeWorker({ 'free/2026-11-21': meta('free/2026-11-21', ['sithick_GLORYS']) });
    const store = createForecastMapStore();
    store.getState().applySelection({ variable: 'sea_ice_fraction_BREMEN' });
    const stop = new ForecastLoader({ store, worker, fileUrl, listDates: async () => ['2026-11-21'] }).start();
    await settle();
    await settle();
    expect(store.getState()).toMatchObject({ fileStatus: 'ready', field: null, fieldMissing: true, range: [0, 1] });
    stop();
  });

  it('stops drawing, logs the reason and shows a message for an unreadable file', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bad = Object.assign(new Error('not a NetCDF file: it starts with bytes 3c 68 74 6d'), { name: 'NetcdfFormatError' });
    const { worker } = fakeWorker({ 'free/2026-11-21': bad });
    const store = createForecastMapStore();
    const stop = new ForecastLoader({ store, worker, fileUrl, listDates: async () => ['2026-11-21'] }).start();
    await settle();
    await settle();
    expect(store.getState()).toMatchObject({ fileStatus: 'error', fileError: ru.forecastMap.fileUnreadable, field: null });
    expect(String(logged.mock.calls[0]?.[0])).toContain('not a NetCDF file');
    stop();
  });

  it('reports a failed date list and an empty one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { worker, calls } = fakeWorker({});
    const failing = createForecastMapStore();
    new ForecastLoader({ store: failing, worker, fileUrl, listDates: () => Promise.reject(new Error('Network Error')) }).start();
    await settle();
    expect(failing.getState()).toMatchObject({ datesStatus: 'error', datesError: ru.forecastMap.datesFailed });
    const empty = createForecastMapStore();
    new ForecastLoader({ store: empty, worker, fileUrl, listDates: async () => [] }).start();
    await settle();
    expect(empty.getState()).toMatchObject({ datesStatus: 'ready', dates: [], date: null, fileStatus: 'idle' });
    expect(calls).toEqual([]);
  });

  it('asks the worker for the shown slice first (issue 13), or for the whole file when told to', async () => {
    const all = ['sithick_GLORYS', 'sea_ice_fraction_BREMEN', 'usi_vsi_GLORYS_speed', 'usi_vsi_GLORYS_direct'];
    const files = { 'free/2026-11-21': meta('free/2026-11-21', all), 'assim/2026-11-21': meta('assim/2026-11-21', all) };
    const { worker, firsts } = fakeWorker(files);
    const store = createForecastMapStore();
    store.getState().setVariable('usi_vsi');
    store.getState().setLead(2);
    const stop = new ForecastLoader({ store, worker, fileUrl, listDates: async () => ['2026-11-21'] }).start();
    await settle();
    await settle();
    expect(firsts).toEqual([{ variables: ['usi_vsi_GLORYS_speed', 'usi_vsi_GLORYS_direct'], leadHours: 72 }]);
    store.getState().setVariable('sea_ice_fraction_BREMEN');
    store.getState().setLead(0);
    store.getState().setAssimilated(true);
    await settle();
    expect(firsts[1]).toEqual({ variables: ['sea_ice_fraction_BREMEN'], leadHours: 24 });
    stop();

    const whole = fakeWorker(files);
    const stopWhole = new ForecastLoader({ store: createForecastMapStore(), worker: whole.worker, fileUrl, listDates: async () => ['2026-11-21'], sliceFirst: false }).start();
    await settle();
    expect(whole.firsts).toEqual([undefined]);
    stopWhole();
  });
});
