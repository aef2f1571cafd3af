/**
 * CHART_SOURCE=dir:PATH: the daily cycle imports the charts delivered to the folder, skips one whose service and
 * valid time are stored already, refuses a bad file once with its Russian reason (in the job's message and
 * GET /api/v1/cycle) and does not take it up again until it changes.
 */
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { CycleStatus } from '../../../common/api-types/cycle.ts';
import { loadConfig } from '../../src/config.ts';
import { runCycle, type CyclePlan } from '../../src/cycle/run-cycle.ts';
import { listCharts } from '../../src/icecharts/chart-repository.ts';
import { makeApp, signedIn, tempDir } from '../helpers.ts';
import { AARI, CHART_FIXTURES, CHARTS_DIR } from './fixtures.ts';

const DMI_IMZ = CHART_FIXTURES.find((fixture) => fixture.name.endsWith('.imz'))!;
/** A small chart (23 polygons: about a fifth of the AARI chart's CPU to build and compress, brotli 11 included). */
const CAPE_FAREWELL = CHART_FIXTURES.find((fixture) => fixture.name.includes('CapeFarewell'))!;

describe('the chart inbox of the daily cycle', () => {
  it('imports new charts, skips stored ones, refuses a bad file once and takes it up again when it changes', async () => {
    const inbox = tempDir('charts-');
    const { app } = await makeApp({ env: { CHART_SOURCE: `dir:${inbox}` } });
    expect(app.config.chartSource).toEqual({ kind: 'dir', path: inbox });
    writeFileSync(join(inbox, CAPE_FAREWELL.name), CAPE_FAREWELL.bytes());
    // The same chart again under another name: its service and valid time come from the name, and are stored.
    writeFileSync(join(inbox, '201304100920_CapeFarewell_RIC_copy.zip'), CAPE_FAREWELL.bytes());
    writeFileSync(join(inbox, 'aari_arc_20140212_pl_a.zip'), 'not a zip at all');
    writeFileSync(join(inbox, 'readme.txt'), 'not a chart: not taken');
    // A chart whose names carry no date: the folder gives no form to say it.
    const undated = Object.fromEntries(['shp', 'shx', 'dbf', 'prj'].map((ext) => [`chart.${ext}`, readFileSync(`${AARI.base}.${ext}`)]));
    writeFileSync(join(inbox, 'chart.zip'), zipSync(undated));

    const plan: CyclePlan = {
      dates: [],
      now: '2014-02-12T06:30:00Z',
      source: { kind: 'demo' },
      retryS: 900,
      deadline: '18:00',
      retainDays: 0,
      charts: { folder: inbox, maxBytes: app.config.importMaxBytes },
      jobId: null,
      userId: null,
    };
    const ctx = { db: app.db, dataDir: app.config.dataDir };
    const first = await runCycle(ctx, plan, () => 0, () => {});
    const [chart] = await listCharts(app.db);
    expect(chart).toMatchObject({ source: 'DMI', valid_time: CAPE_FAREWELL.validTime, polygons: 23, original_name: CAPE_FAREWELL.name });
    expect(first.charts?.imported).toEqual([chart.id]);
    expect(first.charts?.files).toEqual([
      { name: CAPE_FAREWELL.name, status: 'imported', message: `Ледовая карта DMI на ${CAPE_FAREWELL.validTime} загружена: полигонов 23`, chart_id: chart.id },
      { name: '201304100920_CapeFarewell_RIC_copy.zip', status: 'skipped', message: `Карта DMI на ${CAPE_FAREWELL.validTime} уже загружена (№ ${chart.id})`, chart_id: chart.id },
      {
        name: 'aari_arc_20140212_pl_a.zip',
        status: 'failed',
        message: 'Файл «aari_arc_20140212_pl_a.zip» не является zip-архивом: ожидается архив (.zip или .imz) с набором SIGRID-3 (.shp, .shx, .dbf, .prj)',
        chart_id: null,
      },
      {
        name: 'chart.zip',
        status: 'failed',
        message:
          'Срок действия карты не определён: в имени «chart.zip» нет даты (aari_arc_ГГГГММДД_pl_a, ГГГГММДДЧЧММ_<район>_RIC|WA, cis_SGRD??_ГГГГММДДTЧЧММZ_pl_a) — файл из папки CHART_SOURCE не загружен',
        chart_id: null,
      },
    ]);

    // The next run takes up nothing: the bad files are not tried again, the chart is not imported twice.
    const second = await runCycle(ctx, { ...plan, now: '2014-02-12T12:30:00Z' }, () => 0, () => {});
    expect(second.charts).toEqual({ files: [], imported: [] });
    expect(await listCharts(app.db)).toHaveLength(1);

    // The admin sees the reasons in the cycle's status.
    const admin = await signedIn(app, 'admin');
    const status = (await app.inject({ url: '/api/v1/cycle', headers: admin.headers })).json<CycleStatus>();
    expect(status.chart_source).toBe(inbox);
    expect(status.charts.map((file) => [file.name, file.status])).toEqual(
      expect.arrayContaining([
        [CAPE_FAREWELL.name, 'imported'],
        ['201304100920_CapeFarewell_RIC_copy.zip', 'skipped'],
        ['aari_arc_20140212_pl_a.zip', 'failed'],
        ['chart.zip', 'failed'],
      ]),
    );
    expect(status.charts).toHaveLength(4);
    expect(status.charts.find((file) => file.name === 'aari_arc_20140212_pl_a.zip')?.message).toContain('не является zip-архивом');

    // A file written anew is taken up again (still bad: refused again); the DMI chart named as the service names it
    // is imported.
    writeFileSync(join(inbox, 'aari_arc_20140212_pl_a.zip'), 'still not a zip, but a new delivery');
    copyFileSync(join(CHARTS_DIR, DMI_IMZ.name), join(inbox, DMI_IMZ.name));
    const third = await runCycle(ctx, { ...plan, now: '2014-02-13T06:30:00Z' }, () => 0, () => {});
    expect(third.charts?.files).toEqual([
      expect.objectContaining({ name: 'aari_arc_20140212_pl_a.zip', status: 'failed' }),
      expect.objectContaining({ name: DMI_IMZ.name, status: 'imported', message: `Ледовая карта DMI на ${DMI_IMZ.validTime} загружена: полигонов 74` }),
    ]);
    // Each imported chart's bodies were made with it (brotli: whole and simplified), as the import job makes them.
    expect(readdirSync(join(ctx.dataDir, 'icecharts', 'served')).filter((name) => name.endsWith('.json.br'))).toHaveLength(4);
    // A hang guard, not a speed check: two charts built and their bodies compressed (brotli 11) at CI's load.
  }, 600_000);

  it('is off unless CHART_SOURCE names a folder, and a bad value is refused at start', () => {
    expect(loadConfig({}).chartSource).toBeNull();
    expect(loadConfig({ CHART_SOURCE: 'off' }).chartSource).toBeNull();
    expect(() => loadConfig({ CHART_SOURCE: 'ftp://charts' })).toThrow(/CHART_SOURCE.*dir:PATH/s);
  });
});
