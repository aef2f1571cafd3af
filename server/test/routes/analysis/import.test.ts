/**
 * POST /api/v1/analysis/import: a real file uploaded becomes the analysis of its date, served by
 * /analysis/hist; what is refused up front (413, 422, 403); a restart during an import leaves nothing served.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { decodeStateFile } from '../../../src/archive/forecast-file.ts';
import { findProvenance } from '../../ingest/provenance.ts';
import { makeApp, signedIn, tempDir, type Session } from '../../helpers.ts';
import { waitForJob } from '../../jobs/test-app.ts';
import { FIXTURE_SHA256, fixtureBytes } from '../../ingest/fixture-server.ts';
import { multipart } from '../uploads/multipart.ts';
import { CANESM5, calendarFile, canesm5Bytes } from '../../ingest/calendar-files.ts';

function upload(app: FastifyInstance, session: Pick<Session, 'headers'> | null, fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }) {
  const body = multipart(fields, file);
  return app.inject({
    method: 'POST',
    url: '/api/v1/analysis/import',
    headers: { ...(session?.headers ?? {}), 'content-type': body.contentType },
    payload: body.payload,
  });
}

describe('POST /api/v1/analysis/import', () => {
  it('archives the uploaded file as the analysis of the requested date, served by /analysis/hist with its provenance', async () => {
    const { app, dataDir } = await makeApp();
    const admin = await signedIn(app, 'superuser');
    const reply = await upload(app, admin, { date: '2026-11-20' }, { name: 'ice_conc_nh_ease2-250_cdr-v3p1_202002.nc', bytes: fixtureBytes('ease2') });
    expect(reply.statusCode).toBe(202);
    const job = await waitForJob(app, admin.headers, reply.json().job_id, 120_000);
    expect(job).toMatchObject({
      kind: 'import_analysis',
      status: 'succeeded',
      user_id: admin.user.id,
      request: { file: 'ice_conc_nh_ease2-250_cdr-v3p1_202002.nc', bytes: 938_044, date: '2026-11-20' },
      result: { date: '2026-11-20', dataset_id: 'imported_analysis', variables: ['ice_conc'], sha256: FIXTURE_SHA256.ease2 },
    });
    const info = await app.inject({ url: '/api/v1/analysis/info', headers: admin.headers });
    expect(info.json().available_dates).toEqual(['2026-11-20']);
    const hist = await app.inject({ url: '/api/v1/analysis/hist?date=2026-11-20', headers: admin.headers });
    expect(hist.statusCode).toBe(200);
    const { state, attributes } = decodeStateFile(new Uint8Array(hist.rawPayload), 0);
    expect(attributes).toMatchObject({ source_product: 'upload', source_file: 'ice_conc_nh_ease2-250_cdr-v3p1_202002.nc', source_sha256: FIXTURE_SHA256.ease2 });
    const { row, col } = { row: Math.round((85 - 66.025) / 0.05), col: Math.round((80 - 50) / 0.05) };
    expect(state.concentration[row * 1301 + col]).toBeGreaterThan(0.9);
    expect(await findProvenance(app.db, 'analysis', 'imported_analysis', '2026-11-20')).toHaveLength(1);
    // The server serves the sector only (makeApp's CYCLE_REGIONS): the file, which reaches the whole Arctic too, is not
    // regridded into it (server/test/ingest/arctic-ingest.test.ts imports into both).
    expect(job.result.regions).toEqual([{ region: 'sector', file: 'forecast-data/analysis/imported_analysis/2026-11-20.nc' }]);
    expect(job.message).toBe('анализ за 2026-11-20 импортирован из файла ice_conc_nh_ease2-250_cdr-v3p1_202002.nc; районы: Карское море и море Лаптевых');
    expect((await app.inject({ url: '/api/v1/analysis/info?region=arctic', headers: admin.headers })).json().available_dates).toEqual([]);
    // The upload is gone once the job is done.
    expect(readdirSync(join(dataDir, 'ingest-tmp'))).toEqual([]);
    const datasets = (await app.inject({ url: '/api/v1/report/datasets', headers: admin.headers })).json();
    expect(datasets).toEqual([expect.objectContaining({ dataset_id: 'imported_analysis', metadata: expect.objectContaining({ variables: ['ice_conc'] }) })]);
  }, 180_000);

  it('without a date takes the file’s own time; a file with several steps gives the step on the date', async () => {
    const { app } = await makeApp();
    const admin = await signedIn(app, 'admin');
    const own = await upload(app, admin, {}, { name: 'arctic.nc', bytes: fixtureBytes('nansat') });
    expect(own.statusCode).toBe(202);
    expect((await waitForJob(app, admin.headers, own.json().job_id, 120_000)).result.date).toBe('1978-11-01');
    const step = await upload(app, admin, { date: '2016-02-03' }, { name: 'Arctic20_1to5Feb_2016.nc', bytes: fixtureBytes('roms') });
    expect(step.statusCode).toBe(202);
    const job = await waitForJob(app, admin.headers, step.json().job_id, 120_000);
    expect(job).toMatchObject({ status: 'succeeded', result: { date: '2016-02-03', variables: ['aice', 'hice'] } });
    expect((await app.inject({ url: '/api/v1/analysis/info', headers: admin.headers })).json().available_dates).toEqual(['1978-11-01', '2016-02-03']);
  }, 180_000);

  it('reads the file’s CF calendar: the CMIP6 365_day CanESM5 file imports for 2020-01-16 (its first month)', async () => {
    const { app } = await makeApp();
    const admin = await signedIn(app, 'admin');
    const reply = await upload(app, admin, { date: '2020-01-16' }, { name: CANESM5, bytes: canesm5Bytes() });
    expect(reply.statusCode, reply.body).toBe(202);
    const job = await waitForJob(app, admin.headers, reply.json().job_id, 150_000);
    expect(job, JSON.stringify(job.error)).toMatchObject({ status: 'succeeded', result: { date: '2020-01-16', variables: ['siconc'] } });
    expect(job.result.file_date).toBeUndefined(); // 2020-01-16 is also the file's own name for that day
    const hist = await app.inject({ url: '/api/v1/analysis/hist?date=2020-01-16', headers: admin.headers });
    const { state } = decodeStateFile(new Uint8Array(hist.rawPayload), 0);
    // January, central Arctic at 85°N 80°E: the model's ice cover is near full; percent became a fraction.
    const { row, col } = { row: Math.round((85 - 66.025) / 0.05), col: Math.round((80 - 50) / 0.05) };
    expect(state.concentration[row * 1301 + col]).toBeGreaterThan(0.9);
    expect(state.concentration[row * 1301 + col]).toBeLessThanOrEqual(1);
    // A day that is no step of the file names the steps by their real dates.
    const missing = await upload(app, admin, { date: '2019-12-06' }, { name: CANESM5, bytes: canesm5Bytes() });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toBe('в файле нет шага по времени за 2019-12-06 (есть 2020-01-16 … 2020-12-16)');
  }, 240_000);

  it('a 360_day day the real calendar lacks (2020-02-30) is imported as 2020-02-29, and the answer names the file’s date', async () => {
    const { app } = await makeApp();
    const admin = await signedIn(app, 'admin');
    const bytes = calendarFile({ units: 'days since 2020-01-01 00:00:00', calendar: '360_day', values: [59] });
    const reply = await upload(app, admin, {}, { name: 'model-360.nc', bytes });
    expect(reply.statusCode, reply.body).toBe(202);
    const job = await waitForJob(app, admin.headers, reply.json().job_id, 120_000);
    expect(job).toMatchObject({ status: 'succeeded', result: { date: '2020-02-29', file_date: '2020-02-30', calendar: '360_day' } });
    expect(job.message).toBe('анализ за 2020-02-29 импортирован из файла model-360.nc (в файле это 2020-02-30, календарь 360_day); районы: Карское море и море Лаптевых');
    expect((await app.inject({ url: '/api/v1/analysis/info', headers: admin.headers })).json().available_dates).toEqual(['2020-02-29']);
  }, 180_000);

  it('refuses with 422 a calendar it cannot place (none, unknown) or months since in a real calendar, naming it', async () => {
    const { app } = await makeApp();
    const admin = await signedIn(app, 'admin');
    const cases: Array<[{ units: string; calendar?: string }, RegExp]> = [
      [{ units: 'days since 2020-01-01', calendar: 'none' }, /^ось времени «time»: Календарь «none» у оси времени/],
      [{ units: 'days since 2020-01-01', calendar: 'julian_lunar' }, /^ось времени «time»: Неизвестный календарь оси времени «julian_lunar»/],
      [{ units: 'months since 2020-01-01', calendar: 'gregorian' }, /«months since» допустимо только в календаре 360_day.*«standard»/],
    ];
    for (const [time, detail] of cases) {
      const reply = await upload(app, admin, { date: '2020-01-01' }, { name: 'model.nc', bytes: calendarFile({ ...time, values: [0, 1] }) });
      expect(reply.statusCode, time.calendar).toBe(422);
      expect(reply.json().detail, time.calendar).toMatch(detail);
    }
    expect((await app.inject({ url: '/api/v1/jobs', headers: admin.headers })).json()).toEqual([]);
  }, 60_000);

  it('a second import of a date replaces the first, and a client’s cached copy is not reused (revalidated, new ETag)', async () => {
    const { app } = await makeApp();
    const admin = await signedIn(app, 'admin');
    const first = await upload(app, admin, { date: '2026-11-20' }, { name: 'arctic.nc', bytes: fixtureBytes('nansat') });
    await waitForJob(app, admin.headers, first.json().job_id, 120_000);
    const before = await app.inject({ url: '/api/v1/analysis/hist?date=2026-11-20', headers: admin.headers });
    expect(before.headers['cache-control']).toBe('private, no-cache');
    const cached = await app.inject({ url: '/api/v1/analysis/hist?date=2026-11-20', headers: { ...admin.headers, 'if-none-match': String(before.headers.etag) } });
    expect(cached.statusCode).toBe(304);

    const second = await upload(app, admin, { date: '2026-11-20' }, { name: 'ease2.nc', bytes: fixtureBytes('ease2') });
    await waitForJob(app, admin.headers, second.json().job_id, 120_000);
    const after = await app.inject({ url: '/api/v1/analysis/hist?date=2026-11-20', headers: { ...admin.headers, 'if-none-match': String(before.headers.etag) } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(decodeStateFile(new Uint8Array(after.rawPayload), 0).attributes.source_file).toBe('ease2.nc');
    expect((await app.inject({ url: '/api/v1/analysis/info', headers: admin.headers })).json().available_dates).toEqual(['2026-11-20']);
  }, 180_000);

  it('refuses with 422 and a detail: not NetCDF, no sea-ice variable, no time without a date, no step on the date, a bad date', async () => {
    const { app, dataDir } = await makeApp();
    const admin = await signedIn(app, 'admin');
    const cases: Array<[Record<string, string>, string, Uint8Array, RegExp]> = [
      [{}, 'notes.nc', new TextEncoder().encode('station,lat,lon\n1,70,60\n'), /^Файл «notes\.nc» не является файлом NetCDF/],
      [{}, 'drifters.nc', fixtureBytes('drifters'), /^В файле «drifters\.nc» нет переменных морского льда/],
      [{}, 'init_25km_NH.nc', fixtureBytes('nextsim'), /^в файле нет оси времени: укажите дату анализа/],
      [{}, 'roms.nc', fixtureBytes('roms'), /^в файле 5 шагов по времени \(2016-02-01 … 2016-02-05\): укажите дату/],
      [{ date: '2016-03-01' }, 'roms.nc', fixtureBytes('roms'), /^в файле нет шага по времени за 2016-03-01/],
      [{ date: '2016-02-30' }, 'roms.nc', fixtureBytes('roms'), /^Поле date должно быть датой ГГГГ-ММ-ДД/],
    ];
    for (const [fields, name, bytes, detail] of cases) {
      const reply = await upload(app, admin, fields, { name, bytes });
      expect(reply.statusCode, name).toBe(422);
      expect(reply.json().detail, name).toMatch(detail);
    }
    const extra = await upload(app, admin, { date: '2026-11-20', owner: 'someone' }, { name: 'arctic.nc', bytes: fixtureBytes('nansat') });
    expect(extra.statusCode).toBe(422);
    expect(extra.json().detail).toBe('Неизвестное поле «owner»: допустимы file, date');
    const noFile = await upload(app, admin, { date: '2026-11-20' });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().detail).toBe('Нет файла: ожидается поле file с файлом NetCDF');
    expect((await app.inject({ url: '/api/v1/jobs', headers: admin.headers })).json()).toEqual([]);
    expect(readdirSync(join(dataDir, 'ingest-tmp'))).toEqual([]);
  }, 60_000);

  it('413 beyond IMPORT_MAX_BYTES (the partial upload removed); 403 for a user, 401 for nobody', async () => {
    const { app, dataDir } = await makeApp({ env: { IMPORT_MAX_BYTES: '500000' } });
    const admin = await signedIn(app, 'admin');
    const big = await upload(app, admin, { date: '2026-11-20' }, { name: 'big.nc', bytes: fixtureBytes('ease2') });
    expect(big.statusCode).toBe(413);
    expect(big.json().detail).toMatch(/^Файл больше допустимых 0,5 МБ/);
    expect(readdirSync(join(dataDir, 'ingest-tmp'))).toEqual([]);
    const small = await upload(app, admin, { date: '2026-11-20' }, { name: 'arctic.nc', bytes: fixtureBytes('nansat') });
    expect(small.statusCode).toBe(202);

    const user = await signedIn(app, 'user');
    const forbidden = await upload(app, user, {}, { name: 'arctic.nc', bytes: fixtureBytes('nansat') });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ detail: 'Forbidden' });
    expect((await upload(app, null, {}, { name: 'arctic.nc', bytes: fixtureBytes('nansat') })).statusCode).toBe(401);
    await app.jobs.idle();
  }, 60_000);

  it('a restart during an import leaves nothing listed or served, and the job failed', async () => {
    const dataDir = tempDir();
    const first = await makeApp({ dataDir });
    const admin = await signedIn(first.app, 'admin');
    const reply = await upload(first.app, admin, { date: '2026-11-20' }, { name: 'ease2.nc', bytes: fixtureBytes('ease2') });
    expect(reply.statusCode).toBe(202);
    // Stop the server at once: the job's worker is terminated before it can write anything.
    await first.app.close();

    const second = await makeApp({ dataDir });
    const session = await signedIn(second.app, 'admin');
    const job = (await second.app.inject({ url: `/api/v1/jobs/${reply.json().job_id}`, headers: session.headers })).json();
    expect(job.status).toBe('failed');
    expect(job.message).toMatch(/^interrupted: the server (shut down|restarted) before the job finished$/);
    expect((await second.app.inject({ url: '/api/v1/analysis/info', headers: session.headers })).json().available_dates).toEqual([]);
    expect((await second.app.inject({ url: '/api/v1/analysis/hist?date=2026-11-20', headers: session.headers })).statusCode).toBe(404);
    expect(existsSync(join(dataDir, 'ingest-tmp')) ? readdirSync(join(dataDir, 'ingest-tmp')) : []).toEqual([]);
    // Not even an unlisted complete file: the worker was stopped before it wrote one.
    const analyses = join(dataDir, 'forecast-data', 'analysis');
    const written = existsSync(analyses) ? readdirSync(analyses, { recursive: true }).filter((name) => String(name).endsWith('.nc')) : [];
    expect(written).toEqual([]);
  }, 60_000);
});
