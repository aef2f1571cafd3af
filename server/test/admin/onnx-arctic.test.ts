/**
 * A network trained for the whole Arctic (spec `region: "arctic"`, tensors [1, V·H, 1792, 1216]): registered after a
 * trial run on the newest arctic analysis, run by /forecast/generate in region arctic only, and its file there is
 * what the network computed (persistence: the analysis). A sector network against an arctic spec, or an unknown
 * region, is refused up front. One full-size arctic analysis (≈ 2.2 M cells) is built: the network's input shape is
 * the real grid's, so a coarse test grid cannot stand in for it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { regionById } from '../../../common/regions/index.ts';
import { ensureAnalysis, loadAnalysis } from '../../src/archive/pipeline.ts';
import { findModel } from '../../src/archive/forecast-repository.ts';
import { decodeAnyStateFile } from '../../src/archive/region-state-file.ts';
import { seedModels } from '../../src/cycle/demo-archive.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { signedIn, type Session } from '../helpers.ts';
import { waitForJob } from '../jobs/test-app.ts';
import { multipart } from '../routes/uploads/multipart.ts';
import { utcDay } from '../../../common/utc-day.ts';

const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, '../fixtures/onnx', name)));
const CONCENTRATION_ONLY = {
  input: { variables: ['concentration'], history_days: 1, mean: [0], std: [1], fill: 0 },
  output: { variables: ['concentration'], mean: [0], std: [1] },
};
const ARCTIC = { ...CONCENTRATION_ONLY, region: 'arctic' };

describe('ONNX networks in region arctic', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let admin: Session;
  const today = utcDay();
  const arctic = () => ({ db: app.db, dataDir, region: regionById('arctic') });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ice-onnx-arctic-'));
    app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SUBSET_WARM: '0', DIST_DIR: join(dataDir, 'no-dist') }));
    await seedModels(app.db);
    await ensureAnalysis(arctic(), today);
    admin = await signedIn(app, 'admin');
    return async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }, 120_000);

  const upload = (fields: Record<string, string>, name: string) => {
    const body = multipart(fields, { name, bytes: fixture(name) });
    return app.inject({ method: 'POST', url: '/api/v1/models/onnx', headers: { ...admin.headers, 'content-type': body.contentType }, payload: body.payload });
  };

  it('registers a network of the arctic grid, runs it in region arctic only, and writes what it computed', async () => {
    const reply = await upload({ model_id: 'onnx_arctic', spec: JSON.stringify(ARCTIC) }, 'persistence-arctic.onnx');
    expect(reply.statusCode, reply.body).toBe(202);
    const job = await waitForJob(app, admin.headers, reply.json().job_id, 120_000);
    // Tried on the newest arctic analysis; no hindcast metrics (they are computed on the sector).
    expect(job).toMatchObject({ status: 'succeeded', result: { model_id: 'onnx_arctic', tried_on: today, metrics: {} } });
    expect((await findModel(app.db, 'onnx_arctic'))?.hyperparameters).toMatchObject({ region: 'arctic', in_shape: [1, 1, 1792, 1216], out_shape: [1, 3, 1792, 1216] });

    const sector = await app.inject({ method: 'POST', url: '/api/v1/forecast/generate', payload: { date: today, model_ids: ['onnx_arctic'] }, headers: admin.headers });
    expect(sector.statusCode).toBe(422);
    expect(sector.json().detail).toContain('onnx_arctic');

    const started = await app.inject({ method: 'POST', url: '/api/v1/forecast/generate', payload: { date: today, model_ids: ['onnx_arctic'], region: 'arctic' }, headers: admin.headers });
    expect(started.statusCode, started.body).toBe(202);
    const run = await waitForJob(app, admin.headers, started.json().job_id, 180_000);
    expect(run.status, run.message).toBe('succeeded');
    const served = await app.inject({ url: `/api/v1/assim_forecast/hist?date=${today}&model_id=onnx_arctic&region=arctic`, headers: admin.headers });
    expect(served.statusCode).toBe(200);
    const bytes = new Uint8Array(served.rawPayload);
    const analysis = await loadAnalysis(arctic(), today);
    for (const lead of [0, 1, 2]) {
      const { state, attributes } = decodeAnyStateFile(bytes, lead);
      expect(attributes).toMatchObject({ model_type: 'onnx', persistence_variables: 'thickness, drift' });
      let compared = 0;
      for (let k = 0; k < state.concentration.length; k += 997) {
        const want = analysis.concentration[k];
        if (Number.isNaN(want)) expect(state.concentration[k]).toBeNaN();
        else {
          expect(state.concentration[k]).toBeCloseTo(want, 3);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(500);
    }
  }, 300_000);

  it('refuses a sector network with an arctic spec, and an unknown region, naming the fault; a sector network keeps its hyperparameters', async () => {
    const wrong = await upload({ model_id: 'onnx_wrong', spec: JSON.stringify(ARCTIC) }, 'persistence.onnx');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().detail).toBe('вход [1,1,1792,1216] ожидается, в модели [1,1,480,1301]');
    const north = await upload({ model_id: 'onnx_north', spec: JSON.stringify({ ...CONCENTRATION_ONLY, region: 'north' }) }, 'persistence-arctic.onnx');
    expect(north.statusCode).toBe(422);
    expect(north.json().detail).toBe('spec.region: неизвестный район "north" (допустимы sector, arctic)');

    const sector = await upload({ model_id: 'onnx_sector', spec: JSON.stringify(CONCENTRATION_ONLY) }, 'persistence.onnx');
    expect(sector.statusCode, sector.body).toBe(202);
    expect((await waitForJob(app, admin.headers, sector.json().job_id, 120_000)).status).toBe('succeeded');
    const hyperparameters = (await findModel(app.db, 'onnx_sector'))!.hyperparameters;
    expect(hyperparameters).toMatchObject({ in_shape: [1, 1, 480, 1301] });
    expect(Object.keys(hyperparameters)).not.toContain('region');
  }, 180_000);
});
