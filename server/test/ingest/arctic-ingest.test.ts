/**
 * Real analyses into every region they reach: a real NSIDC 25 km polar stereographic file imported through
 * POST /analysis/import lands on the whole Arctic's 6.25 km grid and on the sector, each matching the source within
 * the 2 × 2 neighbourhood of every cell (netCDF4-python + pyproj, neighbourhood.py), each file opening in ncdump;
 * OSI SAF's EASE2 file the same; a file of the Beaufort Sea lands in the whole Arctic only.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { decodeStateFile } from '../../src/archive/forecast-file.ts';
import { landMask, planarLandMask } from '../../src/grid/land-mask.ts';
import { ingestAnalysis } from '../../src/ingest/ingest-analysis.ts';
import { readLocalFile } from '../../src/ingest/fetch-file.ts';
import { fixturesDir } from '../../../netcdf/test/fixture-paths.ts';
import { REGIONS, regionById, type Region } from '../../../common/regions/index.ts';
import { findProvenance } from './provenance.ts';
import { makeApp, signedIn, tempDir, type Session } from '../helpers.ts';
import { waitForJob } from '../jobs/test-app.ts';
import { multipart } from '../routes/uploads/multipart.ts';
import { fixturePath } from './fixture-server.ts';
import { latLonFile } from './box-file.ts';

const NSIDC = resolve(fixturesDir, 'arctic-more', 'seaice_conc_daily_nh_20211231_f17_v04r00.nc');
/** The NSIDC file's own plane (its proj4text: EPSG:3411, Hughes 1980 ellipsoid). */
const NSIDC_PROJ4 = '+proj=stere +lat_0=90 +lat_ts=70 +lon_0=-45 +k=1 +x_0=0 +y_0=0 +a=6378273 +b=6356889.449 +units=m +no_defs';
/** OSI SAF's EASE2 plane (the file's proj4_string); its axes are in km. */
const EASE2_PROJ4 = '+proj=laea +lon_0=0 +datum=WGS84 +ellps=WGS84 +lat_0=90.0';

/** A server of both regions: imports are regridded into the regions the server serves (makeApp's: the sector only). */
const BOTH_REGIONS = { CYCLE_REGIONS: 'sector,arctic' };

interface Neighbourhood {
  checked: number;
  outside: number;
  finite_gap: number;
  sea_missing: number;
  land_missing: number;
  worst: number | null;
}

/** neighbourhood.py's counts for a written analysis of `region` against its source. */
function neighbourhood(written: string, region: Region, source: { path: string; variable: string; proj4: string; axes: [string, string]; metresPerUnit: number }): Neighbourhood {
  const mask = join(tempDir('land-'), 'land.u8');
  writeFileSync(mask, region.kind === 'projected' ? planarLandMask(region.grid) : landMask(region.grid));
  const script = join(import.meta.dirname, 'neighbourhood.py');
  const args = [script, written, source.path, source.variable, source.proj4, ...source.axes, String(source.metresPerUnit), mask];
  return JSON.parse(execFileSync('/usr/bin/python3', args, { encoding: 'utf8' })) as Neighbourhood;
}

function upload(app: FastifyInstance, session: Pick<Session, 'headers'>, name: string, bytes: Uint8Array, fields: Record<string, string> = {}) {
  const body = multipart(fields, { name, bytes });
  return app.inject({ method: 'POST', url: '/api/v1/analysis/import', headers: { ...session.headers, 'content-type': body.contentType }, payload: body.payload });
}

describe('an analysis regridded into every region it reaches', () => {
  it('a real NSIDC 25 km file imported lands on the 6.25 km arctic grid and the sector, each matching its source cell by cell', async () => {
    const { app, dataDir } = await makeApp({ env: BOTH_REGIONS });
    const admin = await signedIn(app, 'admin');
    const reply = await upload(app, admin, 'seaice_conc_daily_nh_20211231_f17_v04r00.nc', readFileSync(NSIDC));
    expect(reply.statusCode, reply.body).toBe(202);
    const job = await waitForJob(app, admin.headers, reply.json().job_id, 240_000);
    expect(job, JSON.stringify(job.error ?? job.message)).toMatchObject({
      status: 'succeeded',
      result: {
        date: '2021-12-31',
        file: 'forecast-data/analysis/imported_analysis/2021-12-31.nc',
        regions: [
          { region: 'sector', file: 'forecast-data/analysis/imported_analysis/2021-12-31.nc' },
          { region: 'arctic', file: 'forecast-data/analysis/imported_analysis/2021-12-31.arctic.nc' },
        ],
      },
    });

    // Served per region; without `region` the sector's file as before.
    const arcticHist = await app.inject({ url: '/api/v1/analysis/hist?region=arctic&date=2021-12-31', headers: admin.headers });
    expect(arcticHist.statusCode).toBe(200);
    const arcticPath = join(dataDir, 'forecast-data/analysis/imported_analysis/2021-12-31.arctic.nc');
    expect(Buffer.compare(arcticHist.rawPayload, readFileSync(arcticPath))).toBe(0);
    const sectorHist = await app.inject({ url: '/api/v1/analysis/hist?date=2021-12-31', headers: admin.headers });
    expect(sectorHist.statusCode).toBe(200);
    expect(decodeStateFile(new Uint8Array(sectorHist.rawPayload), 0).attributes.source_file).toBe('seaice_conc_daily_nh_20211231_f17_v04r00.nc');
    const listed = await app.inject({ url: '/api/v1/analysis/info?region=arctic', headers: admin.headers });
    expect(listed.json().available_dates).toEqual(['2021-12-31']);

    // Each region's provenance rows name the file it came from.
    for (const region of ['sector', 'arctic']) {
      expect(await findProvenance(app.db, 'analysis', 'imported_analysis', '2021-12-31', region), region).toEqual([
        expect.objectContaining({ region, product: 'upload', original_name: 'seaice_conc_daily_nh_20211231_f17_v04r00.nc', bytes: 221_658 }),
      ]);
    }

    // The Done-when check: every written value within its four source neighbours (netCDF4-python + pyproj).
    const source = { path: NSIDC, variable: 'cdr_seaice_conc', proj4: NSIDC_PROJ4, axes: ['xgrid', 'ygrid'] as [string, string], metresPerUnit: 1 };
    const arctic = neighbourhood(arcticPath, regionById('arctic'), source);
    expect(arctic, JSON.stringify(arctic)).toMatchObject({ outside: 0, finite_gap: 0, sea_missing: 0 });
    // 67 259 valid 25 km source cells, each about 16 cells of 6.25 km.
    expect(arctic.checked).toBeGreaterThan(800_000);
    const sector = neighbourhood(join(dataDir, 'forecast-data/analysis/imported_analysis/2021-12-31.nc'), regionById('sector'), source);
    expect(sector, JSON.stringify(sector)).toMatchObject({ outside: 0, finite_gap: 0, sea_missing: 0 });
    expect(sector.checked).toBeGreaterThan(150_000);

    // The written file opens in ncdump (Unidata's reader) with its CF grid mapping and provenance.
    const header = execFileSync('ncdump', ['-h', arcticPath], { encoding: 'utf8' });
    expect(header).toMatch(/y = 1792 ;\s+x = 1216 ;/);
    expect(header).toContain('grid_mapping_name = "polar_stereographic"');
    expect(header).toContain(':source_file = "seaice_conc_daily_nh_20211231_f17_v04r00.nc"');
    expect(header).toMatch(/regridded onto the arctic grid \(EPSG:3413, 6\.25 km\) from seaice_conc_daily_nh_20211231_f17_v04r00\.nc/);
    expect(execFileSync('ncdump', ['-v', 'x', arcticPath], { encoding: 'utf8' })).toMatch(/x = -3846875, -3840625,/);
  }, 300_000);

  it('OSI SAF’s EASE2 concentration goes into both regions, each within its source neighbourhoods', async () => {
    const { app, dataDir } = await makeApp();
    const result = await ingestAnalysis({ db: app.db, dataDir }, [{ product: 'osisaf_conc', file: await readLocalFile(fixturePath('ease2')) }], {
      datasetId: 'osisaf',
      sourceLabel: 'OSI SAF',
      date: '2026-11-20',
      userId: null,
      regions: REGIONS,
    });
    expect(result.records.map((record) => [record.region, record.path])).toEqual([
      ['sector', 'forecast-data/analysis/osisaf/2026-11-20.nc'],
      ['arctic', 'forecast-data/analysis/osisaf/2026-11-20.arctic.nc'],
    ]);
    const source = { path: fixturePath('ease2'), variable: 'ice_conc', proj4: EASE2_PROJ4, axes: ['xc', 'yc'] as [string, string], metresPerUnit: 1000 };
    for (const record of result.records) {
      const counts = neighbourhood(join(dataDir, record.path), regionById(record.region), source);
      expect(counts, `${record.region}: ${JSON.stringify(counts)}`).toMatchObject({ outside: 0, finite_gap: 0, sea_missing: 0 });
      expect(counts.checked, record.region).toBeGreaterThan(record.region === 'arctic' ? 800_000 : 150_000);
    }
    expect(execFileSync('ncdump', ['-h', join(dataDir, result.records[1].path)], { encoding: 'utf8' })).toContain(':source_product = "osisaf_conc"');
  }, 300_000);

  it('a file of the Beaufort Sea lands in the whole Arctic only; one reaching neither region is refused in Russian', async () => {
    const { app } = await makeApp({ env: BOTH_REGIONS });
    const admin = await signedIn(app, 'admin');
    const reply = await upload(app, admin, 'beaufort.nc', latLonFile({ south: 70, north: 78, west: -160, east: -125 }), { date: '2026-11-20' });
    expect(reply.statusCode, reply.body).toBe(202);
    const job = await waitForJob(app, admin.headers, reply.json().job_id, 240_000);
    expect(job, JSON.stringify(job.error ?? job.message)).toMatchObject({
      status: 'succeeded',
      result: { file: 'forecast-data/analysis/imported_analysis/2026-11-20.arctic.nc', regions: [{ region: 'arctic', file: 'forecast-data/analysis/imported_analysis/2026-11-20.arctic.nc' }] },
    });
    expect(job.message).toBe('анализ за 2026-11-20 импортирован из файла beaufort.nc; районы: Арктика целиком');
    expect((await app.inject({ url: '/api/v1/analysis/hist?date=2026-11-20', headers: admin.headers })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/v1/analysis/hist?region=arctic&date=2026-11-20', headers: admin.headers })).statusCode).toBe(200);
    expect(await findProvenance(app.db, 'analysis', 'imported_analysis', '2026-11-20')).toEqual([]);
    expect(await findProvenance(app.db, 'analysis', 'imported_analysis', '2026-11-20', 'arctic')).toHaveLength(1);

    // The Antarctic's Weddell Sea reaches neither.
    const south = await upload(app, admin, 'weddell.nc', latLonFile({ south: -75, north: -65, west: -60, east: -30 }), { date: '2026-11-21' });
    expect(south.statusCode, south.body).toBe(202);
    const failed = await waitForJob(app, admin.headers, south.json().job_id, 240_000);
    expect(failed.status).toBe('failed');
    expect(failed.message).toBe('Файл «weddell.nc»: Данные файла не покрывают область прогноза.');
    expect((await app.inject({ url: '/api/v1/analysis/info?region=arctic', headers: admin.headers })).json().available_dates).toEqual(['2026-11-20']);
  }, 300_000);
});
