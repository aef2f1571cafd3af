/**
 * The records against a second, plain implementation written here: two real analyses (NSIDC's Bootstrap
 * concentration and OSI SAF's EASE2 concentration, the shared fixtures regridded through the ingest path) and a
 * model run from the first. The files are read back with netcdfjs (not the project's decoder), cell areas come
 * from 2R²·Δλ·cos φ·sin(Δφ/2), and the sums run in the plainest way; every score agrees within 0.5 %.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NetCDFReader } from 'netcdfjs';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { runModel, type ArchiveContext } from '../../src/archive/pipeline.ts';
import { seedModels } from '../../src/cycle/demo-archive.ts';
import { readLocalFile } from '../../src/ingest/fetch-file.ts';
import { ingestAnalysis } from '../../src/ingest/ingest-analysis.ts';
import { verifyArchive } from '../../src/verification/verify-archive.ts';
import { listRecords } from '../../src/verification/verification-repository.ts';
import type { LeadScores } from '../../../common/verification/scores.ts';
import { tempDir } from '../helpers.ts';
import { fixturePath } from '../ingest/fixture-server.ts';
import { addDays } from '../../../common/utc-day.ts';

const D = '2026-11-20';

interface Read {
  lat: number[];
  lon: number[];
  /** Per time step: concentration and thickness, row-major. */
  steps: { conc: number[]; thick: number[] }[];
}

function readPlain(dataDir: string, rel: string): Read {
  const reader = new NetCDFReader(readFileSync(join(dataDir, rel)));
  const lat = reader.getDataVariable('latitude') as number[];
  const lon = reader.getDataVariable('longitude') as number[];
  const cells = lat.length * lon.length;
  const conc = reader.getDataVariable('sea_ice_fraction_BREMEN').flat() as number[];
  const thick = reader.getDataVariable('sithick_GLORYS').flat() as number[];
  const steps = Array.from({ length: conc.length / cells }, (_, t) => ({
    conc: conc.slice(t * cells, (t + 1) * cells),
    thick: thick.slice(t * cells, (t + 1) * cells),
  }));
  return { lat, lon, steps };
}

/** The plain second implementation: IIEE, over, under, RMSE, MAE, bias of concentration, thickness RMSE. */
function plainScores(lat: number[], lon: number[], forecast: Read['steps'][number], truth: Read['steps'][number]) {
  const R = 6371.0;
  const dLat = ((lat[1] - lat[0]) * Math.PI) / 180;
  const dLon = ((lon[1] - lon[0]) * Math.PI) / 180;
  let over = 0, under = 0, w = 0, se = 0, ae = 0, sum = 0, n = 0, tw = 0, tse = 0;
  for (let j = 0; j < lat.length; j++) {
    const area = 2 * R * R * dLon * Math.cos((lat[j] * Math.PI) / 180) * Math.sin(dLat / 2);
    for (let i = 0; i < lon.length; i++) {
      const f = forecast.conc[j * lon.length + i];
      const t = truth.conc[j * lon.length + i];
      if (Number.isNaN(f) || Number.isNaN(t)) continue;
      n += 1;
      if (f >= 0.15 && t < 0.15) over += area;
      if (f < 0.15 && t >= 0.15) under += area;
      w += area;
      se += area * (f - t) ** 2;
      ae += area * Math.abs(f - t);
      sum += area * (f - t);
      const dh = forecast.thick[j * lon.length + i] - truth.thick[j * lon.length + i];
      if (!Number.isNaN(dh)) {
        tw += area;
        tse += area * dh * dh;
      }
    }
  }
  return { n, iiee: over + under, over, under, rmse: Math.sqrt(se / w), mae: ae / w, bias: sum / w, thickRmse: tw > 0 ? Math.sqrt(tse / tw) : null };
}

const within = (actual: number | null, expected: number, share = 0.005) => {
  expect(actual).not.toBeNull();
  expect(Math.abs(actual! - expected)).toBeLessThanOrEqual(Math.abs(expected) * share);
};

/** A record's own concentration scores against the plain implementation's: the same cells, the rest within 0.5 %. */
function expectOwnScores(record: LeadScores, plain: ReturnType<typeof plainScores>) {
  expect(record.n_cells).toBe(plain.n);
  within(record.iiee_km2, plain.iiee);
  within(record.iiee_over_km2, plain.over);
  within(record.iiee_under_km2, plain.under);
  within(record.conc_rmse, plain.rmse);
  within(record.conc_mae, plain.mae);
  within(record.conc_bias, plain.bias);
}

async function ingest(ctx: ArchiveContext, fixture: 'nansat' | 'ease2', datasetId: string, date: string, names?: { concentration: string }) {
  const file = await readLocalFile(fixturePath(fixture));
  return (await ingestAnalysis(ctx, [{ product: datasetId, file, names }], { datasetId, sourceLabel: `${datasetId} test`, date, userId: null })).record;
}

describe('verification records against an independent implementation', () => {
  it('NSIDC and OSI SAF analyses regridded, and a model run from the first, agree within 0.5 %', async () => {
    const dataDir = tempDir('ice-verify-real-');
    const db = await openDatabase(dataDir);
    onTestFinished(() => db.destroy());
    const ctx: ArchiveContext = { db, dataDir };
    await seedModels(db);
    const nsidc = await ingest(ctx, 'nansat', 'nsidc_test', D, { concentration: 'Bootstrap' });
    const osisaf = await ingest(ctx, 'ease2', 'osisaf_test', addDays(D, 1));
    const nsidcLater = await ingest(ctx, 'nansat', 'nsidc_test', addDays(D, 2), { concentration: 'Bootstrap' });
    // damped_anomaly from the NSIDC analysis of D; its +24 h is scored against OSI SAF, its +48 h against NSIDC.
    const run = await runModel(ctx, 'model_3', D, 'assim_forecast');
    await verifyArchive(ctx, { modelIds: ['model_3'] });

    const records = await listRecords(db, { modelId: 'model_3', run: 'assim_forecast', from: D, to: D });
    expect(records.map((r) => [r.lead_hours, r.valid_date, r.truth_source])).toEqual([
      [24, addDays(D, 1), 'osisaf_test'],
      [48, addDays(D, 2), 'nsidc_test'],
    ]);
    const [record, later] = records;

    const forecast = readPlain(dataDir, run.path);
    const truth = readPlain(dataDir, osisaf.path);
    const start = readPlain(dataDir, nsidc.path);
    const own = plainScores(forecast.lat, forecast.lon, forecast.steps[0], truth.steps[0]);
    const persistence = plainScores(forecast.lat, forecast.lon, start.steps[0], truth.steps[0]);

    expect(own.n).toBeGreaterThan(100_000);
    expectOwnScores(record, own);
    within(record.persistence_iiee_km2, persistence.iiee);
    within(record.persistence_conc_rmse, persistence.rmse);
    within(record.skill_iiee, 1 - own.iiee / persistence.iiee);
    // OSI SAF has no thickness: the record says so rather than scoring nothing as zero.
    expect(own.thickRmse).toBeNull();
    expect(record.thick_rmse).toBeNull();
    expect(record.thick_bias).toBeNull();
    // Both analyses have an ice edge in the sector; the edge distance is IIEE over its length.
    expect(record.edge_length_km).toBeGreaterThan(500);
    within(record.edge_distance_km, own.iiee / record.edge_length_km);

    // +48 h against the NSIDC analysis (the same field as the start: persistence is perfect, its skill undefined).
    const second = plainScores(forecast.lat, forecast.lon, forecast.steps[1], readPlain(dataDir, nsidcLater.path).steps[0]);
    expectOwnScores(later, second);
    expect(later).toMatchObject({ persistence_iiee_km2: 0, persistence_conc_rmse: 0, skill_iiee: null, skill_conc_rmse: null });
  }, 180_000);
});
