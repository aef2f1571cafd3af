/**
 * Analyses from each kind of ANALYSIS_SOURCE, with the real fixtures served from 127.0.0.1: a product list
 * with URL templates (through POST /force_fetch_data and its job, into both regions), a path template, a dir: inbox; and the
 * failures a forecaster must be told about.
 */
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeStateFile } from '../../src/archive/forecast-file.ts';
import { findFile, latestAnalysisFile } from '../../src/archive/forecast-repository.ts';
import { SECTOR_GRID } from '../../src/grid/grid.ts';
import { seedModels } from '../../src/cycle/demo-archive.ts';
import { encodeNetcdf3 } from '../../../netcdf/nc3/writer.ts';
import { ingestFromSource } from '../../src/ingest/ingest-analysis.ts';
import { parseAnalysisSource } from '../../src/ingest/products.ts';
import { findProvenance } from './provenance.ts';
import { makeApp, signedIn, tempDir } from '../helpers.ts';
import { waitForJob } from '../jobs/test-app.ts';
import { FIXTURE_SHA256, fixturePath, startFixtureServer } from './fixture-server.ts';
import { utcDay } from '../../../common/utc-day.ts';

type Source = Exclude<ReturnType<typeof parseAnalysisSource>, { kind: 'demo' }>;

/** A product list file in a temporary folder; returns ANALYSIS_SOURCE's value. */
function productList(list: object): string {
  const path = join(tempDir('product-list-'), 'products.json');
  writeFileSync(path, JSON.stringify(list));
  return path;
}

function readAnalysis(dataDir: string, path: string) {
  const bytes = new Uint8Array(readFileSync(join(dataDir, path)));
  return decodeStateFile(bytes, 0);
}

/** Value of a field at a latitude/longitude on the forecast grid (nearest cell). */
function at(field: Float32Array, lat: number, lon: number): number {
  const row = Math.round((lat - SECTOR_GRID.lat0) / SECTOR_GRID.dlat);
  const col = Math.round((lon - SECTOR_GRID.lon0) / SECTOR_GRID.dlon);
  return field[row * SECTOR_GRID.nlon + col];
}

const finite = (field: Float32Array) => field.reduce((n, x) => (Number.isFinite(x) ? n + 1 : n), 0);

/** Smallest and largest finite value. */
function range(field: Float32Array): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  for (const x of field) {
    if (x < min) min = x;
    if (x > max) max = x;
  }
  return [min, max];
}

describe('ANALYSIS_SOURCE = a product list with URL templates', () => {
  it('POST /force_fetch_data downloads today’s file, archives its regridded analysis with provenance, and builds the day', async () => {
    const server = await startFixtureServer();
    const source = productList({
      dataset_id: 'osisaf_test',
      products: [{ id: 'osisaf_conc', name: 'OSI SAF concentration (test)', url: `${server.origin}/ease2/{yyyy}/{mm}/ice_conc_nh_ease2-250_{yyyy}{mm}{dd}1200.nc` }],
    });
    // Today only (no backfill): the daily cycle's run that the button starts.
    const { app, dataDir, logs } = await makeApp({ env: { ANALYSIS_SOURCE: source, CYCLE_BACKFILL_DAYS: '0', CYCLE_REGIONS: 'sector,arctic' } });
    await seedModels(app.db);
    const admin = await signedIn(app, 'admin');
    const started = await app.inject({ method: 'POST', url: '/api/v1/force_fetch_data', headers: admin.headers, payload: {} });
    expect(started.statusCode).toBe(202);
    const job = await waitForJob(app, admin.headers, started.json().job_id, 240_000);
    const today = utcDay();
    expect(job).toMatchObject({ status: 'succeeded', user_id: admin.user.id, result: { date: today, dataset_id: 'osisaf_test', bytes: 938_044 } });
    expect(server.requested).toEqual([`/ease2/${today.slice(0, 4)}/${today.slice(5, 7)}/ice_conc_nh_ease2-250_${today.replaceAll('-', '')}1200.nc`]);
    expect(job.result.inputs).toEqual([expect.objectContaining({ product: 'osisaf_conc', sha256: FIXTURE_SHA256.ease2, variables: ['ice_conc'] })]);

    // Listed and served as the analysis of today.
    const info = await app.inject({ url: '/api/v1/analysis/info', headers: admin.headers });
    expect(info.json().available_dates).toContain(today);
    const hist = await app.inject({ url: `/api/v1/analysis/hist?date=${today}`, headers: admin.headers });
    expect(hist.statusCode).toBe(200);
    const { state, attributes } = decodeStateFile(new Uint8Array(hist.rawPayload), 0);
    // February 2020 monthly mean: the central Arctic is packed ice, % became a fraction, Novaya Zemlya is land.
    expect(at(state.concentration, 85, 80)).toBeGreaterThan(0.9);
    expect(at(state.concentration, 85, 80)).toBeLessThanOrEqual(1);
    expect(at(state.concentration, 74.5, 56)).toBeNaN();
    expect(range(state.concentration)[1]).toBeLessThanOrEqual(1);
    // No thickness or drift in a concentration product.
    expect(finite(state.thickness)).toBe(0);
    expect(finite(state.u)).toBe(0);
    expect(attributes).toMatchObject({ source_product: 'osisaf_conc', source_sha256: FIXTURE_SHA256.ease2, source_file: 'ice_conc_nh_ease2-250_' + today.replaceAll('-', '') + '1200.nc' });
    expect(attributes.source_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/ease2\//);
    expect(attributes.history).toMatch(/^2023-03-20T13:57:20Z creation\n2025-02-17T11:05:00Z assign new DOI.*\n.*regridded onto the forecast grid .* from ice_conc_nh_ease2-250_\d+1200\.nc \(sha256 9cd5e0ba/s);

    // Provenance row, forecasts of the day from it, the datasets page.
    expect(await findProvenance(app.db, 'analysis', 'osisaf_test', today)).toEqual([
      expect.objectContaining({ product: 'osisaf_conc', sha256: FIXTURE_SHA256.ease2, bytes: 938_044, user_id: admin.user.id }),
    ]);
    for (const kind of ['forecast', 'assim_forecast'] as const) expect(await findFile(app.db, kind, 'model_2', today), kind).toBeDefined();
    // The same download regridded into the whole Arctic too, served with `region=arctic`.
    expect(await findFile(app.db, 'analysis', 'osisaf_test', today, 'arctic')).toMatchObject({ path: `forecast-data/analysis/osisaf_test/${today}.arctic.nc` });
    for (const kind of ['forecast', 'assim_forecast'] as const) expect(await findFile(app.db, kind, 'model_2', today, 'arctic'), `arctic ${kind}`).toBeDefined();
    const arcticHist = await app.inject({ url: `/api/v1/analysis/hist?region=arctic&date=${today}`, headers: admin.headers });
    expect(arcticHist.statusCode).toBe(200);
    expect(await findProvenance(app.db, 'analysis', 'osisaf_test', today, 'arctic')).toEqual([expect.objectContaining({ region: 'arctic', sha256: FIXTURE_SHA256.ease2 })]);
    // The day's cost per region, in the job's result and the log.
    const timings = job.result.dates[0].timings as { fetch_ms: number; regions: Array<{ region: string; ms: number }> };
    expect(timings.regions.map((r) => r.region)).toEqual(['sector', 'arctic']);
    for (const { region, ms } of timings.regions) {
      expect(ms, region).toBeGreaterThan(0);
      expect(logs()).toMatch(new RegExp(`"date":"${today}","region":"${region}","ms":${ms},"fetch_ms":${timings.fetch_ms},"msg":"cycle date built"`));
    }
    const datasets = (await app.inject({ url: '/api/v1/report/datasets', headers: admin.headers })).json();
    expect(datasets).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          dataset_id: 'osisaf_conc',
          dataset_name: 'OSI SAF concentration (test)',
          metadata: expect.objectContaining({ variables: ['ice_conc'], institution: 'OSISAF - EUMETSAT', description: expect.stringMatching(/^This climate data record/) }),
        }),
        expect.objectContaining({ dataset_id: 'osisaf_test' }),
      ]),
    );
    expect(readdirSync(join(dataDir, 'ingest-tmp'))).toEqual([]);
  }, 300_000);

  it('a file still missing at the deadline fails the job with a Russian reason and archives nothing', async () => {
    const server = await startFixtureServer();
    const source = productList({ products: [{ id: 'osisaf_conc', url: `${server.origin}/missing/{date}.nc` }] });
    // A deadline of midnight: the day's product is already late, so the 404 is final (no waiting for a retry).
    const { app } = await makeApp({ env: { ANALYSIS_SOURCE: source, CYCLE_BACKFILL_DAYS: '0', CYCLE_DEADLINE: '00:00' } });
    await seedModels(app.db);
    const admin = await signedIn(app, 'admin');
    const started = await app.inject({ method: 'POST', url: '/api/v1/force_fetch_data', headers: admin.headers, payload: {} });
    const job = await waitForJob(app, admin.headers, started.json().job_id, 120_000);
    expect(job.status).toBe('failed');
    expect(job.message).toBe(`Данные за ${utcDay()} не поступили до 00:00 UTC: Файл за эту дату не найден у источника (HTTP 404): ${server.origin}/missing/${utcDay()}.nc`);
    expect(await latestAnalysisFile(app.db, utcDay())).toBeUndefined();
    expect((await app.inject({ url: '/api/v1/analysis/info', headers: admin.headers })).json().available_dates).toEqual([]);
  }, 120_000);
});

describe('the other source kinds, and what fails', () => {
  it('a path template with a product’s own variable name (nansat’s Bootstrap algorithm)', async () => {
    const { app, dataDir } = await makeApp();
    const source = parseAnalysisSource(
      productList({ products: [{ id: 'nansat', path: fixturePath('nansat'), variables: { concentration: 'Bootstrap' } }] }),
    ) as Source;
    const result = await ingestFromSource({ db: app.db, dataDir }, source, '2026-11-20', { userId: null });
    expect(result.inputs).toEqual([expect.objectContaining({ variables: ['Bootstrap'], sha256: FIXTURE_SHA256.nansat })]);
    const { state, attributes } = readAnalysis(dataDir, result.record.path);
    expect(attributes.source_url).toBe(fixturePath('nansat'));
    // 1 November 1978, 25 km polar stereographic: most of the sector has a value, all of them fractions now.
    expect(finite(state.concentration)).toBeGreaterThan(100_000);
    const [min, max] = range(state.concentration);
    expect(min).toBeGreaterThanOrEqual(0);
    expect(max).toBeLessThanOrEqual(1);
  }, 60_000);

  it('a dir: inbox: the files whose names hold the date, merged (neXtSIM concentration and thickness on 2-D lat/lon)', async () => {
    const { app, dataDir } = await makeApp();
    const inbox = tempDir('inbox-');
    copyFileSync(fixturePath('nextsim'), join(inbox, 'topaz_2010-01-01.nc'));
    copyFileSync(fixturePath('ease2'), join(inbox, 'osisaf_20100102.nc'));
    writeFileSync(join(inbox, 'notes_2010-01-01.txt'), 'not data');
    const source = parseAnalysisSource(`dir:${inbox}`) as Source;
    const result = await ingestFromSource({ db: app.db, dataDir }, source, '2010-01-01', { userId: null });
    expect(result.inputs.map((input) => input.file)).toEqual(['topaz_2010-01-01.nc']);
    expect(result.inputs[0].variables).toEqual(['data/cice', 'data/hice']);
    expect(result.record.owner).toBe('inbox_analysis');
    const { state } = readAnalysis(dataDir, result.record.path);
    expect(at(state.concentration, 85, 80)).toBeGreaterThan(0.8);
    expect(at(state.thickness, 85, 80)).toBeGreaterThan(0.5);
    expect(at(state.thickness, 85, 80)).toBeLessThan(8);

    await expect(ingestFromSource({ db: app.db, dataDir }, source, '2010-01-05', { userId: null })).rejects.toThrow(
      `В папке ${inbox} нет файлов NetCDF за 2010-01-05`,
    );
  }, 60_000);

  it('a corrupt or cut file, a file with no ice variable, a day the file does not have, a grid it cannot place', async () => {
    const server = await startFixtureServer();
    const { app, dataDir } = await makeApp();
    const ctx = { db: app.db, dataDir };
    const fromUrl = (path: string) => parseAnalysisSource(productList({ products: [{ id: 'p', url: `${server.origin}${path}` }] })) as Source;
    await expect(ingestFromSource(ctx, fromUrl('/corrupt/{date}.nc'), '2026-11-20', { userId: null })).rejects.toThrow(
      /^Файл «2026-11-20\.nc» не является файлом NetCDF: not a NetCDF file/,
    );
    await expect(ingestFromSource(ctx, fromUrl('/cut/{date}.nc'), '2026-11-20', { userId: null })).rejects.toThrow(/^Файл «2026-11-20\.nc» не является файлом NetCDF/);
    await expect(ingestFromSource(ctx, fromUrl('/drifters/{date}.nc'), '2026-11-20', { userId: null })).rejects.toThrow(
      'В файле «2026-11-20.nc» нет переменных морского льда',
    );
    await expect(ingestFromSource(ctx, fromUrl('/roms/{date}.nc'), '2026-11-20', { userId: null })).rejects.toThrow(
      'в файле нет шага по времени за 2026-11-20 (есть 2016-02-01 … 2016-02-05)',
    );
    // A concentration field with no coordinates and no grid mapping.
    const lost = join(tempDir('lost-'), 'lost_20261120.nc');
    writeFileSync(
      lost,
      encodeNetcdf3({
        format: 'classic',
        dimensions: [
          { name: 'y', size: 3 },
          { name: 'x', size: 4 },
        ],
        attributes: {},
        variables: [{ name: 'conc', type: 'float', dimensions: ['y', 'x'], data: new Float32Array(12).fill(0.5), attributes: { standard_name: 'sea_ice_area_fraction' } }],
      }),
    );
    await expect(ingestFromSource(ctx, parseAnalysisSource(`dir:${join(lost, '..')}`) as Source, '2026-11-20', { userId: null })).rejects.toThrow(
      'Не удалось определить сетку переменной «conc»',
    );
    expect(await latestAnalysisFile(app.db, '2026-11-20')).toBeUndefined();
    expect(existsSync(join(dataDir, 'forecast-data', 'analysis'))).toBe(false);
  }, 60_000);
});
