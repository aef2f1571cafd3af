/**
 * POST /api/v1/route/check with `region: "arctic"`: the Northern Sea Route from the Kara Gate to the Bering Strait
 * lies inside the whole Arctic's forecast from end to end (the sector leaves most of it outside), each sample
 * taking the file's value at the cell holding it, as netCDF4-python and pyproj find that cell.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { regionById } from '../../../../common/regions/index.ts';
import type { RouteCheckResult } from '../../../../common/api-types/ship-route.ts';
import { ensureAnalysis, runModel } from '../../../src/archive/pipeline.ts';
import { addDays } from '../../../../common/utc-day.ts';
import { seedModels } from '../../../src/cycle/demo-archive.ts';
import { makeApp, signedIn } from '../../helpers.ts';

const DATE = '2026-02-10';

/** Kara Gate (70.4°N 57.8°E) → Vilkitsky Strait → Sannikov Strait → Long Strait → Bering Strait (66.5°N 170°W), [lat, lon]. */
const NSR: [number, number][] = [
  [70.4, 57.8],
  [70.9, 66.0],
  [73.5, 72.0],
  [76.5, 86.0],
  [77.7, 104.0],
  [76.5, 116.0],
  [74.8, 128.0],
  [74.6, 139.0],
  [72.5, 152.0],
  [70.3, 170.0],
  [68.3, -178.0],
  [66.5, -170.0],
];

/** The file's concentration at the cell holding each point, by pyproj and netCDF4-python (null: masked). */
const PYTHON = `
import json, sys, netCDF4, numpy as np, pyproj
ds = netCDF4.Dataset(sys.argv[1])
gm = ds['crs']
to_plane = pyproj.Transformer.from_crs('EPSG:4326', pyproj.CRS.from_cf({k: gm.getncattr(k) for k in gm.ncattrs()}), always_xy=True)
x, y = ds['x'][:], ds['y'][:]
c = ds['sea_ice_fraction_BREMEN'][2]
out = []
for lat, lon in json.loads(sys.argv[2]):
    px, py = to_plane.transform(lon, lat)
    i = int(np.argmin(np.abs(x - px))); j = int(np.argmin(np.abs(y - py)))
    out.append(None if np.ma.is_masked(c[j, i]) else float(c[j, i]))
print(json.dumps(out))
`;

describe('the route check in region arctic', () => {
  it('covers the Northern Sea Route from the Kara Gate to the Bering Strait, with the file\'s values', { timeout: 240_000 }, async () => {
    const { app, dataDir } = await makeApp();
    await seedModels(app.db);
    const ctx = { db: app.db, dataDir, region: regionById('arctic') };
    await ensureAnalysis(ctx, addDays(DATE, -1));
    const file = await runModel(ctx, 'model_1', DATE, 'forecast');
    const { headers } = await signedIn(app, 'user');
    const body = { date: DATE, run: 'free', model_id: 'model_1', lead_hours: 72, ice_class: 'PC7', waypoints: NSR };

    const reply = await app.inject({ method: 'POST', url: '/api/v1/route/check', headers, payload: { ...body, region: 'arctic' } });
    expect(reply.statusCode).toBe(200);
    const result = reply.json<RouteCheckResult>();
    expect(result.length_km).toBeGreaterThan(4500);
    expect(result.outside_km).toBe(0);
    expect(result.samples.every((s) => s.covered)).toBe(true);
    // In February the whole route east of the Kara Gate is in ice.
    expect(result.ice_length_km).toBeGreaterThan(3000);

    const picks = [0, 100, 400, 700, result.samples.length - 1].map((k) => result.samples[k]);
    const expected = JSON.parse(execFileSync('/usr/bin/python3', ['-c', PYTHON, join(dataDir, file.path), JSON.stringify(picks.map((s) => [s.lat, s.lon]))], { encoding: 'utf8' })) as (number | null)[];
    picks.forEach((sample, k) => {
      if (expected[k] === null) expect(sample.concentration, `sample ${k}`).toBeNull();
      else expect(sample.concentration!, `sample ${k}`).toBeCloseTo(expected[k]!, 4);
    });

    // The sector has no file of that model (and would leave most of the route outside): 404 names no region.
    const sector = await app.inject({ method: 'POST', url: '/api/v1/route/check', headers, payload: body });
    expect(sector.json()).toEqual({ detail: 'No forecast for 2026-02-10 and model model_1' });
    const unknown = await app.inject({ method: 'POST', url: '/api/v1/route/check', headers, payload: { ...body, region: 'antarctic' } });
    expect(unknown.statusCode).toBe(422);
  });
});
