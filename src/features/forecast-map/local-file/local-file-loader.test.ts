/**
 * Opening files from disk through the loader and the real decode service (in-process): what the sidebar and
 * the map get — the variable list, the drawn field, or the Russian reason.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDir } from '../../../../netcdf/test/fixture-paths.ts';
import { createForecastClient } from '../../../../workers/forecast-client.ts';
import { ForecastService } from '../../../../workers/forecast-service.ts';
import { createForecastMapStore } from '../store/forecast-map-store.ts';
import { buildForecastLayers } from '../forecast-layers.ts';
import { LocalFileLoader } from './local-file-loader.ts';
import { localReadout } from './local-readout.ts';
import { localVariables } from './local-variables.ts';
import { LOCAL_LAYER_ID } from './local-file-layers.ts';

// Joined at run time (not new URL(…, import.meta.url), which Vite would try to bundle as an asset).
const FIXTURES = fixturesDir;

function diskFile(path: string, name = path.split('/').pop()!) {
  const bytes = readFileSync(join(FIXTURES, path));
  return { name, size: bytes.length, lastModified: 1, arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer };
}

function setup() {
  const store = createForecastMapStore();
  const loader = new LocalFileLoader({ store, worker: createForecastClient({ api: new ForecastService() }) });
  return { store, loader };
}

describe('a file from disk', () => {
  it('nansat arctic.nc (NetCDF-3, polar stereographic): its three concentration fields listed, the first drawn', async () => {
    const { store, loader } = setup();
    await loader.open(diskFile('arctic/arctic.nc'));
    const state = store.getState();
    expect(state.localStatus).toBe('ready');
    expect(state.localVariables.map((v) => v.name)).toEqual(['UMass_AES', 'Bootstrap', 'Bristol']);
    expect(state.localField).toMatchObject({ quantity: 'concentration', units: '1' });
    const layers = buildForecastLayers(state);
    expect(layers.map((l) => (l as { id: string }).id)).toEqual([LOCAL_LAYER_ID]);
    // 1 November 1978: the central Arctic is ice-covered, Scandinavia is land.
    expect(localReadout(state.localField!, '', 0, 88)).toMatch(/^Доля льда: (0\.9\d\d|1\.000)$/);
    expect(localReadout(state.localField!, '', 20, 64)).toBe('Доля льда: Нет данных');
    await loader.choose('Bristol', 0);
    expect(store.getState()).toMatchObject({ localVariable: 'Bristol', localStatus: 'ready' });
    loader.close();
    expect(store.getState()).toMatchObject({ localStatus: 'idle', localField: null });
    expect(buildForecastLayers(store.getState())).toEqual([]);
  });

  it('a CMIP6 365_day file (CanESM5): its months named by their real dates, the chosen one drawn', async () => {
    const { store, loader } = setup();
    await loader.open(diskFile('arctic-more/sic_SImon_CCCma-CanESM5_ssp245_r13i1p2f1_2020.nc'));
    const siconc = store.getState().localVariables.find((v) => v.name === 'siconc')!;
    // Read as Gregorian these would start at 2019-12-06; cftime gives the middle of each 365_day month of 2020.
    expect(siconc.stepLabels).toEqual([
      '2020-01-16 12:00', '2020-02-15 00:00', '2020-03-16 12:00', '2020-04-16 00:00', '2020-05-16 12:00', '2020-06-16 00:00',
      '2020-07-16 12:00', '2020-08-16 12:00', '2020-09-16 00:00', '2020-10-16 12:00', '2020-11-16 00:00', '2020-12-16 12:00',
    ]);
    await loader.choose('siconc', 8);
    expect(store.getState()).toMatchObject({ localVariable: 'siconc', localTime: 8, localStatus: 'ready' });
  });

  it("'Район' switched while a file is open: the file is regridded onto the whole Arctic's grid, and back", { timeout: 60_000 }, async () => {
    const { store, loader } = setup();
    await loader.open(diskFile('arctic-more/seaice_conc_daily_nh_20211231_f17_v04r00.nc'));
    expect(store.getState().localField).toMatchObject({ region: 'sector', grid: { nlon: expect.any(Number) } });
    expect(store.getState().localShown).toMatch(/^sector\|/);
    store.getState().setRegion('arctic');
    await expect.poll(() => store.getState().localShown, { timeout: 30_000 }).toMatch(/^arctic\|local:seaice_conc_daily_nh_20211231_f17_v04r00\.nc:.*\|cdr_seaice_conc\|0$/);
    const field = store.getState().localField!;
    expect(field).toMatchObject({ region: 'arctic', width: 1216, height: 1792, grid: { kind: 'projected', nx: 1216, ny: 1792 } });
    // 31 December 2021: the pole is ice-covered, the Norwegian Sea open, Siberia land.
    expect(localReadout(field, '', 0, 88)).toBe('Доля льда: 1.000');
    expect(localReadout(field, '', 5, 72)).toBe('Доля льда: 0.000');
    expect(localReadout(field, '', 100, 66)).toBe('Доля льда: Нет данных');
    const [layer] = buildForecastLayers(store.getState()) as unknown as { id: string; props: { grid: unknown } }[];
    expect(layer).toMatchObject({ id: LOCAL_LAYER_ID, props: { grid: field.grid } });
    // A variable chosen now is drawn in the region too.
    await loader.choose('nsidc_bt_seaice_conc', 0);
    expect(store.getState()).toMatchObject({ localStatus: 'ready', localField: { region: 'arctic' } });
    store.getState().setRegion('sector');
    await expect.poll(() => store.getState().localShown, { timeout: 30_000 }).toMatch(/^sector\|.*\|nsidc_bt_seaice_conc\|0$/);
    expect(store.getState().localField).toMatchObject({ region: 'sector', grid: { lon0: -180 } });
    loader.attach(null);
  });

  it('a file whose grid cannot be placed: the Russian reason, nothing drawn', async () => {
    const { store, loader } = setup();
    await loader.open(diskFile('arctic-more/sit_monthly_mean23.nc'));
    expect(store.getState()).toMatchObject({ localStatus: 'error', localField: null });
    expect(store.getState().localError).toMatch(/^Проекция сетки не поддерживается: переменная проекции «crs»/);
  });

  it('a file that is not NetCDF, and one with no map field (drifter trajectories)', async () => {
    const { store, loader } = setup();
    await loader.open({ name: 'notes.txt', size: 5, lastModified: 1, arrayBuffer: async () => new TextEncoder().encode('hello').buffer as ArrayBuffer });
    expect(store.getState().localError).toBe('Это не файл NetCDF-3 или NetCDF-4: его нельзя открыть.');
    await loader.open(diskFile('arctic/data_drift_2018_March_Greenland.nc'));
    expect(store.getState()).toMatchObject({ localStatus: 'error', localField: null });
    expect(store.getState().localError).toBe('В файле нет двумерных числовых полей, которые можно показать на карте.');
  });

  it('lists 2-D/3-D numeric fields, not coordinates, ice variables first', () => {
    const v = (name: string, dims: string[], attributes: Record<string, string> = {}, type = 'float') => ({ name, dimensions: dims, shape: dims.map(() => 4), type, attributes });
    const list = localVariables({
      variables: [
        v('lat', ['y', 'x'], { standard_name: 'latitude' }),
        v('lon', ['y', 'x']),
        v('sst', ['time', 'y', 'x'], { long_name: 'Sea surface temperature' }),
        v('aice', ['time', 'y', 'x'], { standard_name: 'sea_ice_area_fraction', coordinates: 'lon lat' }),
        v('x', ['x']),
        v('name', ['y', 'x'], {}, 'char'),
      ],
    });
    expect(list.map((x) => [x.name, x.label, x.steps, x.ice])).toEqual([
      ['aice', 'aice', 4, true],
      ['sst', 'Sea surface temperature', 4, false],
    ]);
  });
});
