/**
 * The forecast routes with `region`: files of region `arctic` beside the sector's, found by `?region=arctic`; the
 * sector's answers without `region` exactly as before (the same bytes as with `region=sector`, the same JSON keys).
 */
import { execFileSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { regionById, regionSummary } from '../../../../common/regions/index.ts';
import { buildDemoArchive } from '../../../src/cycle/demo-archive.ts';
import { buildDay, ensureAnalysis } from '../../../src/archive/pipeline.ts';
import { addDays } from '../../../../common/utc-day.ts';
import { Nc3Dataset } from '../../../../netcdf/nc3/reader.ts';
import { makeApp, signedIn } from '../../helpers.ts';
import { ncdump, tempNc } from '../../../../netcdf/test/ncdump.ts';
import { SMALL_GRID } from '../../grid/small-grid.ts';
import { SMALL_ARCTIC } from '../../regions/small-arctic.ts';

const TODAY = '2026-02-10';

/** Two sector days, and the newest one in region `arctic` (on a coarse arctic grid: the routes do not care). */
async function appWithRegions(): Promise<{ app: FastifyInstance; dataDir: string; cookie: string }> {
  const { app, dataDir } = await makeApp();
  await buildDemoArchive({ db: app.db, dataDir, grid: SMALL_GRID }, 2, TODAY);
  const arctic = { db: app.db, dataDir, region: SMALL_ARCTIC };
  await ensureAnalysis(arctic, addDays(TODAY, -1));
  await buildDay(arctic, TODAY);
  const { cookie } = await signedIn(app, 'user');
  return { app, dataDir, cookie };
}

const get = (app: FastifyInstance, url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });

/** netCDF4-python + pyproj on a served file: the CRS from its CF grid mapping and how far its 2-D cells lie from it. */
const PYTHON = `
import json, sys, netCDF4, numpy as np, pyproj
ds = netCDF4.Dataset(sys.argv[1])
v = ds[sys.argv[2]]
gm = ds[v.grid_mapping]
crs = pyproj.CRS.from_cf({k: gm.getncattr(k) for k in gm.ncattrs()})
xx, yy = np.meshgrid(ds['x'][:], ds['y'][:])
lon, lat = pyproj.Transformer.from_crs(crs, 'EPSG:4326', always_xy=True).transform(xx, yy)
apart = None
if 'latitude' in ds.variables:
    apart = float(np.max(pyproj.Geod(ellps='WGS84').inv(lon, lat, ds['longitude'][:].astype(float), ds['latitude'][:].astype(float))[2]))
print(json.dumps(dict(epsg=crs.to_epsg(), max_apart_m=apart, dims=list(v.dimensions), shape=list(v.shape),
  sea=int((~np.ma.getmaskarray(v[:])).sum()), coordinates=getattr(v, 'coordinates', None))))
`;
const pythonCells = (bytes: Buffer, variable: string) =>
  JSON.parse(execFileSync('/usr/bin/python3', ['-c', PYTHON, tempNc(bytes), variable], { encoding: 'utf8' })) as {
    epsg: number;
    max_apart_m: number | null;
    dims: string[];
    shape: number[];
    sea: number;
    coordinates: string | null;
  };

describe('forecast routes with region', () => {
  it('list and serve the arctic files by ?region=arctic, the sector\'s without it as before', async () => {
    const { app, cookie } = await appWithRegions();
    // Without region: the spec's reply, its one key, the sector's dates only.
    const info = await get(app, '/api/v1/forecast/info', cookie);
    expect(info.json()).toEqual({ available_dates: ['2026-02-09', TODAY] });
    expect(info.body).toBe('{"available_dates":["2026-02-09","2026-02-10"]}');
    expect((await get(app, '/api/v1/forecast/info?region=sector', cookie)).json()).toEqual({
      available_dates: ['2026-02-09', TODAY],
      region: regionSummary(regionById('sector')),
    });
    expect((await get(app, '/api/v1/forecast/info?region=arctic', cookie)).json()).toEqual({
      available_dates: [TODAY],
      region: regionSummary(regionById('arctic')),
    });
    expect((await get(app, '/api/v1/analysis/info?region=arctic', cookie)).json()).toMatchObject({ available_dates: ['2026-02-09', TODAY] });

    for (const route of ['forecast', 'assim_forecast', 'analysis']) {
      const plain = await get(app, `/api/v1/${route}/hist?date=${TODAY}`, cookie);
      const sector = await get(app, `/api/v1/${route}/hist?date=${TODAY}&region=sector`, cookie);
      const arctic = await get(app, `/api/v1/${route}/hist?date=${TODAY}&region=arctic`, cookie);
      expect([plain.statusCode, sector.statusCode, arctic.statusCode], route).toEqual([200, 200, 200]);
      expect(sector.rawPayload.equals(plain.rawPayload), route).toBe(true);
      expect(sector.headers.etag).toBe(plain.headers.etag);
      expect(arctic.headers.etag).not.toBe(plain.headers.etag);
      expect(String(arctic.headers['content-disposition'])).toContain(`_${TODAY}_arctic.nc`);
      expect(new Nc3Dataset(new Uint8Array(plain.rawPayload)).dimensions.map((d) => d.name)).toEqual(['time', 'latitude', 'longitude']);
      const header = ncdump(['-h', tempNc(arctic.rawPayload)]);
      expect(header).toContain('y = 112 ;');
      expect(header).toContain('x = 76 ;');
      expect(header).toContain(':region = "arctic" ;');
      expect(header).toContain('sea_ice_fraction_BREMEN:grid_mapping = "crs" ;');
      // netCDF4-python + pyproj place the cells where the file says, from its CF grid mapping alone.
      const cells = pythonCells(arctic.rawPayload, 'sea_ice_fraction_BREMEN');
      expect(cells.epsg).toBe(3413);
      expect(cells.max_apart_m).toBeLessThan(5);
      expect(cells.coordinates).toBe('latitude longitude');
      expect(cells.dims).toEqual(['time', 'y', 'x']);
      expect(cells.sea).toBeGreaterThan(1000);
    }
  });

  it('cut subsets of an arctic file with its grid mapping and x/y (the 2-D latitude/longitude stay in the whole file)', async () => {
    const { app, cookie } = await appWithRegions();
    const reply = await get(app, `/api/v1/forecast/hist?date=${TODAY}&region=arctic&variables=sea_ice_fraction_BREMEN&lead=48`, cookie);
    expect(reply.statusCode).toBe(200);
    const subset = new Nc3Dataset(new Uint8Array(reply.rawPayload));
    expect(subset.variables.map((v) => v.name).sort()).toEqual(['crs', 'sea_ice_fraction_BREMEN', 'time', 'x', 'y']);
    // netCDF4-python + pyproj place its cells from the CF grid mapping and x/y alone; the field names no coordinates it lacks.
    expect(pythonCells(reply.rawPayload, 'sea_ice_fraction_BREMEN')).toMatchObject({ epsg: 3413, dims: ['time', 'y', 'x'], shape: [1, 112, 76], coordinates: null });
    const preview = await get(app, `/api/v1/forecast/hist?date=${TODAY}&region=arctic&variables=sea_ice_fraction_BREMEN&lead=48&stride=2`, cookie);
    expect(pythonCells(preview.rawPayload, 'sea_ice_fraction_BREMEN')).toMatchObject({ epsg: 3413, shape: [1, 56, 38], coordinates: null });
    // Asked for by name, the 2-D latitude/longitude come thinned like the field.
    const named = await get(app, `/api/v1/forecast/hist?date=${TODAY}&region=arctic&variables=sea_ice_fraction_BREMEN,latitude,longitude&lead=48&stride=2`, cookie);
    const cells = pythonCells(named.rawPayload, 'sea_ice_fraction_BREMEN');
    expect(cells).toMatchObject({ epsg: 3413, shape: [1, 56, 38], coordinates: 'latitude longitude' });
    expect(cells.max_apart_m).toBeLessThan(5);
  });

  it('answer 404 for a region without a file for the date, 422 {detail} for an unknown region', async () => {
    const { app, cookie } = await appWithRegions();
    const missing = await get(app, '/api/v1/forecast/hist?date=2026-02-09&region=arctic', cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'No forecast for 2026-02-09 in region arctic' });
    expect((await get(app, '/api/v1/analysis/hist?date=2026-02-08&region=arctic', cookie)).json()).toEqual({ detail: 'No analysis for 2026-02-08 in region arctic' });
    // The sector's message is the one it always was.
    expect((await get(app, '/api/v1/forecast/hist?date=2026-01-01', cookie)).json()).toEqual({ detail: 'No forecast for 2026-01-01' });
    for (const url of ['/api/v1/forecast/info?region=antarctic', `/api/v1/forecast/hist?date=${TODAY}&region=antarctic`, '/api/v1/analysis/info?region=']) {
      const reply = await get(app, url, cookie);
      expect(reply.statusCode, url).toBe(422);
      expect(reply.json().detail, url).toMatch(/^Unknown region ".*": expected one of sector, arctic$/);
    }
  });

  it('answer a bbox with the smallest window of the grid covering it, across 180° too, with its own coordinates', async () => {
    const { app, cookie } = await appWithRegions();
    const full = new Nc3Dataset(new Uint8Array((await get(app, `/api/v1/forecast/hist?date=${TODAY}&region=arctic`, cookie)).rawPayload));
    // The East Siberian and Chukchi Seas, across 180°.
    const bbox = '165,66,-165,76';
    const reply = await get(app, `/api/v1/forecast/hist?date=${TODAY}&region=arctic&variables=sea_ice_fraction_BREMEN&lead=24&bbox=${bbox}`, cookie);
    expect(reply.statusCode).toBe(200);
    const bytes = reply.rawPayload;
    const window = new Nc3Dataset(new Uint8Array(bytes));
    const [row0, column0] = window.attributes.subset_window_start as number[];
    const [ny, nx] = [window.dimensions.find((d) => d.name === 'y')!.size, window.dimensions.find((d) => d.name === 'x')!.size];
    expect(nx * ny).toBeLessThan(76 * 112 / 4);
    // The window's cells are the full file's, at its place.
    const fullValues = full.readRaw('sea_ice_fraction_BREMEN', 0) as Int16Array;
    const values = window.readRaw('sea_ice_fraction_BREMEN', 0) as Int16Array;
    for (const [j, i] of [[0, 0], [ny - 1, nx - 1], [ny >> 1, nx >> 1]]) expect(values[j * nx + i]).toBe(fullValues[(row0 + j) * 76 + column0 + i]);
    expect(Array.from(window.read('x') as Float64Array)).toEqual(Array.from(full.read('x') as Float64Array).slice(column0, column0 + nx));
    // pyproj, from the subset's own grid mapping: the box's outline lies inside the window's cells, and no edge row
    // or column of the window could go (each reaches into the box's x/y extent).
    const script = `
import json, sys, netCDF4, numpy as np, pyproj
ds = netCDF4.Dataset(sys.argv[1])
gm = ds['crs']
crs = pyproj.CRS.from_cf({k: gm.getncattr(k) for k in gm.ncattrs()})
w, s, e, n = ${bbox}
lons = np.concatenate([np.linspace(w, e + 360, 400), np.full(100, w), np.full(100, e + 360)])
lats = np.concatenate([np.full(200, s), np.full(200, n), np.linspace(s, n, 100), np.linspace(s, n, 100)])
lons = np.concatenate([lons[:200], lons[:200], lons[400:]]); lats = np.concatenate([np.full(200, s), np.full(200, n), lats[400:]])
x, y = pyproj.Transformer.from_crs('EPSG:4326', crs, always_xy=True).transform(lons, lats)
gx, gy = ds['x'][:], ds['y'][:]
h = abs(gx[1] - gx[0]) / 2
print(json.dumps(dict(inside=bool(x.min() >= gx.min() - h and x.max() <= gx.max() + h and y.min() >= gy.min() - h and y.max() <= gy.max() + h),
  tight=bool(gx.min() + h > x.min() and gx.max() - h < x.max() and gy.min() + h > y.min() and gy.max() - h < y.max()))))
`;
    const placed = JSON.parse(execFileSync('/usr/bin/python3', ['-c', script, tempNc(bytes)], { encoding: 'utf8' }));
    expect(placed).toEqual({ inside: true, tight: true });
    // `coordinates=axes`: the same window and values without the 2-D latitude/longitude (the decode worker's ask).
    const axesReply = await get(app, `/api/v1/forecast/hist?date=${TODAY}&region=arctic&variables=sea_ice_fraction_BREMEN&lead=24&bbox=${bbox}&coordinates=axes`, cookie);
    const axes = new Nc3Dataset(new Uint8Array(axesReply.rawPayload));
    expect(axes.variables.map((v) => v.name).sort()).toEqual(['crs', 'sea_ice_fraction_BREMEN', 'time', 'x', 'y']);
    expect(Array.from(axes.readRaw('sea_ice_fraction_BREMEN', 0) as Int16Array)).toEqual(Array.from(values));
    expect(axes.variable('sea_ice_fraction_BREMEN').attributes.coordinates).toBeUndefined();
    expect(axesReply.rawPayload.length).toBeLessThan(bytes.length);
    expect((await get(app, `/api/v1/forecast/hist?date=${TODAY}&region=arctic&variables=sea_ice_fraction_BREMEN&lead=24&coordinates=axes`, cookie)).statusCode).toBe(422);

    // The sector: rows and columns of its 1-D latitude/longitude (cells overlapping 62–66°E, 76–78°N).
    const sector = new Nc3Dataset(new Uint8Array((await get(app, `/api/v1/forecast/hist?date=${TODAY}&variables=sithick_GLORYS&lead=24&bbox=62,76,66,78`, cookie)).rawPayload));
    const lat = Array.from(sector.read('latitude') as Float64Array);
    const lon = Array.from(sector.read('longitude') as Float64Array);
    expect([lat[0], lat.at(-1), lon[0], lon.at(-1)]).toEqual([76, 78, 62, 66]);
    expect((await get(app, `/api/v1/forecast/hist?date=${TODAY}&bbox=-100,10,-90,20`, cookie)).json()).toEqual({
      detail: "the box -100,10,-90,20 lies outside this file's grid",
    });
  });
});
