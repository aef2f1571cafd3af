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
        const deleted = job(1, { username: null, user_id: null, result: { files: 2 } });
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
});
