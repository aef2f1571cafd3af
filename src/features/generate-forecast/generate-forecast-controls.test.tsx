import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, click, fakeApi, render, typeInto, waitFor, type Rendered } from '../../testing/page-helpers.tsx';
import { GenerateForecastControls, type ForecastRun } from './generate-forecast-controls.tsx';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
});

const catalogue = {
  'GET /api/v1/analysis/info': { status: 200, body: { available_dates: ['2026-01-01', '2026-01-02'] } },
  'GET /api/v1/report/model_architecture': {
    status: 200,
    body: [
      { model_id: 'model_1', model_type: 'persistence', hyperparameters: {} },
      { model_id: 'model_2', model_type: 'free_drift_advection', hyperparameters: {} },
      { model_id: 'model_3', model_type: 'damped_anomaly', hyperparameters: {} },
    ],
  },
};

const job = (status: string, progress: number) => ({
  id: 5, kind: 'generate_forecast', status, progress, message: status === 'running' ? 'running model_3' : null,
  result: status === 'succeeded' ? { date: '2026-01-02', model_ids: ['model_1', 'model_3'] } : null,
  request: {}, user_id: 1, created_at: '', started_at: null, finished_at: null,
});

const button = () => byText(view!.container, 'button', 'Сделать прогноз') as HTMLButtonElement;
const dateSelect = () => view!.container.querySelector<HTMLSelectElement>('[data-testid="generate-date"]');
const dateOptions = () => [...dateSelect()!.querySelectorAll('option')].map((o) => o.textContent);
const box = (label: string) =>
  [...view!.container.querySelectorAll('label')].find((l) => l.textContent === label)!.querySelector('input')!;

describe('/generate-forecast controls', () => {
  it('lists dates and models; the button waits for a date and a model; nothing is generated before pressing', async () => {
    const seen = fakeApi(catalogue);
    view = await render(<GenerateForecastControls onReady={() => undefined} />);
    await waitFor(() => expect(dateSelect()?.disabled).toBe(false));
    expect(dateOptions()).toEqual(['Выберите дату', '2026-01-02', '2026-01-01']);
    expect([...view.container.querySelectorAll('label.forecast-sidebar__check')].map((l) => l.textContent)).toEqual([
      'Модель model_1',
      'Модель model_2',
      'Модель model_3',
    ]);
    expect(button().disabled).toBe(true);
    await typeInto(dateSelect(), '2026-01-01');
    expect(button().disabled).toBe(true);
    await click(box('Модель model_2'));
    expect(button().disabled).toBe(false);
    await click(box('Модель model_2'));
    expect(button().disabled).toBe(true);
    await typeInto(dateSelect(), '');
    await click(box('Модель model_1'));
    expect(button().disabled).toBe(true);
    expect(seen.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'GET /api/v1/analysis/info',
      'GET /api/v1/report/model_architecture',
    ]);
  });

  it('sends the date and models in catalogue order, shows the job progress, and hands over the run when done', async () => {
    let polls = 0;
    const seen = fakeApi({
      ...catalogue,
      'POST /api/v1/forecast/generate': { status: 202, body: { job_id: 5 } },
      'GET /api/v1/jobs/5': () => ({ status: 200, body: polls++ === 0 ? job('running', 0.5) : job('succeeded', 1) }),
    });
    const ready: ForecastRun[] = [];
    view = await render(<GenerateForecastControls onReady={(run) => ready.push(run)} />);
    await waitFor(() => expect(dateSelect()?.disabled).toBe(false));
    await typeInto(dateSelect(), '2026-01-02');
    await click(box('Модель model_3'));
    await click(box('Модель model_1'));
    await click(button());
    await waitFor(() => expect(view!.container.textContent).toContain('Выполняется — 50%'));
    expect(view.container.textContent).toContain('running model_3');
    expect(ready).toEqual([]);
    await waitFor(() => expect(ready).toEqual([{ date: '2026-01-02', modelIds: ['model_1', 'model_3'], region: 'sector' }]), 4000);
    expect(view.container.textContent).toContain('Готово');
    expect(view.container.textContent).toContain('Прогноз на 2026-01-02 построен: model_1, model_3');
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({ date: '2026-01-02', model_ids: ['model_1', 'model_3'] });
  });

  it("shows the server's detail when the request is refused, and a failed job's reason", async () => {
    let refuse = true;
    fakeApi({
      ...catalogue,
      'POST /api/v1/forecast/generate': () =>
        refuse ? { status: 404, body: { detail: 'No analysis archived for 2026-01-02' } } : { status: 202, body: { job_id: 5 } },
      'GET /api/v1/jobs/5': { status: 200, body: { ...job('failed', 0.3), message: 'unknown model model_3' } },
    });
    const ready: ForecastRun[] = [];
    view = await render(<GenerateForecastControls onReady={(run) => ready.push(run)} />);
    await waitFor(() => expect(dateSelect()?.disabled).toBe(false));
    await typeInto(dateSelect(), '2026-01-02');
    await click(box('Модель model_3'));
    await click(button());
    await waitFor(() => expect(view!.container.querySelector('[role="alert"]')?.textContent).toBe('No analysis archived for 2026-01-02'));
    refuse = false;
    await click(button());
    await waitFor(() => expect(view!.container.textContent).toContain('unknown model model_3'));
    expect(view.container.textContent).toContain('Ошибка');
    expect(ready).toEqual([]);
  });

  it("offers the dates with an analysis under 'Дата анализа', newest first, not the forecast dates", async () => {
    const seen = fakeApi({
      ...catalogue,
      // An imported analysis (2026-02-10) with no forecast yet; forecasts exist for other days.
      'GET /api/v1/analysis/info': { status: 200, body: { available_dates: ['2026-02-08', '2026-02-09', '2026-02-10'] } },
      'GET /api/v1/forecast/info': { status: 200, body: { available_dates: ['2026-01-01'] } },
    });
    view = await render(<GenerateForecastControls onReady={() => undefined} />);
    await waitFor(() => expect(dateSelect()?.disabled).toBe(false));
    expect(dateSelect()!.closest('label')!.querySelector('span')?.textContent).toBe('Дата анализа');
    expect(dateOptions()).toEqual([
      'Выберите дату',
      '2026-02-10',
      '2026-02-09',
      '2026-02-08',
    ]);
    expect(seen.some((r) => r.path === '/api/v1/forecast/info')).toBe(false);
  });

  it("'Район': the whole Arctic's analysis dates, the date chosen again, region=arctic in the request and in the run handed over", async () => {
    let polls = 0;
    const seen = fakeApi({
      ...catalogue,
      'GET /api/v1/analysis/info?region=arctic': { status: 200, body: { available_dates: ['2026-01-01'] } },
      'POST /api/v1/forecast/generate': { status: 202, body: { job_id: 5 } },
      'GET /api/v1/jobs/5': () => ({ status: 200, body: polls++ === 0 ? job('running', 0.5) : { ...job('succeeded', 1), result: { date: '2026-01-01', model_ids: ['model_2'] } } }),
    });
    const ready: ForecastRun[] = [];
    view = await render(<GenerateForecastControls onReady={(run) => ready.push(run)} />);
    await waitFor(() => expect(dateSelect()?.disabled).toBe(false));
    const region = view.container.querySelector<HTMLSelectElement>('[data-testid="generate-region"]')!;
    expect(region.closest('label')!.querySelector('span')?.textContent).toBe('Район');
    expect([...region.options].map((o) => o.textContent)).toEqual(['Карское море и море Лаптевых', 'Арктика целиком']);
    expect(region.value).toBe('sector');
    await typeInto(dateSelect(), '2026-01-02');
    await typeInto(region, 'arctic');
    await waitFor(() => expect(dateOptions()).toEqual(['Выберите дату', '2026-01-01']));
    // The sector's date is not the Arctic's: chosen again.
    expect(dateSelect()!.value).toBe('');
    await click(box('Модель model_2'));
    expect(button().disabled).toBe(true);
    await typeInto(dateSelect(), '2026-01-01');
    await click(button());
    await waitFor(() => expect(ready).toEqual([{ date: '2026-01-01', modelIds: ['model_2'], region: 'arctic' }]), 4000);
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({ date: '2026-01-01', model_ids: ['model_2'], region: 'arctic' });
    expect(seen.filter((r) => r.path.startsWith('/api/v1/analysis/info')).map((r) => r.path)).toEqual(['/api/v1/analysis/info', '/api/v1/analysis/info?region=arctic']);
  });

  it('says so when the chosen region has no analysis yet', async () => {
    fakeApi({ ...catalogue, 'GET /api/v1/analysis/info?region=arctic': { status: 200, body: { available_dates: [] } } });
    view = await render(<GenerateForecastControls onReady={() => undefined} />);
    await waitFor(() => expect(dateSelect()?.disabled).toBe(false));
    await typeInto(view.container.querySelector('[data-testid="generate-region"]'), 'arctic');
    await waitFor(() => expect(view!.container.querySelector('[role="alert"]')?.textContent).toBe('В районе «Арктика целиком» пока нет анализов: сначала загрузите данные.'));
    expect(dateOptions()).toEqual(['Выберите дату']);
  });

  it('explains when the lists cannot load', async () => {
    fakeApi({ ...catalogue, 'GET /api/v1/analysis/info': 'network-error' });
    view = await render(<GenerateForecastControls onReady={() => undefined} />);
    await waitFor(() => expect(view!.container.textContent).toContain('Сервер недоступен'));
  });
});
