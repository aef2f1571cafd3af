/**
 * POST /api/v1/forecast/import with `region`: MET Norway's ROMS Arctic-20km forecast (a real file, polar
 * stereographic in km) imported with `region=arctic` lands on the whole Arctic's 6.25 km grid — each written cell of
 * each lead within the 2 × 2 neighbourhood of its source cells, blended between the file's steps as the lead says
 * (netCDF4-python + pyproj, forecast-neighbourhood.py) — is served with `region=arctic`, and leaves the sector's run
 * of the same model and date byte for byte as it was. An unknown region is a 422 {detail}.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { decodeAnyStateFile } from '../../../src/archive/region-state-file.ts';
import { planarLandMask } from '../../../src/grid/land-mask.ts';
import { regionById, type ProjectedRegion } from '../../../../common/regions/index.ts';
import { makeApp, signedIn, tempDir, type Session } from '../../helpers.ts';
import { waitForJob } from '../../jobs/test-app.ts';
import { FIXTURE_SHA256, fixtureBytes, fixturePath } from '../../ingest/fixture-server.ts';
import { multipart } from '../uploads/multipart.ts';

const arctic = regionById('arctic') as ProjectedRegion;
/** The ROMS file's plane (its grid mapping's proj4_string: a sphere), where the reference places both grids' centres. */
const ROMS_PROJ4 = '+proj=stere +a=6371000 +b=6371000 +lat_0=90 +lat_ts=60 +lon_0=58';

function importForecast(app: FastifyInstance, session: Pick<Session, 'headers'>, fields: Record<string, string>) {
  const body = multipart({ model_id: 'roms_arctic20', ...fields }, { name: 'Arctic20_1to5Feb_2016.nc', bytes: fixtureBytes('roms') });
  return app.inject({ method: 'POST', url: '/api/v1/forecast/import', headers: { ...session.headers, 'content-type': body.contentType }, payload: body.payload });
}

const hist = (app: FastifyInstance, session: Pick<Session, 'headers'>, query: string) =>
  app.inject({ url: `/api/v1/forecast/hist?date=2016-02-01&model_id=roms_arctic20${query}`, headers: session.headers });

describe('POST /api/v1/forecast/import with region', () => {
  it('region=arctic: the run lands on the arctic grid matching its source, is served there, and the sector run is unchanged', { timeout: 300_000 }, async () => {
    const { app, dataDir } = await makeApp();
    const admin = await signedIn(app, 'admin');
    // The sector's run first, as today (no region; a blank one is the same).
    const sectorJob = await waitForJob(app, admin.headers, (await importForecast(app, admin, { region: '' })).json().job_id, 180_000);
    expect(sectorJob.status, JSON.stringify(sectorJob.error)).toBe('succeeded');
    expect(sectorJob.result).not.toHaveProperty('region');
    expect(sectorJob.request).not.toHaveProperty('region');
    const sectorBefore = await hist(app, admin, '');
    expect(sectorBefore.statusCode).toBe(200);

    const reply = await importForecast(app, admin, { region: 'arctic' });
    expect(reply.statusCode, reply.body).toBe(202);
    const job = await waitForJob(app, admin.headers, reply.json().job_id, 240_000);
    expect(job, JSON.stringify(job.error ?? job.message)).toMatchObject({
      status: 'succeeded',
      request: { model_id: 'roms_arctic20', region: 'arctic' },
      result: {
        model_id: 'roms_arctic20',
        date: '2016-02-01',
        region: 'arctic',
        file: 'forecast-data/forecast/roms_arctic20/2016-02-01.arctic.nc',
        sha256: FIXTURE_SHA256.roms,
        leads: [
          { hours: 24, from: { before: 0, after: 1, weight: 0.5 } },
          { hours: 48, from: { before: 1, after: 2, weight: 0.5 } },
          { hours: 72, from: { before: 2, after: 3, weight: 0.5 } },
        ],
      },
    });

    // Served with region=arctic: the file written, on the arctic grid, its three leads.
    const served = await hist(app, admin, '&region=arctic');
    expect(served.statusCode).toBe(200);
    const path = join(dataDir, 'forecast-data/forecast/roms_arctic20/2016-02-01.arctic.nc');
    expect(Buffer.compare(served.rawPayload, readFileSync(path))).toBe(0);
    const lead = decodeAnyStateFile(new Uint8Array(served.rawPayload), 0);
    expect(lead.attributes).toMatchObject({ model: 'roms_arctic20', model_type: 'external', source_sha256: FIXTURE_SHA256.roms });
    expect(lead.state.concentration).toHaveLength(arctic.grid.nx * arctic.grid.ny);

    // Every written cell of every lead against the source, computed by netCDF4-python + pyproj.
    const mask = join(tempDir('land-'), 'land.u8');
    writeFileSync(mask, planarLandMask(arctic.grid));
    const script = join(import.meta.dirname, 'forecast-neighbourhood.py');
    const leads = JSON.stringify([[0, 0, 1, 0.5], [1, 1, 2, 0.5], [2, 2, 3, 0.5]]); // [lead, step a, step b, weight of b]
    const counts = JSON.parse(execFileSync('/usr/bin/python3', [script, path, fixturePath('roms'), 'aice', ROMS_PROJ4, mask, leads], { encoding: 'utf8' })) as Array<Record<string, number>>;
    expect(counts).toHaveLength(3);
    counts.forEach((lead, index) => {
      // The ROMS domain (Barents Sea to Fram Strait) at 20 km: tens of thousands of 6.25 km cells, not the grid's 2.2 M.
      expect(lead.checked, `lead ${index}`).toBeGreaterThan(20_000);
      expect(lead, `lead ${index}`).toMatchObject({ outside: 0, finite_gap: 0, sea_missing: 0 });
    });

    // The sector's run of the model and date: the same bytes as before the arctic import.
    const sectorAfter = await hist(app, admin, '');
    expect(sectorAfter.statusCode).toBe(200);
    expect(Buffer.compare(sectorAfter.rawPayload, sectorBefore.rawPayload)).toBe(0);
  });

  it('an unknown region is a 422 {detail} before any job', async () => {
    const { app } = await makeApp();
    const admin = await signedIn(app, 'admin');
    const reply = await importForecast(app, admin, { region: 'antarctic' });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().detail).toMatch(/antarctic/);
    const jobs = (await app.inject({ url: '/api/v1/jobs', headers: admin.headers })).json();
    expect(JSON.stringify(jobs)).not.toContain('import_forecast');
  });
});
