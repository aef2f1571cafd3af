import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '../../api/jobs.ts';
import { fakeApi, render, waitFor, type Rendered } from '../../testing/page-helpers.tsx';
import { JobsPage } from './jobs-page.tsx';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const job = (id: number, overrides: Partial<Job>): Job => ({
  id,
  kind: 'generate_forecast',
  status: 'succeeded',
  progress: 1,
  message: null,
  result: null,
  request: {},
  user_id: 1,
  username: 'admin',
  created_at: '2026-11-24T08:00:00.000Z',
  started_at: null,
  finished_at: null,
  ...overrides,
});

const rows = () => [...view!.container.querySelectorAll('tbody tr')].map((tr) => tr.textContent);

describe('/jobs', () => {
  it('lists jobs with kind, status, progress, who asked and the outcome, and polls while one runs', async () => {
    let calls = 0;
    fakeApi({
      'GET /api/v1/jobs': () => {
        calls += 1;
        const running = job(3, { kind: 'force_fetch_data', status: 'running', progress: 0.4, username: 'test' });
        const done = job(3, { kind: 'force_fetch_data', message: 'Загружено 2 дня', username: 'test' });
        const failed = job(2, { kind: 'generate_model', status: 'failed', progress: 0.1, message: 'нет анализа' });
        // The schedule's run of the daily cycle: nobody asked for it.
        const deleted = job(1, { kind: 'daily_cycle', username: null, user_id: null, result: { files: 2 } });
        return { status: 200, body: [calls === 1 ? running : done, failed, deleted] };
      },
    });
    view = await render(<JobsPage />);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(view.container.querySelector('h1')?.textContent).toBe('Задания');
    expect(rows()[0]).toContain('Загрузка данных');
    expect(rows()[0]).toContain('Выполняется');
    expect(rows()[0]).toContain('40%');
    expect(rows()[0]).toContain('test');
    expect(rows()[1]).toContain('Генерация модели');
    expect(rows()[1]).toContain('Ошибка');
    expect(rows()[1]).toContain('нет анализа');
    expect(rows()[2]).toContain('Ежедневный цикл');
    expect(rows()[2]).toContain('—');
    expect(rows()[2]).toContain('{"files":2}');
    // The running job makes the page ask again; the finished state replaces it.
    await waitFor(() => expect(rows()[0]).toContain('Загружено 2 дня'), 5000);
    expect(rows()[0]).toContain('Готово');
  });

  it('shows the reason when the list cannot be loaded', async () => {
    fakeApi({ 'GET /api/v1/jobs': { status: 403, body: { detail: 'Forbidden' } } });
    view = await render(<JobsPage />);
    await waitFor(() => expect(view!.container.querySelector('[role="alert"]')).not.toBeNull());
    expect(view.container.textContent).toContain('Недостаточно прав');
  });

  it('shows the daily cycle on top: the next run, the disk, and each date with its state and message', async () => {
    const next = '2026-11-25T06:45:00.000Z';
    fakeApi({
      'GET /api/v1/jobs': { status: 200, body: [] },
      'GET /api/v1/cycle': {
        status: 200,
        body: {
          schedule: '30 6 * * *',
          next_run: next,
          last_run: '2026-11-25T06:30:00.000Z',
          disk_bytes: 1.5 * 1024 ** 3,
          disk_free_bytes: 12 * 1024 ** 3,
          disk_total_bytes: 50 * 1024 ** 3,
          disk_reserve_bytes: 1024 ** 3,
          retain_days: 3,
          last_retention: { ran_at: '2026-11-25T06:35:00.000Z', dates: ['2026-11-20', '2026-11-21'], files: 6, bytes: 140 * 1024 ** 2, disk_bytes: 1.5 * 1024 ** 3 },
          dates: [
            { date: '2026-11-24', analysis: true, forecasts: 2, verification: true, status: 'done', message: 'анализ и прогнозы за 2026-11-24 готовы' },
            { date: '2026-11-25', analysis: false, forecasts: 0, verification: false, status: 'waiting', message: 'Ожидание данных за 2026-11-25: попытка 1, следующая в 06:45' },
          ],
        },
      },
    });
    view = await render(<JobsPage />);
    await waitFor(() => expect(view!.container.querySelector('.cycle-status')).not.toBeNull());
    const when = new Date(next).toLocaleString('ru-RU', { dateStyle: 'short', timeStyle: 'short' });
    expect(view.container.querySelector('.cycle-status__next')?.textContent).toBe(`Ежедневный цикл: следующий запуск ${when}`);
    const facts = view.container.querySelector('.cycle-status__facts')?.textContent;
    expect(facts).toContain('Расписание (UTC): 30 6 * * *');
    expect(facts).toContain('данные занимают 1,5 ГБ');
    expect(facts).toContain('свободно на диске 12 ГБ из 50 ГБ');
    expect(view.container.querySelector('.cycle-status__low-space')).toBeNull();
    expect(facts).toContain('хранятся 3 сут.');
    expect(facts).toContain('при последней очистке удалено дат: 2, 140 МБ');
    const dates = [...view.container.querySelectorAll('.cycle-status__dates tbody tr')].map((tr) => tr.textContent);
    expect(dates[0]).toBe('2026-11-24Готовоесть2естьанализ и прогнозы за 2026-11-24 готовы');
    expect(dates[1]).toBe('2026-11-25Ожидание данныхнет0нетОжидание данных за 2026-11-25: попытка 1, следующая в 06:45');
  });

  it('says when the cycle is off', async () => {
    fakeApi({
      'GET /api/v1/jobs': { status: 200, body: [] },
      'GET /api/v1/cycle': { status: 200, body: { schedule: 'off', next_run: null, last_run: null, disk_bytes: 0, disk_free_bytes: 5 * 1024 ** 3, disk_total_bytes: 10 * 1024 ** 3, disk_reserve_bytes: 1024 ** 3, retain_days: 0, last_retention: null, dates: [] } },
    });
    view = await render(<JobsPage />);
    await waitFor(() => expect(view!.container.querySelector('.cycle-status__next')?.textContent).toContain('выключен'));
    expect(view.container.querySelector('.cycle-status__facts')?.textContent).toContain('ещё не запускался');
  });

  it('warns in Russian when free space is below the reserve: the cycle starts no date', async () => {
    fakeApi({
      'GET /api/v1/jobs': { status: 200, body: [] },
      'GET /api/v1/cycle': {
        status: 200,
        body: { schedule: '30 6 * * *', next_run: null, last_run: null, disk_bytes: 9 * 1024 ** 3, disk_free_bytes: 300 * 1024 ** 2, disk_total_bytes: 10 * 1024 ** 3, disk_reserve_bytes: 1024 ** 3, retain_days: 0, last_retention: null, dates: [] },
      },
    });
    view = await render(<JobsPage />);
    await waitFor(() => expect(view!.container.querySelector('.cycle-status__low-space')).not.toBeNull());
    expect(view.container.querySelector('.cycle-status__low-space')?.textContent).toBe(
      'Недостаточно места на диске: свободно 300 МБ, меньше запаса 1 ГБ (DISK_RESERVE); цикл не начнёт новые даты, пока место не освободят',
    );
    expect(view.container.querySelector('.cycle-status__facts')?.textContent).toContain('свободно на диске 300 МБ из 10 ГБ');
  });
});
