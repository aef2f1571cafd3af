/**
 * The loader against the real decode service: ForecastService runs in process behind the same client the page
 * uses (createForecastClient({api})), on small NetCDF-3 files served by a fetch that stands in for the API
 * server. Only the network is replaced.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createForecastClient } from '../../../workers/forecast-client.ts';
import { ForecastService } from '../../../workers/forecast-service.ts';
import { smallForecast, writeNc3 } from '../../../netcdf/test/write-nc3.ts';
import { ru } from '../../i18n/ru.ts';
import { ForecastLoader } from './forecast-loader.ts';
import { createForecastMapStore } from './store/forecast-map-store.ts';

/** The decode service over a fetch that serves `files` by URL (a string body: not NetCDF), 404 otherwise. */
function realWorker(files: Record<string, Uint8Array | string>) {
  const downloads: string[] = [];
  const requests: Array<{ url: string; range: string | null }> = [];
  const fetchFile = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const range = new Headers(init?.headers).get('range');
    requests.push({ url, range });
    // The file's own URL (header range or whole); subsets are the slice-first path's, counted in `requests`.
    if (!url.includes('variables=')) downloads.push(url);
    const body = files[url];
    if (body === undefined) return new Response('{"detail":"Forecast not found"}', { status: 404 });
    return new Response(typeof body === 'string' ? body : body.slice(), { headers: { 'content-length': String(body.length) } });
  }) as typeof fetch;
  const service = new ForecastService({ fetch: fetchFile });
  return { worker: createForecastClient({ api: service }), service, downloads, requests };
}

/** Let the service download, decode and answer (several promise turns and a macrotask or two). */
async function settle(): Promise<void> {
  for (let k = 0; k < 5; k++) await new Promise((resolve) => setTimeout(resolve, 0));
}

const fileUrl = (date: string, assimilated: boolean) => `http://test/${assimilated ? 'assim' : 'free'}/${date}.nc`;

afterEach(() => vi.restoreAllMocks());

/** A file with thickness only (time 3 × 2 × 2). */
function thicknessOnly(): Uint8Array {
  return writeNc3({ time: 3, latitude: 2, longitude: 2 }, [
    { name: 'time', type: 'double', dimensions: ['time'], data: [24, 48, 72], attributes: { units: 'hours since 2026-11-21 00:00:00' } },
    { name: 'latitude', type: 'double', dimensions: ['latitude'], data: [80, 81], attributes: { units: 'degrees_north' } },
    { name: 'longitude', type: 'double', dimensions: ['longitude'], data: [50, 51], attributes: { units: 'degrees_east' } },
    { name: 'sithick_GLORYS', type: 'float', dimensions: ['time', 'latitude', 'longitude'], data: new Float32Array(12).fill(1.5), attributes: { units: 'm' } },
  ]);
}

describe('forecast loader', () => {
  it('opens the latest date, draws the default slice, and switches lead and variable without a new download', async () => {
    const bytes = smallForecast();
    const { worker, service, downloads } = realWorker({ [fileUrl('2026-11-21', false)]: bytes });
    const slices = vi.spyOn(service, 'scalarSlice');
    const store = createForecastMapStore();
    const stop = new ForecastLoader({ store, worker, fileUrl, listDates: async () => ['2026-11-20', '2026-11-21'] }).start();
    await settle();
    // smallForecast: value = field·1000 + lead·100 + row·10 + column, column 0 NaN.
    expect(store.getState()).toMatchObject({
      date: '2026-11-21',
      fileStatus: 'ready',
      range: [1001, 1034],
      // Slice first (issue 13): the header and the subset come in parallel, so only the bytes are known, not a total.
      progress: { loaded: bytes.length, total: null },
    });
    store.getState().setLeadIndex(2);
    await settle();
    expect(store.getState().range).toEqual([1201, 1234]);
    store.getState().setVariable('sea_ice_fraction_BREMEN');
    await settle();
    expect(store.getState().range).toEqual([2201, 2234]);
    store.getState().setVariable('usi_vsi');
    await settle();
    expect(store.getState()).toMatchObject({ range: [0, 0.5], field: { kind: 'drift' } });
    store.getState().setVariable('sithick_GLORYS');
    await settle();
    expect(downloads).toEqual([fileUrl('2026-11-21', false)]);
    // Back to a slice seen before: from the page's cache, not the worker.
    expect(slices.mock.calls.filter(([, variable, leadIndex]) => variable === 'sithick_GLORYS' && leadIndex === 2)).toHaveLength(1);
    stop();
  });

  it('opens the other run when the checkbox changes', async () => {
    const { worker, downloads } = realWorker({ [fileUrl('2026-11-21', false)]: smallForecast(), [fileUrl('2026-11-21', true)]: smallForecast() });
    const store = createForecastMapStore();
    const stop = new ForecastLoader({ store, worker, fileUrl, listDates: async () => ['2026-11-21'] }).start();
    await settle();
    store.getState().setAssimilated(true);
    await settle();
    expect(downloads).toEqual([fileUrl('2026-11-21', false), fileUrl('2026-11-21', true)]);
    expect(store.getState().field?.fileKey).toBe(fileUrl('2026-11-21', true));
    stop();
  });

  it('draws nothing and resets the range to 0–1 when the variable is not in the file', async () => {
    const { worker } = realWorker({ [fileUrl('2026-11-21', false)]: thicknessOnly() });
    const store = createForecastMapStore();
    store.getState().applySelection({ variable: 'sea_ice_fraction_BREMEN' });
    const stop = new ForecastLoader({ store, worker, fileUrl, listDates: async () => ['2026-11-21'] }).start();
    await settle();
    expect(store.getState()).toMatchObject({ fileStatus: 'ready', field: null, fieldMissing: true, range: [0, 1] });
    stop();
  });

  it('stops drawing, logs the reason and shows a message for an unreadable file', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { worker } = realWorker({ [fileUrl('2026-11-21', false)]: '<html>not a forecast</html>' });
    const store = createForecastMapStore();
    const stop = new ForecastLoader({ store, worker, fileUrl, listDates: async () => ['2026-11-21'] }).start();
    await settle();
    expect(store.getState()).toMatchObject({ fileStatus: 'error', fileError: ru.forecastMap.fileUnreadable, field: null });
    expect(String(logged.mock.calls[0]?.[0])).toContain('NetcdfFormatError');
    stop();
  });

  it('tells a missing file (HTTP 404) from a failed download by the status the worker reports', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const missing = realWorker({});
    const store = createForecastMapStore();
    const stop = new ForecastLoader({ store, worker: missing.worker, fileUrl, listDates: async () => ['2026-11-21'] }).start();
    await settle();
    expect(store.getState()).toMatchObject({ fileStatus: 'error', fileError: ru.forecastMap.fileNotFound });
    stop();

    const offline = new ForecastService({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    const other = createForecastMapStore();
    const stopOther = new ForecastLoader({
      store: other,
      worker: createForecastClient({ api: offline }),
      fileUrl,
      listDates: async () => ['2026-11-21'],
    }).start();
    await settle();
    expect(other.getState()).toMatchObject({ fileStatus: 'error', fileError: ru.forecastMap.fileFailed });
    stopOther();
  });

  it('reports a failed date list and an empty one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { worker, downloads } = realWorker({});
    const failing = createForecastMapStore();
    new ForecastLoader({ store: failing, worker, fileUrl, listDates: () => Promise.reject(new Error('Network Error')) }).start();
    await settle();
    expect(failing.getState()).toMatchObject({ datesStatus: 'error', datesError: ru.forecastMap.datesFailed });
    const empty = createForecastMapStore();
    new ForecastLoader({ store: empty, worker, fileUrl, listDates: async () => [] }).start();
    await settle();
    expect(empty.getState()).toMatchObject({ datesStatus: 'ready', dates: [], date: null, fileStatus: 'idle' });
    expect(downloads).toEqual([]);
  });

  it("lists each region's dates, keeps the date where the new region has it, and never asks a region for a date it lacks", async () => {
    const regionUrl = (date: string, _assimilated: boolean, _analysis: boolean, region: string) => `http://test/${region}/${date}.nc`;
    const dates: Record<string, string[]> = { sector: ['2026-11-20', '2026-11-21'], arctic: ['2026-11-20'] };
    const files = Object.fromEntries(
      ['sector/2026-11-20', 'sector/2026-11-21', 'arctic/2026-11-20'].map((name) => [`http://test/${name}.nc`, smallForecast()]),
    );
    const { worker, downloads } = realWorker(files);
    const listed: string[] = [];
    const listDates = async (region: string) => {
      listed.push(region);
      return dates[region];
    };
    const store = createForecastMapStore();
    const statuses = new Set<string>();
    store.subscribe((state) => statuses.add(state.fileStatus));
    const stop = new ForecastLoader({ store, worker, fileUrl: regionUrl, listDates }).start();
    await settle();
    expect(store.getState()).toMatchObject({ date: '2026-11-21', datesRegion: 'sector', fileStatus: 'ready' });
    // The whole Arctic has no file for 21 November: its dates come first, then its latest date's file.
    store.getState().setRegion('arctic');
    await settle();
    expect(store.getState()).toMatchObject({ region: 'arctic', dates: ['2026-11-20'], date: '2026-11-20', fileStatus: 'ready' });
    expect(store.getState().field?.fileKey).toBe('http://test/arctic/2026-11-20.nc');
    // Back to the sector: 20 November is there too, so it stays.
    store.getState().setRegion('sector');
    await settle();
    expect(store.getState()).toMatchObject({ region: 'sector', date: '2026-11-20', fileStatus: 'ready' });
    expect(listed).toEqual(['sector', 'arctic', 'sector']);
    expect(downloads).toEqual(['http://test/sector/2026-11-21.nc', 'http://test/arctic/2026-11-20.nc', 'http://test/sector/2026-11-20.nc']);
    // No 'no file' flash on the way.
    expect(statuses.has('error')).toBe(false);
    stop();
  });

  it("drops a region's late date list once the user has switched again", async () => {
    const { worker } = realWorker({});
    let answerArctic: (dates: string[]) => void = () => undefined;
    const listDates = (region: string) =>
      region === 'arctic' ? new Promise<string[]>((resolve) => (answerArctic = resolve)) : Promise.resolve(['2026-11-21']);
    const store = createForecastMapStore();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stop = new ForecastLoader({ store, worker, fileUrl, listDates }).start();
    await settle();
    store.getState().setRegion('arctic');
    store.getState().setRegion('sector');
    await settle();
    answerArctic(['2026-01-01']);
    await settle();
    expect(store.getState()).toMatchObject({ region: 'sector', dates: ['2026-11-21'], datesRegion: 'sector', date: '2026-11-21' });
    stop();
  });

  it("opens the date's analysis by its own time step (0 h), not the forecast lead shown before", async () => {
    const analysisUrl = 'http://test/analysis/2026-11-21.nc';
    const analysisFile = writeNc3({ time: 1, latitude: 2, longitude: 2 }, [
      { name: 'time', type: 'double', dimensions: ['time'], data: [0], attributes: { units: 'hours since 2026-11-21 00:00:00' } },
      { name: 'latitude', type: 'double', dimensions: ['latitude'], data: [80, 81], attributes: { units: 'degrees_north' } },
      { name: 'longitude', type: 'double', dimensions: ['longitude'], data: [50, 51], attributes: { units: 'degrees_east' } },
      { name: 'sithick_GLORYS', type: 'float', dimensions: ['time', 'latitude', 'longitude'], data: new Float32Array(4).fill(0.5), attributes: { units: 'm' } },
    ]);
    const { worker, requests } = realWorker({ [fileUrl('2026-11-21', false)]: smallForecast(), [analysisUrl]: analysisFile });
    const store = createForecastMapStore();
    store.getState().setLeadIndex(2);
    store.getState().analysisDatesLoaded(['2026-11-21']);
    const urlOf = (date: string, assimilated: boolean, analysis: boolean) => (analysis ? analysisUrl : fileUrl(date, assimilated));
    const stop = new ForecastLoader({ store, worker, fileUrl: urlOf, listDates: async () => ['2026-11-21'] }).start();
    await settle();
    store.getState().setAnalysis(true);
    await settle();
    const subsets = requests.filter((r) => r.url.startsWith(analysisUrl) && r.url.includes('variables='));
    expect(subsets.map((r) => new URL(r.url).searchParams.get('lead'))).toEqual(['0']);
    expect(store.getState()).toMatchObject({ fileStatus: 'ready', field: { fileKey: analysisUrl, leadIndex: 0 }, range: [0.5, 0.5] });
    stop();
  });

  it('asks for the shown slice first (issue 13): the header range and that subset, or the whole file when told to', async () => {
    const url = fileUrl('2026-11-21', false);
    const { worker, requests } = realWorker({ [url]: smallForecast() });
    const store = createForecastMapStore();
    store.getState().setVariable('usi_vsi');
    store.getState().setLeadIndex(2);
    const stop = new ForecastLoader({ store, worker, fileUrl, listDates: async () => ['2026-11-21'] }).start();
    await settle();
    expect(requests[0]).toEqual({ url, range: expect.stringMatching(/^bytes=0-\d+$/) });
    const subset = new URL(requests[1].url);
    expect(subset.searchParams.get('variables')).toBe('usi_vsi_GLORYS_speed,usi_vsi_GLORYS_direct');
    expect(subset.searchParams.get('lead')).toBe('72');
    // This fetch ignores ranges (a server without them): the whole answer is taken and the field drawn.
    expect(store.getState()).toMatchObject({ fileStatus: 'ready', field: { variable: 'usi_vsi', leadIndex: 2 } });
    stop();

    const whole = realWorker({ [url]: smallForecast() });
    const stopWhole = new ForecastLoader({ store: createForecastMapStore(), worker: whole.worker, fileUrl, listDates: async () => ['2026-11-21'], sliceFirst: false }).start();
    await settle();
    expect(whole.requests).toEqual([{ url, range: null }]);
    stopWhole();
  });
});
