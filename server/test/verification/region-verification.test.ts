/**
 * Verification per region, on SQLite and PostgreSQL: runs of region `arctic` (on a coarse arctic grid) scored
 * against that region's analyses beside the sector's, under the same keys (model, run, date, lead) in both; the
 * routes' `region` (422 unknown), and their answers without it exactly the sector's. One arctic IIEE is checked
 * against netCDF4-python + pyproj reading the files on disk.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { VerificationReply, VerificationSummaryReply } from '../../../common/api-types/verification.ts';
import { buildDay, ensureAnalysis } from '../../src/archive/pipeline.ts';
import { findFile } from '../../src/archive/forecast-repository.ts';
import { verifyArchive } from '../../src/verification/verify-archive.ts';
import { ENGINES } from '../engines.ts';
import { makeApp, signedIn } from '../helpers.ts';
import { SMALL_ARCTIC } from '../regions/small-arctic.ts';
import { buildSmallDemo, smallArchive } from './archive-fixture.ts';
import { addDays, utcDay } from '../../../common/utc-day.ts';

type Metrics = { model_id: string; metrics: Record<string, number>; verification?: Record<string, string> }[];

/** Three sector days and three arctic days up to today, scored by one pass. */
async function regionsApp(engine: (typeof ENGINES)[number]) {
  const { app } = await makeApp({ database: engine });
  const sector = smallArchive(app.db, app.config.dataDir);
  const today = utcDay();
  await buildSmallDemo(sector, 3, today);
  const arctic = { db: app.db, dataDir: app.config.dataDir, region: SMALL_ARCTIC };
  await ensureAnalysis(arctic, addDays(today, -3));
  for (const k of [-2, -1, 0]) await buildDay(arctic, addDays(today, k));
  const pass = await verifyArchive(sector);
  const { cookie } = await signedIn(app, 'user');
  const get = (url: string) => app.inject({ url, headers: { cookie } });
  return { app, today, get, pass, arctic };
}

/** IIEE (km²) of a forecast lead against an analysis, by netCDF4-python, cell areas dx·dy / pyproj's areal scale (WGS 84). */
const PYTHON = `
import sys, netCDF4, numpy as np, pyproj
f = netCDF4.Dataset(sys.argv[1]); a = netCDF4.Dataset(sys.argv[2]); lead = int(sys.argv[3])
fc = f['sea_ice_fraction_BREMEN'][lead].filled(np.nan); tc = a['sea_ice_fraction_BREMEN'][0].filled(np.nan)
gm = f[f['sea_ice_fraction_BREMEN'].grid_mapping]
crs = pyproj.CRS.from_cf({k: gm.getncattr(k) for k in gm.ncattrs()})
xx, yy = np.meshgrid(f['x'][:], f['y'][:])
lon, lat = pyproj.Transformer.from_crs(crs, 'EPSG:4326', always_xy=True).transform(xx, yy)
scale = pyproj.Proj(crs).get_factors(lon, lat).areal_scale
dx = abs(float(f['x'][1] - f['x'][0])) / 1000; dy = abs(float(f['y'][1] - f['y'][0])) / 1000
ok = np.isfinite(fc) & np.isfinite(tc)
differ = ok & ((fc >= 0.15) != (tc >= 0.15))
print(float((dx * dy / scale)[differ].sum()), int(ok.sum()))
`;

describe.each(ENGINES)('verification per region on %s', (engine) => {
  it('scores arctic runs against arctic analyses under the same keys as the sector\'s; the routes choose by region', async () => {
    const { app, today, get, pass } = await regionsApp(engine);
    expect(pass.failed).toEqual([]);
    const arctic = (await get('/api/v1/verification?region=arctic')).json<VerificationReply>().rows;
    const sector = (await get('/api/v1/verification?region=sector')).json<VerificationReply>().rows;
    // Start dates today−2, today−1 in both regions (the free run of model_2): 2 + 1 leads have an analysis.
    const keys = [[addDays(today, -2), 24], [addDays(today, -2), 48], [addDays(today, -1), 24]];
    expect(arctic.map((r) => [r.date, r.lead_hours])).toEqual(keys);
    expect(sector.map((r) => [r.date, r.lead_hours])).toEqual(keys);
    // Each on its own grid: the coarse arctic grid's 76 × 112 cells, the small sector grid's 40 × 60.
    for (const row of arctic) {
      expect(row.n_cells).toBeGreaterThan(60 * 40);
      expect(row.n_cells).toBeLessThanOrEqual(76 * 112);
      expect(row).toMatchObject({ model_id: 'model_2', run: 'forecast', truth: { source: 'demo_analysis', demo: true } });
      expect(row.iiee_km2).toBeGreaterThan(0);
      // The whole Arctic's edge (round the pole) is longer than the small sector's.
      expect(row.edge_length_km).toBeGreaterThan(Math.max(...sector.map((r) => r.edge_length_km)));
      expect(Object.keys(row)).not.toContain('region');
    }
    for (const row of sector) expect(row.n_cells).toBeLessThanOrEqual(60 * 40);
    // The answer without region is the sector's, byte for byte.
    expect((await get('/api/v1/verification')).body).toBe((await get('/api/v1/verification?region=sector')).body);

    // Against netCDF4-python + pyproj on the files on disk (areas on the ellipsoid there, on the sphere here: < 1 %).
    const date = addDays(today, -2);
    const forecast = await findFile(app.db, 'forecast', 'model_2', date, 'arctic');
    const truth = await findFile(app.db, 'analysis', 'demo_analysis', addDays(date, 2), 'arctic');
    const [iiee, cells] = execFileSync('/usr/bin/python3', ['-c', PYTHON, join(app.config.dataDir, forecast!.path), join(app.config.dataDir, truth!.path), '1'], { encoding: 'utf8' })
      .trim()
      .split(' ')
      .map(Number);
    const row = arctic.find((r) => r.date === date && r.lead_hours === 48)!;
    expect(row.n_cells).toBe(cells);
    expect(row.iiee_km2 / iiee).toBeGreaterThan(0.99);
    expect(row.iiee_km2 / iiee).toBeLessThan(1.01);

    // A second pass finds every record of both regions current.
    expect(await verifyArchive(smallArchive(app.db, app.config.dataDir))).toMatchObject({ computed: 0, ensembles: 0 });
  });

  it('summary and model cards per region; without region exactly the sector\'s; 422 for an unknown region', async () => {
    const { today, get } = await regionsApp(engine);
    const summary = (await get('/api/v1/verification/summary?region=arctic')).json<VerificationSummaryReply>();
    expect(summary.rows.map((r) => `${r.model_id} ${r.run} ${r.lead_hours} ${r.records}`)).toEqual(
      ['model_1', 'model_2', 'model_3'].flatMap((m) => ['forecast', 'assim_forecast'].flatMap((run) => [`${m} ${run} 24 2`, `${m} ${run} 48 1`])),
    );
    expect(summary.sps.map((s) => [s.date, s.lead_hours, s.members])).toEqual([[addDays(today, -2), 24, 2], [addDays(today, -2), 48, 2], [addDays(today, -1), 24, 2]]);
    expect(summary.charts).toEqual([]);
    expect((await get('/api/v1/verification/summary')).body).toBe((await get('/api/v1/verification/summary?region=sector')).body);

    const plain = (await get('/api/v1/report/model_metrics')).json<Metrics>();
    const cards = (await get('/api/v1/report/model_metrics?region=arctic')).json<Metrics>();
    expect(plain.map((m) => m.verification)).toEqual(plain.map(() => ({ run: 'assim_forecast', from: summary.from, to: summary.to })));
    expect(plain[0].metrics.rmse).toBeTypeOf('number');
    expect(cards.map((m) => m.model_id)).toEqual(['model_1', 'model_2', 'model_3']);
    for (const { model_id, metrics, verification } of cards) {
      expect(verification).toEqual({ run: 'assim_forecast', from: summary.from, to: summary.to, region: 'arctic' });
      // The hindcast metrics are the sector's: a region's card carries its verification scores only.
      expect(Object.keys(metrics).sort()).toEqual(['iiee_24h', 'iiee_48h', 'skill_iiee_24h', 'skill_iiee_48h']);
      const row = summary.rows.find((r) => r.model_id === model_id && r.run === 'assim_forecast' && r.lead_hours === 24)!;
      expect(metrics.iiee_24h).toBe(row.iiee_km2);
    }

    for (const url of ['/api/v1/verification', '/api/v1/verification/summary', '/api/v1/report/model_metrics']) {
      const bad = await get(`${url}?region=north`);
      expect(bad.statusCode, url).toBe(422);
      expect(bad.json().detail, url).toContain('north');
    }
  });
});
