/**
 * Drills of a full disk on a real small file system (small-disk.ts: a tmpfs the kernel fills until ENOSPC):
 * the daily cycle's job meeting a full disk mid-write, an upload bigger than the space left, and the reserve the
 * cycle keeps. In each: the Russian reason is given, no temporary or half-written file is left, no index row points
 * at a missing or partial file, the forecast the server already had is still served with 200, and once space is
 * freed the next run succeeds. On both engines: with PostgreSQL the database does not share the full disk, and the
 * job is run and failed by a queue worker (`npm run worker`'s code) rather than the in-process runner.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startQueueWorker } from '../../src/jobs/queue/start-worker.ts';
import { ENGINES, type Engine } from '../engines.ts';
import { setDefaultModel } from '../../src/cycle/daily-models.ts';
import { ensureAnalysis, runModel } from '../../src/archive/pipeline.ts';
import { seedModels } from '../../src/cycle/demo-archive.ts';
import { SMALL_GRID } from '../grid/small-grid.ts';
import { makeApp, signedIn } from '../helpers.ts';
import { call, waitForJob } from '../jobs/test-app.ts';
import { fillDisk, freeBytes, smallDisk } from './small-disk.ts';
import { addDays, utcDay } from '../../../common/utc-day.ts';

const MB = 1024 * 1024;
/** A date well before the cycle's window, whose small-grid forecast the server "already had". */
const HAD = '2026-01-10';

/** Every file under `dir`, relative. */
const filesUnder = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => statSync(join(dir, name)).isFile()) : [];

/**
 * An app whose DATA_DIR is on a small disk, the built-in models seeded, a forecast of HAD archived (small grid).
 * On PostgreSQL the database is elsewhere (the run's server) and jobs go through the durable queue: a queue worker
 * runs them beside the app, as `npm run worker` would, so its way of failing a job is the one drilled.
 */
async function appOnSmallDisk(engine: Engine, megabytes: number, env: Record<string, string> = {}) {
  const disk = smallDisk(megabytes);
  const dataDir = join(disk, 'data');
  mkdirSync(dataDir);
  const test = await makeApp({ dataDir, database: engine, env: { CYCLE_BACKFILL_DAYS: '0', ...env } });
  if (engine === 'postgres') {
    const worker = await startQueueWorker(test.app.config, test.app.log);
    onTestFinished(() => worker.close());
  }
  await seedModels(test.app.db);
  await setDefaultModel(test.app.db, 'model_2');
  const small = { db: test.app.db, dataDir, grid: SMALL_GRID };
  await ensureAnalysis(small, addDays(HAD, -1));
  await runModel(small, 'model_2', HAD, 'forecast');
  const admin = await signedIn(test.app, 'admin');
  return { ...test, disk, admin };
}

type Test = Awaited<ReturnType<typeof appOnSmallDisk>>;

/** The forecast the server already had, as a browser asks for it (brotli accepted) and as a range. */
async function servesWhatItHad(test: Test) {
  for (const headers of [{ 'accept-encoding': 'br, gzip' }, {}]) {
    const reply = await test.app.inject({ method: 'GET', url: `/api/v1/forecast/hist?date=${HAD}&model_id=model_2`, headers: { ...test.admin.headers, ...headers } });
    expect(reply.statusCode).toBe(200);
    expect(reply.rawPayload.length).toBe(Number(reply.headers['content-length']));
  }
}

/** Nothing half-written: no temporaries, and every index row's file is on disk with the size the row says. */
async function nothingPartial(test: Test) {
  expect(filesUnder(join(test.dataDir, 'tmp'))).toEqual([]);
  expect(filesUnder(join(test.dataDir, 'ingest-tmp'))).toEqual([]);
  const rows = await test.app.db.selectFrom('forecast_files').select(['path', 'bytes']).execute();
  for (const row of rows) expect(statSync(join(test.dataDir, row.path)).size, row.path).toBe(row.bytes);
  // Every forecast file on disk is indexed (a file no row lists would be a leftover of a failed write).
  const indexed = new Set(rows.map((row) => row.path));
  const onDisk = filesUnder(join(test.dataDir, 'forecast-data'))
    .filter((name) => name.endsWith('.nc'))
    .map((name) => `forecast-data/${name}`);
  expect(onDisk.filter((path) => !indexed.has(path))).toEqual([]);
}

async function forceCycle(test: Test) {
  const started = await call(test.app, { method: 'POST', url: '/api/v1/force_fetch_data', payload: {}, headers: test.admin.headers });
  expect(started.status).toBe(202);
  return waitForJob(test.app, test.admin.headers, started.body.job_id, 240_000);
}

describe.each(ENGINES)('a full disk (%s)', (engine) => {
  it('fails the cycle with the Russian reason, leaves nothing partial, keeps serving, and succeeds once space is freed', async () => {
    const test = await appOnSmallDisk(engine, 120, { DISK_RESERVE: '0' });
    // Room for today's analysis (10 MB) but not for the forecasts (30 MB each) after it.
    const filler = fillDisk(test.disk, 25 * MB);

    const failed = await forceCycle(test);
    expect(failed.status).toBe('failed');
    expect(failed.message).toMatch(/^Недостаточно места на диске: /);
    await nothingPartial(test);
    await servesWhatItHad(test);
    const status = await call(test.app, { method: 'GET', url: '/api/v1/cycle', headers: test.admin.headers });
    const today = status.body.dates.find((row: { date: string }) => row.date === utcDay());
    expect(today).toMatchObject({ status: 'failed', message: expect.stringMatching(/^Недостаточно места на диске: /) });
    expect(status.body.disk_free_bytes).toBeLessThan(40 * MB);

    rmSync(filler);
    const succeeded = await forceCycle(test);
    expect(succeeded.status).toBe('succeeded');
    await nothingPartial(test);
    await servesWhatItHad(test);
    const reply = await test.app.inject({ method: 'GET', url: `/api/v1/forecast/hist?date=${utcDay()}&model_id=model_2`, headers: test.admin.headers });
    expect(reply.statusCode).toBe(200);
  }, 300_000);

  it('refuses an upload larger than the space left with 507 and the Russian reason, and keeps no part of it', async () => {
    const test = await appOnSmallDisk(engine, 48);
    fillDisk(test.disk, 2 * MB);
    const boundary = 'drill-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.nc"\r\nContent-Type: application/x-netcdf\r\n\r\n`),
      Buffer.alloc(6 * MB, 1),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const reply = await call(test.app, {
      method: 'POST',
      url: '/api/v1/analysis/import',
      payload: body,
      headers: { ...test.admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(reply.status).toBe(507);
    expect(reply.body.detail).toMatch(/^Недостаточно места на диске: не удалось сохранить загруженный файл «big\.nc»/);
    await nothingPartial(test);
    await servesWhatItHad(test);
    expect(freeBytes(test.disk)).toBeGreaterThan(1.5 * MB);
  }, 60_000);

  it('starts no date while less than DISK_RESERVE is free, says so, and runs it once space is freed', async () => {
    const test = await appOnSmallDisk(engine, 160, { DISK_RESERVE: '100M' });
    const filler = fillDisk(test.disk, 90 * MB);
    const refused = await forceCycle(test);
    expect(refused.status).toBe('failed');
    expect(refused.message).toMatch(/^Недостаточно места на диске: свободно [\d,]+ МБ, меньше запаса DISK_RESERVE \(100 МБ\); дата \d{4}-\d{2}-\d{2} не обрабатывается/);
    // Nothing of the date was written.
    expect(filesUnder(join(test.dataDir, 'forecast-data')).filter((name) => name.includes(utcDay()))).toEqual([]);
    const status = await call(test.app, { method: 'GET', url: '/api/v1/cycle', headers: test.admin.headers });
    expect(status.body).toMatchObject({ disk_reserve_bytes: 100 * MB, disk_free_bytes: expect.any(Number), disk_total_bytes: 160 * MB });
    expect(status.body.disk_free_bytes).toBeLessThan(100 * MB);

    rmSync(filler);
    expect((await forceCycle(test)).status).toBe('succeeded');
  }, 300_000);
});
