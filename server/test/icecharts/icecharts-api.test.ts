/**
 * /api/v1/icecharts: an admin imports the AARI chart (202, a job), everyone signed in lists and reads it as GeoJSON
 * (brotli, ETag, simplified without losing a polygon), the same chart again is 409 unless replace=1; bad archives
 * are refused with the Russian reason naming the fault and nothing is stored.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { zipSync } from 'fflate';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { IceChartCollection, IceChartList } from '../../../common/api-types/icecharts.ts';
import { makeApp, signedIn, type Session } from '../helpers.ts';
import { waitForJob } from '../jobs/test-app.ts';
import { multipart } from '../routes/uploads/multipart.ts';
import { AARI, CHART_FIXTURES, zipWith } from './fixtures.ts';

/**
 * Hang guards, not speed checks, ms: an import job is tens of seconds of one core, and at load 30 (CI runs these
 * tests beside the journeys) 150 s for a job and 240 s for a test ran out.
 */
const JOB_TIMEOUT_MS = 600_000;
const TEST_TIMEOUT_MS = 900_000;

function upload(app: FastifyInstance, session: Pick<Session, 'headers'> | null, fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }) {
  const body = multipart(fields, file);
  return app.inject({ method: 'POST', url: '/api/v1/icecharts', headers: { ...(session?.headers ?? {}), 'content-type': body.contentType }, payload: body.payload });
}

const AARI_DIR = 'aari_arc_20140211_pl_a';
const CAPE_FAREWELL = CHART_FIXTURES.find((chart) => chart.name.includes('CapeFarewell'))!;

describe('/api/v1/icecharts', () => {
  it('imports the AARI chart and serves it to every signed-in user as GeoJSON with decoded codes', async () => {
    const { app, dataDir } = await makeApp();
    const admin = await signedIn(app, 'admin');
    const reply = await upload(app, admin, {}, { name: AARI.name, bytes: AARI.bytes() });
    expect(reply.statusCode, reply.body).toBe(202);
    const job = await waitForJob(app, admin.headers, reply.json().job_id, JOB_TIMEOUT_MS);
    expect(job, job.message).toMatchObject({ kind: 'import_icechart', status: 'succeeded', result: { source: 'ААНИИ', valid_time: AARI.validTime, polygons: 342 } });
    expect(readdirSync(join(dataDir, 'ingest-tmp'))).toEqual([]);
    // The bodies a first viewer asks for (whole, and simplified for a slow link) were made by the import, in brotli.
    const servedDir = join(dataDir, 'icecharts', 'served');
    const madeAhead = readdirSync(servedDir).filter((name) => name.endsWith('.json.br')).sort();
    expect(madeAhead).toHaveLength(2);

    const user = await signedIn(app, 'user');
    const list = (await app.inject({ url: '/api/v1/icecharts?from=2014-02-01&to=2014-02-11', headers: user.headers })).json() as IceChartList;
    expect(list.charts).toEqual([expect.objectContaining({ id: job.result.chart_id, source: 'ААНИИ', valid_time: AARI.validTime, polygons: 342 })]);
    expect(list.charts[0].bbox).toEqual([-180, expect.closeTo(56.96, 1), 180, 90]);
    expect((await app.inject({ url: '/api/v1/icecharts?to=2014-02-10', headers: user.headers })).json()).toEqual({ charts: [] });

    const url = `/api/v1/icecharts/${job.result.chart_id}`;
    const full = await app.inject({ url, headers: { ...user.headers, 'accept-encoding': 'br' } });
    expect(full.statusCode).toBe(200);
    expect(full.headers).toMatchObject({ 'content-encoding': 'br', 'content-type': expect.stringContaining('application/geo+json') });
    const chart = JSON.parse(brotliDecompressSync(full.rawPayload).toString()) as IceChartCollection;
    expect(chart).toMatchObject({ type: 'FeatureCollection', tolerance_km: 0, chart: { id: job.result.chart_id, polygons: 342 } });
    expect(chart.features).toHaveLength(342);
    expect(chart.features.filter((f) => f.properties.poly_type === 'W')).toHaveLength(3);
    expect(chart.features.filter((f) => f.properties.stages.some((s) => s.code === '99'))).toHaveLength(223);
    const fast = chart.features.filter((f) => f.properties.fast_ice);
    expect(fast).toHaveLength(219);
    expect(fast[0].properties).toMatchObject({ ct: [10, 10], poly_type: 'I' });
    const young = chart.features.find((f) => f.properties.raw.SA === '83');
    expect(young?.properties).toMatchObject({ ct: [10, 10], ct_meaning: 'tenths', stages: [{ conc: [10, 10], stage: 'young', name: 'молодой лёд', code: '83' }] });
    const water = chart.features.find((f) => f.properties.poly_type === 'W');
    expect(water?.properties).toMatchObject({ ct: [0, 0], ct_meaning: 'ice_free', stages: [], fast_ice: false, raw: { CT: '00', SA: '-9' } });

    const again = await app.inject({ url, headers: { ...user.headers, 'accept-encoding': 'br', 'if-none-match': full.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const simplified = await app.inject({ url: `${url}?tolerance_km=2`, headers: { ...user.headers, 'accept-encoding': 'br' } });
    expect(simplified.headers.etag).not.toBe(full.headers.etag);
    expect(simplified.rawPayload.length).toBeLessThan(full.rawPayload.length / 3);
    const small = JSON.parse(brotliDecompressSync(simplified.rawPayload).toString()) as IceChartCollection;
    expect(small.features.map((f) => f.id)).toEqual(chart.features.map((f) => f.id));
    expect(small.tolerance_km).toBe(2);
    // Both were sent from what the import made (their ETags name those files), and nothing more was made.
    const servedAs = (etag: unknown) => `${String(etag).replace(/"/g, '').replace(/-br$/, '')}.json.br`;
    expect([servedAs(full.headers.etag), servedAs(simplified.headers.etag)].sort()).toEqual(madeAhead);
    expect(readdirSync(servedDir).filter((name) => name.endsWith('.json.br')).sort()).toEqual(madeAhead);

    expect((await app.inject({ url: '/api/v1/icecharts/9999', headers: user.headers })).statusCode).toBe(404);
    expect((await app.inject({ url })).statusCode).toBe(401);
    expect((await upload(app, user, {}, { name: AARI.name, bytes: AARI.bytes() })).statusCode).toBe(403);
  }, TEST_TIMEOUT_MS);

  // A small chart (23 polygons, about a fifth of the AARI chart's CPU to build and compress): what is checked here is
  // the rule on source and valid time, the same for any chart.
  it('refuses the same source and valid time again with 409 unless replace=1, which keeps the id', async () => {
    const { app } = await makeApp();
    const admin = await signedIn(app, 'superuser');
    const first = await upload(app, admin, {}, { name: CAPE_FAREWELL.name, bytes: CAPE_FAREWELL.bytes() });
    const job = await waitForJob(app, admin.headers, first.json().job_id, JOB_TIMEOUT_MS);
    expect(job.status, job.message).toBe('succeeded');
    const twice = await upload(app, admin, {}, { name: CAPE_FAREWELL.name, bytes: CAPE_FAREWELL.bytes() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(`Карта DMI на ${CAPE_FAREWELL.validTime} уже загружена (№ ${job.result.chart_id}): чтобы заменить её, отправьте replace=1`);
    const other = await upload(app, admin, { source: 'NIC', valid_time: '2014-02-12T12:00Z' }, { name: 'chart.zip', bytes: CAPE_FAREWELL.bytes() });
    expect(other.statusCode).toBe(202);
    const replaced = await upload(app, admin, { replace: '1' }, { name: CAPE_FAREWELL.name, bytes: CAPE_FAREWELL.bytes() });
    expect(replaced.statusCode).toBe(202);
    const replacedJob = await waitForJob(app, admin.headers, replaced.json().job_id, JOB_TIMEOUT_MS);
    expect(replacedJob).toMatchObject({ status: 'succeeded', result: { chart_id: job.result.chart_id, replaced: true } });
    await waitForJob(app, admin.headers, other.json().job_id, JOB_TIMEOUT_MS);
    const list = (await app.inject({ url: '/api/v1/icecharts', headers: admin.headers })).json() as IceChartList;
    expect(list.charts.map((c) => [c.source, c.valid_time])).toEqual([
      ['NIC', '2014-02-12T12:00:00.000Z'],
      ['DMI', CAPE_FAREWELL.validTime],
    ]);
  }, 2 * TEST_TIMEOUT_MS);

  it('refuses bad archives with the reason, storing nothing', async () => {
    const { app, dataDir } = await makeApp();
    const admin = await signedIn(app, 'admin');
    const stem = 'aari_arc_20140211_pl_a';
    const cases: [string, Uint8Array, Record<string, string>, string | RegExp][] = [
      ['chart.zip', new TextEncoder().encode('CDF\x01 not a zip at all'), {}, 'Файл «chart.zip» не является zip-архивом: ожидается архив (.zip или .imz) с набором SIGRID-3 (.shp, .shx, .dbf, .prj)'],
      [AARI.name, zipWith(AARI_DIR, stem, { dbf: null }), {}, `В архиве нет файла .dbf к «${stem}.shp»: без него нет кодов ледовой карты`],
      [AARI.name, zipWith(AARI_DIR, stem, { prj: new TextEncoder().encode('PROJCS["broken",GEOGCS[') }), {}, /^Файл \.prj «aari_arc_20140211_pl_a\.prj» не читается: /],
      [AARI.name, zipWith(AARI_DIR, stem, { dbf: dbfWithout() }), {}, 'Нет полей SIGRID-3: CT, SA, POLY_TYPE (в файле .dbf их нет — это не ледовая карта SIGRID-3)'],
      [AARI.name, zipWith(AARI_DIR, stem, { shp: emptyShp() }), {}, `В файле «${stem}.shp» нет полигонов`],
      ['chart.zip', renamed('chart'), {}, /^Срок действия карты не определён: в имени «chart\.zip» нет даты .* укажите valid_time$/],
      [AARI.name, AARI.bytes(), { valid_time: '11.02.2014' }, 'Поле valid_time должно быть датой и временем ISO 8601 (например 2014-02-11T00:00:00Z), получено "11.02.2014"'],
      ['empty.zip', zipSync({ 'readme.txt': new Uint8Array([1]) }), {}, 'В архиве «empty.zip» нет файла .shp: ожидается набор SIGRID-3 (.shp, .shx, .dbf, .prj)'],
    ];
    for (const [name, bytes, fields, detail] of cases) {
      const reply = await upload(app, admin, fields, { name, bytes });
      expect(reply.statusCode, `${name} ${reply.body}`).toBe(422);
      if (typeof detail === 'string') expect(reply.json().detail).toBe(detail);
      else expect(reply.json().detail).toMatch(detail);
    }
    expect((await app.inject({ url: '/api/v1/icecharts', headers: admin.headers })).json()).toEqual({ charts: [] });
    expect(readdirSync(join(dataDir, 'ingest-tmp'))).toEqual([]);
  }, 120_000);
});

/** The AARI DBF with its field names renamed (CT → XT, …): a dBASE file with no SIGRID-3 field. */
function dbfWithout(): Uint8Array {
  const dbf = new Uint8Array(readFileSync(AARI.base + '.dbf'));
  for (let offset = 32; dbf[offset] !== 0x0d; offset += 32) dbf[offset] = 'X'.charCodeAt(0);
  return dbf;
}

/** A polygon `.shp` header with no records. */
function emptyShp(): Uint8Array {
  const bytes = new Uint8Array(100);
  const view = new DataView(bytes.buffer);
  view.setInt32(0, 9994);
  view.setInt32(24, 50);
  view.setInt32(28, 1000, true);
  view.setInt32(32, 5, true);
  return bytes;
}

/** The AARI set with its members renamed `<stem>.*`: no date in any name. */
function renamed(stem: string): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const ext of ['shp', 'shx', 'dbf', 'prj']) files[`${stem}.${ext}`] = new Uint8Array(readFileSync(`${AARI.base}.${ext}`));
  return zipSync(files);
}
