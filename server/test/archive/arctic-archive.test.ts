/**
 * The demo archive in region `arctic` on its real grid (EPSG:3413, 6.25 km, 1216 × 1792), as `npm start` builds it
 * with DEMO_ARCTIC_DAYS: files beside the sector's, indexed with their region, whose cells netCDF4-python and pyproj
 * place from the CF grid mapping, with land, sea ice and open water where the Arctic has them in February; scored in
 * the region from the first day.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { availableDates } from '../../src/archive/pipeline.ts';
import { buildDemoArchive } from '../../src/cycle/demo-archive.ts';
import { findFile } from '../../src/archive/forecast-repository.ts';
import { regionById } from '../../../common/regions/index.ts';
import { verifyArchive } from '../../src/verification/verify-archive.ts';
import { tempDir } from '../helpers.ts';
import { SMALL_GRID } from '../grid/small-grid.ts';

/** Values at named places (masked = null), the CRS and how far the file's 2-D cells lie from pyproj's. */
const PYTHON = `
import json, sys, netCDF4, numpy as np, pyproj
ds = netCDF4.Dataset(sys.argv[1])
c = ds['sea_ice_fraction_BREMEN']
gm = ds[c.grid_mapping]
crs = pyproj.CRS.from_cf({k: gm.getncattr(k) for k in gm.ncattrs()})
x, y = ds['x'][:], ds['y'][:]
rows = np.arange(0, len(y), 37)
xx, yy = np.meshgrid(x, y[rows])
lon, lat = pyproj.Transformer.from_crs(crs, 'EPSG:4326', always_xy=True).transform(xx, yy)
_, _, apart = pyproj.Geod(ellps='WGS84').inv(lon, lat, ds['longitude'][rows, :].astype(float), ds['latitude'][rows, :].astype(float))
to_plane = pyproj.Transformer.from_crs('EPSG:4326', crs, always_xy=True)
places = json.loads(sys.argv[2])
def at(lon, lat):
    px, py = to_plane.transform(lon, lat)
    i = int(np.argmin(np.abs(x - px))); j = int(np.argmin(np.abs(y - py)))
    v = c[-1, j, i]
    return None if np.ma.is_masked(v) else float(v)
print(json.dumps(dict(epsg=crs.to_epsg(), max_apart_m=float(np.max(apart)), leads=[float(t) for t in ds['time'][:]],
  places={name: at(*p) for name, p in places.items()})))
`;

const PLACES = {
  pole: [0, 89.9],
  greenland: [-40, 72],
  chukotka: [172, 66],
  eastSiberianSea: [160, 74],
  beaufortSea: [-140, 75],
  norwegianSea: [3, 66],
};

describe('the demo archive in region arctic', () => {
  it('writes the newest day on the EPSG:3413 grid, beside the sector\'s days', { timeout: 240_000 }, async () => {
    const dataDir = tempDir('ice-arctic-');
    const db = await openDatabase(dataDir);
    onTestFinished(() => db.destroy());
    const warmed: string[] = [];
    const ctx = { db, dataDir, grid: SMALL_GRID, written: (path: string) => warmed.push(path) };
    const result = await buildDemoArchive(ctx, 2, '2026-02-10', { arcticDays: 1 });
    expect(result.dates).toEqual(['2026-02-09', '2026-02-10']);
    expect(await availableDates(ctx)).toEqual(['2026-02-09', '2026-02-10']);
    expect(await availableDates({ ...ctx, region: regionById('arctic') })).toEqual(['2026-02-10']);
    for (const kind of ['forecast', 'assim_forecast'] as const) {
      const record = await findFile(db, kind, 'model_2', '2026-02-10', 'arctic');
      expect(record).toMatchObject({ region: 'arctic', path: `forecast-data/${kind}/model_2/2026-02-10.arctic.nc` });
    }
    // The analysis of the day before the first (the free run starts from it), and none older; of that day only the
    // assimilated run, so the first day is scored in the region on the first start.
    expect(existsSync(join(dataDir, 'forecast-data/analysis/demo_analysis/2026-02-09.arctic.nc'))).toBe(true);
    expect(await findFile(db, 'forecast', 'model_2', '2026-02-09', 'arctic')).toBeUndefined();
    expect(await findFile(db, 'assim_forecast', 'model_2', '2026-02-09', 'arctic')).toMatchObject({ path: 'forecast-data/assim_forecast/model_2/2026-02-09.arctic.nc' });
    // Handed to the subset warmer: the newest day's files, not that run (nobody opens it first).
    expect(warmed).toContain(join(dataDir, 'forecast-data/forecast/model_2/2026-02-10.arctic.nc'));
    expect(warmed).not.toContain(join(dataDir, 'forecast-data/assim_forecast/model_2/2026-02-09.arctic.nc'));
    await verifyArchive(ctx);
    const scored = await db
      .selectFrom('verification_records')
      .select(['model_id', 'run', 'date', 'lead_hours', 'valid_date'])
      .where('region', '=', 'arctic')
      .where('model_id', '=', 'model_2')
      .orderBy('run')
      .execute();
    // Both runs of the day before: the file's, and the free run computed as the cycle would write it.
    expect(scored).toEqual(
      (['assim_forecast', 'forecast'] as const).map((run) => ({ model_id: 'model_2', run, date: '2026-02-09', lead_hours: 24, valid_date: '2026-02-10' })),
    );

    const path = join(dataDir, 'forecast-data/forecast/model_2/2026-02-10.arctic.nc');
    const read = JSON.parse(execFileSync('/usr/bin/python3', ['-c', PYTHON, path, JSON.stringify(PLACES)], { encoding: 'utf8' }));
    expect(read.epsg).toBe(3413);
    expect(read.max_apart_m).toBeLessThan(5);
    expect(read.leads).toEqual([24, 48, 72]);
    const { places } = read as { places: Record<keyof typeof PLACES, number | null> };
    expect(places.greenland).toBeNull();
    expect(places.chukotka).toBeNull();
    for (const sea of ['pole', 'eastSiberianSea', 'beaufortSea'] as const) expect(places[sea], sea).toBeGreaterThan(0.8);
    expect(places.norwegianSea).toBe(0);
  });
});
