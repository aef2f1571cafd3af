/**
 * The daily cycle on a fake clock with a `dir:` inbox: backfill, the late product waited for and retried, the
 * deadline, failures that stop one date only, and a tick with nothing to do.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeStateFile } from '../../src/archive/forecast-file.ts';
import { findFile, modelMetrics } from '../../src/archive/forecast-repository.ts';
import { findProvenance } from '../ingest/provenance.ts';
import { readFileSync } from 'node:fs';
import { waitForJob } from '../jobs/test-app.ts';
import { cycleApp } from './cycle-fixture.ts';
import { setRunDaily } from '../../src/cycle/daily-models.ts';

const TODAY = '2026-11-25';
const PAST = ['2026-11-22', '2026-11-23', '2026-11-24'];

describe('the daily cycle', () => {
  it('one tick backfills three days, waits for today, completes it on the retry; a second tick does nothing new', async () => {
    const test = await cycleApp();
    for (const date of PAST) test.deliver(date);
    // Persistence is run every day as well as the default model.
    await setRunDaily(test.app.db, 'model_1', true);

    test.setClock(`${TODAY}T06:30:00Z`);
    const first = await test.app.cycle.runDue();
    expect(first).not.toBeNull();
    const job = await waitForJob(test.app, test.admin.headers, first!.id, 400_000);
    expect(job).toMatchObject({ kind: 'daily_cycle', status: 'succeeded', request: { date: TODAY, dates: [...PAST, TODAY], trigger: 'schedule' } });
    expect(job.message).toContain(`Ожидание данных за ${TODAY}: попытка 1, следующая в 06:45`);

    for (const date of PAST) {
      const analysis = await findFile(test.app.db, 'analysis', 'inbox_analysis', date);
      expect(analysis, date).toBeDefined();
      for (const kind of ['forecast', 'assim_forecast'] as const) {
        for (const model of ['model_2', 'model_1']) {
          const file = await findFile(test.app.db, kind, model, date);
          expect(existsSync(join(test.dataDir, file!.path)), `${kind} ${model} ${date}`).toBe(true);
        }
      }
      expect(await findFile(test.app.db, 'forecast', 'model_3', date)).toBeUndefined();
    }
    // Scores: the default model's metrics were computed from the new analyses.
    expect(Object.keys((await modelMetrics(test.app.db)).get('model_2') ?? {})).toContain('rmse');

    // A forecast from a real analysis says so, in its attribute and its provenance.
    const run = await findFile(test.app.db, 'assim_forecast', 'model_2', PAST[2]);
    const { attributes } = decodeStateFile(new Uint8Array(readFileSync(join(test.dataDir, run!.path))), 0);
    expect(attributes.source).toBe(`папка ${test.inbox}`);
    expect(attributes.source).not.toContain('демонстрационные');
    expect(await findProvenance(test.app.db, 'assim_forecast', 'model_2', PAST[2])).toEqual([
      expect.objectContaining({ product: 'inbox', original_name: `osisaf_${PAST[2].replaceAll('-', '')}.nc` }),
    ]);

    let status = await test.status();
    expect(status).toMatchObject({ schedule: '30 6,12 * * *', next_run: `${TODAY}T06:45:00.000Z`, last_run: expect.any(String), disk_bytes: expect.any(Number) });
    expect(status.disk_bytes).toBeGreaterThan(100_000_000);
    // Scored: the runs of the 22nd and 23rd against the next days' analyses; the 24th's need today's.
    expect(status.dates).toEqual([
      ...PAST.map((date) => ({ date, analysis: true, forecasts: 4, verification: date !== PAST[2], status: 'done', message: `анализ и прогнозы за ${date} готовы` })),
      { date: TODAY, analysis: false, forecasts: 0, verification: false, status: 'waiting', message: `Ожидание данных за ${TODAY}: попытка 1, следующая в 06:45` },
    ]);

    // Not due yet: nothing starts.
    test.setClock(`${TODAY}T06:44:00Z`);
    expect(await test.app.cycle.runDue()).toBeNull();

    // The product arrives; the retry at 06:45 completes today.
    test.deliver(TODAY);
    test.setClock(`${TODAY}T06:45:00Z`);
    const retry = await test.app.cycle.runDue();
    const retried = await waitForJob(test.app, test.admin.headers, retry!.id, 200_000);
    expect(retried).toMatchObject({ status: 'succeeded', request: { dates: [TODAY], trigger: 'retry' }, message: `анализ и прогнозы за ${TODAY} готовы` });
    status = await test.status();
    expect(status.dates.at(-1)).toEqual({ date: TODAY, analysis: true, forecasts: 4, verification: false, status: 'done', message: `анализ и прогнозы за ${TODAY} готовы` });
    expect(status.dates.map((date: { verification: boolean }) => date.verification)).toEqual([true, true, true, false]);
    expect(status.next_run).toBe(`${TODAY}T12:30:00.000Z`);

    // The 12:30 tick: every date is done, so no run starts and no file changes.
    const before = await test.app.db.selectFrom('forecast_files').select(['path', 'etag']).orderBy('path').execute();
    test.setClock(`${TODAY}T12:30:00Z`);
    expect(await test.app.cycle.runDue()).toBeNull();
    const jobs = await test.app.db.selectFrom('jobs').select('id').where('kind', '=', 'daily_cycle').execute();
    expect(jobs).toHaveLength(2);
    expect(await test.app.db.selectFrom('forecast_files').select(['path', 'etag']).orderBy('path').execute()).toEqual(before);
  }, 600_000);

  it('a corrupt file fails its date at once while the next goes on; a product still missing at the deadline fails its date', async () => {
    const test = await cycleApp({ CYCLE_BACKFILL_DAYS: '1', CYCLE_SCHEDULE: '30 6 * * *' });
    test.deliverCorrupt(PAST[2]);

    test.setClock(`${TODAY}T06:30:00Z`);
    const first = await test.app.cycle.runDue();
    const job = await waitForJob(test.app, test.admin.headers, first!.id, 200_000);
    expect(job.status).toBe('failed');
    expect(job.message).toMatch(new RegExp(`^Файл «osisaf_20261124\\.nc» не является файлом NetCDF: .*; Ожидание данных за ${TODAY}: попытка 1, следующая в 06:45$`));

    // Every 15 minutes until the deadline: attempt 2 at 06:45, …
    test.setClock(`${TODAY}T06:45:00Z`);
    const second = await waitForJob(test.app, test.admin.headers, (await test.app.cycle.runDue())!.id, 200_000);
    expect(second).toMatchObject({ status: 'succeeded', message: `Ожидание данных за ${TODAY}: попытка 2, следующая в 07:00` });

    // … and the server was away all day: the retry that runs after 18:00 is the last one.
    test.setClock(`${TODAY}T18:05:00Z`);
    const last = await waitForJob(test.app, test.admin.headers, (await test.app.cycle.runDue())!.id, 200_000);
    expect(last.status).toBe('failed');
    expect(last.message).toBe(`Данные за ${TODAY} не поступили до 18:00 UTC: В папке ${test.inbox} нет файлов NetCDF за ${TODAY} (ожидается дата в имени: ГГГГММДД или ГГГГ-ММ-ДД)`);
    const status = await test.status();
    expect(status.dates.map((date: { status: string }) => date.status)).toEqual(['failed', 'failed']);
    expect(status.next_run).toBe('2026-11-26T06:30:00.000Z');
    expect(await findFile(test.app.db, 'analysis', 'inbox_analysis', TODAY)).toBeUndefined();
  }, 600_000);
});
