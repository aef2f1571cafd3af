/**
 * POST /api/v1/models/onnx: a trained network uploaded with its spec becomes a model of type `onnx`, runs on the
 * archive like the built-in families and writes forecast files; what is refused up front (422 naming the
 * mismatch, 409, 403) and what fails in the job (a network that outputs NaN everywhere) registers nothing.
 * The networks are built by ../fixtures/onnx/make-models.py (committed with its output).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { loadAnalysis } from '../../src/archive/pipeline.ts';
import { decodeStateFile } from '../../src/archive/forecast-file.ts';
import { findModel } from '../../src/archive/forecast-repository.ts';
import { signedIn, type Session } from '../helpers.ts';
import { waitForJob } from '../jobs/test-app.ts';
import { multipart } from '../routes/uploads/multipart.ts';
import { prepareArchive } from './archive-fixture.ts';

const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, '../fixtures/onnx', name)));

const CONCENTRATION_ONLY = {
  input: { variables: ['concentration'], history_days: 1, mean: [0], std: [1], fill: 0 },
  output: { variables: ['concentration'], mean: [0], std: [1] },
};
// make-models.py's LINEAR_W and LINEAR_B: lead l = Σ_h W[l][h]·c_h + B[l], days oldest first.
const LINEAR_W = [
  [0.2, 0.3, 0.5],
  [0.1, 0.3, 0.6],
  [0.0, 0.5, 0.5],
];
const LINEAR_B = [0.01, 0.0, -0.01];
const LINEAR = {
  input: { variables: ['concentration'], history_days: 3, mean: [0], std: [1], fill: 0 },
  output: { variables: ['concentration'], mean: [0], std: [1] },
};

function upload(app: FastifyInstance, session: Pick<Session, 'headers'>, fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }) {
  const body = multipart(fields, file);
  return app.inject({
    method: 'POST',
    url: '/api/v1/models/onnx',
    headers: { ...session.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

describe('POST /api/v1/models/onnx', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let admin: Session;
  let dates: string[];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ice-onnx-test-'));
    app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SUBSET_WARM: '0', DIST_DIR: join(dataDir, 'no-dist') }));
    dates = await prepareArchive(app, 4);
    admin = await signedIn(app, 'admin');
    return async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }, 120_000);

  const generate = async (modelId: string, date: string) => {
    const started = await app.inject({ method: 'POST', url: '/api/v1/forecast/generate', payload: { date, model_ids: [modelId] }, headers: admin.headers });
    expect(started.statusCode, started.body).toBe(202);
    const job = await waitForJob(app, admin.headers, started.json().job_id, 120_000);
    expect(job.status, job.message).toBe('succeeded');
    const served = await app.inject({ url: `/api/v1/assim_forecast/hist?date=${date}&model_id=${modelId}`, headers: admin.headers });
    expect(served.statusCode).toBe(200);
    return new Uint8Array(served.rawPayload);
  };

  it('registers a network that reproduces persistence; its forecast is the analysis, and the file says what it kept', async () => {
    const reply = await upload(app, admin, { model_id: 'onnx_persistence', spec: JSON.stringify(CONCENTRATION_ONLY) }, { name: 'persistence.onnx', bytes: fixture('persistence.onnx') });
    expect(reply.statusCode, reply.body).toBe(202);
    const job = await waitForJob(app, admin.headers, reply.json().job_id, 120_000);
    expect(job).toMatchObject({ kind: 'upload_onnx_model', status: 'succeeded', result: { model_id: 'onnx_persistence', model_type: 'onnx', tried_on: dates.at(-1) } });
    expect(job.result.metrics.rmse_24h).toBeGreaterThanOrEqual(0);
    const model = await findModel(app.db, 'onnx_persistence');
    expect(model).toMatchObject({ model_type: 'onnx', hyperparameters: { in_shape: [1, 1, 480, 1301], out_shape: [1, 3, 480, 1301], input_variables: ['concentration'], history_days: 1 } });
    expect(existsSync(join(dataDir, 'models', 'onnx_persistence.onnx'))).toBe(true);

    const date = dates[1];
    const bytes = await generate('onnx_persistence', date);
    const analysis = await loadAnalysis({ db: app.db, dataDir }, date);
    for (const lead of [0, 1, 2]) {
      const { state, attributes } = decodeStateFile(bytes, lead);
      expect(attributes).toMatchObject({ model_type: 'onnx', persistence_variables: 'thickness, drift', onnx_sha256: model!.hyperparameters.sha256 });
      expect(String(attributes.onnxruntime_version)).toMatch(/^\d+\.\d+/);
      let compared = 0;
      for (let k = 0; k < state.concentration.length; k += 97) {
        const want = analysis.concentration[k];
        if (Number.isNaN(want)) expect(state.concentration[k]).toBeNaN();
        else {
          expect(state.concentration[k]).toBeCloseTo(want, 3);
          expect(state.thickness[k]).toBeCloseTo(analysis.thickness[k], 2);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(1000);
    }
    // Scored like any model once its run exists: +24 h and +48 h have analyses of their valid dates.
    const verification = await app.inject({
      url: `/api/v1/verification?model_id=onnx_persistence&run=assim_forecast&from=${dates[0]}&to=${dates[3]}`,
      headers: admin.headers,
    });
    expect(verification.statusCode, verification.body).toBe(200);
    const rows = verification.json().rows as Array<{ date: string; lead_hours: number; iiee_km2: number; skill_iiee: number | null }>;
    expect(rows.filter((row) => row.date === date).map((row) => row.lead_hours)).toEqual([24, 48]);
    // It is persistence: its ice-edge error is persistence's, skill 0.
    for (const row of rows.filter((r) => r.date === date)) expect(row.skill_iiee ?? 0).toBeCloseTo(0, 2);
  }, 240_000);

  it('runs a linear network over three days of history and writes the weighted sums computed by hand', async () => {
    const reply = await upload(app, admin, { model_id: 'onnx_linear', spec: JSON.stringify(LINEAR) }, { name: 'linear.onnx', bytes: fixture('linear.onnx') });
    expect(reply.statusCode, reply.body).toBe(202);
    const job = await waitForJob(app, admin.headers, reply.json().job_id, 120_000);
    expect(job.status, job.message).toBe('succeeded');

    const date = dates[3];
    const bytes = await generate('onnx_linear', date);
    const ctx = { db: app.db, dataDir };
    const history = [await loadAnalysis(ctx, dates[1]), await loadAnalysis(ctx, dates[2]), await loadAnalysis(ctx, dates[3])];
    for (const lead of [0, 1, 2]) {
      const { state } = decodeStateFile(bytes, lead);
      let compared = 0;
      for (let k = 0; k < state.concentration.length; k += 89) {
        if (Number.isNaN(history[2].concentration[k])) {
          expect(state.concentration[k]).toBeNaN();
          continue;
        }
        const fill = (x: number) => (Number.isNaN(x) ? 0 : x);
        const sum = history.reduce((acc, day, h) => acc + LINEAR_W[lead][h] * fill(day.concentration[k]), LINEAR_B[lead]);
        expect(state.concentration[k]).toBeCloseTo(Math.min(1, Math.max(0, sum)), 3);
        compared++;
      }
      expect(compared).toBeGreaterThan(1000);
    }
  }, 240_000);

  it('fails the forecast job naming the missing history days', async () => {
    const started = await app.inject({ method: 'POST', url: '/api/v1/forecast/generate', payload: { date: dates[0], model_ids: ['onnx_linear'] }, headers: admin.headers });
    const job = await waitForJob(app, admin.headers, started.json().job_id, 120_000);
    expect(job.status).toBe('failed');
    expect(job.message).toContain('нет анализов за');
  }, 120_000);

  it('refuses a network whose input does not match the spec, naming both shapes; nothing is registered', async () => {
    const spec = {
      input: { variables: ['concentration', 'thickness'], history_days: 2, mean: [0, 0], std: [1, 1], fill: 0 },
      output: { variables: ['concentration'], mean: [0], std: [1] },
    };
    const reply = await upload(app, admin, { model_id: 'onnx_wrong', spec: JSON.stringify(spec) }, { name: 'wrong-input.onnx', bytes: fixture('wrong-input.onnx') });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().detail).toBe('вход [1,4,480,1301] ожидается, в модели [1,3,480,1301]');
    expect(await findModel(app.db, 'onnx_wrong')).toBeUndefined();
    expect(existsSync(join(dataDir, 'models', 'onnx_wrong.onnx'))).toBe(false);
    expect(readdirSync(join(dataDir, 'ingest-tmp'))).toEqual([]);
  });

  it('refuses a file that is not ONNX, a malformed spec, a taken id and a plain user', async () => {
    const notOnnx = await upload(app, admin, { model_id: 'x1', spec: JSON.stringify(CONCENTRATION_ONLY) }, { name: 'model.onnx', bytes: new TextEncoder().encode('not a network') });
    expect(notOnnx.statusCode).toBe(422);
    expect(notOnnx.json().detail).toMatch(/^файл не является моделью ONNX/);
    const badSpec = await upload(app, admin, { model_id: 'x2', spec: JSON.stringify({ ...CONCENTRATION_ONLY, input: { ...CONCENTRATION_ONLY.input, variables: ['salinity'] } }) }, { name: 'p.onnx', bytes: fixture('persistence.onnx') });
    expect(badSpec.statusCode).toBe(422);
    expect(badSpec.json().detail).toContain('неизвестная переменная "salinity"');
    const notJson = await upload(app, admin, { model_id: 'x3', spec: 'input=concentration' }, { name: 'p.onnx', bytes: fixture('persistence.onnx') });
    expect(notJson.statusCode).toBe(422);
    expect(notJson.json().detail).toMatch(/^spec не является JSON/);
    const taken = await upload(app, admin, { model_id: 'model_1', spec: JSON.stringify(CONCENTRATION_ONLY) }, { name: 'p.onnx', bytes: fixture('persistence.onnx') });
    expect(taken.statusCode).toBe(409);
    const user = await signedIn(app, 'user');
    const refused = await upload(app, user, { model_id: 'x4', spec: JSON.stringify(CONCENTRATION_ONLY) }, { name: 'p.onnx', bytes: fixture('persistence.onnx') });
    expect(refused.statusCode).toBe(403);
    for (const id of ['x1', 'x2', 'x3', 'x4']) expect(await findModel(app.db, id)).toBeUndefined();
  });

  it('fails the job of a network that outputs NaN everywhere with a Russian reason, and registers nothing', async () => {
    const reply = await upload(app, admin, { model_id: 'onnx_nan', spec: JSON.stringify(CONCENTRATION_ONLY) }, { name: 'nan-output.onnx', bytes: fixture('nan-output.onnx') });
    expect(reply.statusCode).toBe(202);
    const job = await waitForJob(app, admin.headers, reply.json().job_id, 120_000);
    expect(job.status).toBe('failed');
    expect(job.message).toContain('модель выдала NaN во всех ячейках моря');
    expect(await findModel(app.db, 'onnx_nan')).toBeUndefined();
    expect(existsSync(join(dataDir, 'models', 'onnx_nan.onnx'))).toBe(false);
    expect(readdirSync(join(dataDir, 'ingest-tmp'))).toEqual([]);
  }, 120_000);
});
