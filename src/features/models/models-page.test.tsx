import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, fakeApi, render, waitFor, type Rendered } from '../../testing/page-helpers.tsx';
import { ModelsPage } from './models-page.tsx';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
});

const architectures = [
  { model_id: 'model_1', model_type: 'persistence', hyperparameters: {} },
  {
    model_id: 'model_2',
    model_type: 'free_drift_advection',
    hyperparameters: { time_step_hours: 6, in_shape: [4, 32, 480, 1300] },
  },
];

describe('/models', () => {
  it('shows one card per model with type, hyperparameters and metric badges', async () => {
    fakeApi({
      'GET /api/v1/report/model_architecture': { status: 200, body: architectures },
      'GET /api/v1/report/model_metrics': {
        status: 200,
        body: [{ model_id: 'model_2', metrics: { rmse_24h: 0.12345, ssim: 0.9 } }],
      },
    });
    view = await render(<ModelsPage />);
    await waitFor(() => expect(view!.container.querySelectorAll('article')).toHaveLength(2));
    const [first, second] = view.container.querySelectorAll('article');
    expect(view.container.querySelector('h1')?.textContent).toBe('Модели');
    expect(second.querySelector('h2')?.textContent).toBe('model_2');
    expect(second.textContent).toContain('Тип: free_drift_advection');
    expect(second.textContent).toContain('Гиперпараметры');
    expect([...second.querySelectorAll('.hyperparameters li')].map((li) => li.textContent)).toEqual([
      'time_step_hours: 6',
      'in_shape: [4, 32, 480, 1300]',
    ]);
    // The headline metrics first, then the per-lead ones under their heading.
    expect([...second.querySelectorAll('.badge')].map((b) => b.textContent)).toEqual(['ssim: 0.9', 'rmse 24h: 0.123']);
    expect([...second.querySelectorAll('.metric-group__title')].map((h) => h.textContent)).toEqual(['По заблаговременности']);
    // A model without metrics still has its card.
    expect(first.querySelector('h2')?.textContent).toBe('model_1');
    expect(first.textContent).toContain('Метрики ещё не рассчитаны');
  });

  it("writes the verification scores as 'Проверка прогнозов' does, and names the run, period and region they are of", async () => {
    fakeApi({
      'GET /api/v1/report/model_architecture': { status: 200, body: architectures },
      'GET /api/v1/report/model_metrics': {
        status: 200,
        body: [
          {
            model_id: 'model_2',
            metrics: { rmse: 0.0812, iiee_24h: 5897.772, skill_iiee_24h: -1.8937, iiee_48h: 245349.5, skill_iiee_48h: 0.4263 },
            verification: { run: 'assim_forecast', from: '2026-10-28', to: '2026-11-26' },
          },
        ],
      },
    });
    view = await render(<ModelsPage />);
    await waitFor(() => expect(view!.container.querySelectorAll('article')).toHaveLength(2));
    const card = view.container.querySelectorAll('article')[1];
    expect([...card.querySelectorAll('.metric-group__headline .badge')].map((b) => b.textContent)).toEqual([
      'rmse: 0.081',
      'iiee 24h: 5,9 тыс. км²',
      'skill iiee 24h: −189 %',
    ]);
    expect([...card.querySelectorAll('.metric-group__row .badge')].map((b) => b.textContent)).toEqual(['iiee 48h: 245,3 тыс. км²', 'skill iiee 48h: +43 %']);
    expect(card.querySelector('.model-metrics__scope')?.textContent).toBe(
      'IIEE и выигрыш по IIEE — как в «Проверке прогнозов»: Ассимилированный прогноз, 2026-10-28 — 2026-11-26, район «Карское море и море Лаптевых»',
    );
  });

  it("shows the dataset a generated model was made for under 'Датасет', and none for a built-in model", async () => {
    fakeApi({
      'GET /api/v1/report/model_architecture': {
        status: 200,
        body: [
          { model_id: 'model_1', model_type: 'persistence', hyperparameters: {} },
          {
            model_id: 'slow_decay',
            model_type: 'damped_anomaly',
            hyperparameters: { e_folding_days: 11 },
            dataset_id: 'osisaf_conc',
            dataset_name: 'OSI SAF concentration',
          },
        ],
      },
      'GET /api/v1/report/model_metrics': { status: 200, body: [] },
    });
    view = await render(<ModelsPage />);
    await waitFor(() => expect(view!.container.querySelectorAll('article')).toHaveLength(2));
    const [builtIn, generated] = view.container.querySelectorAll('article');
    expect([...generated.querySelectorAll('.catalog-card__fact')].map((fact) => fact.textContent)).toEqual([
      'Тип: damped_anomaly',
      'Датасет: OSI SAF concentration',
    ]);
    expect(builtIn.textContent).not.toContain('Датасет');
  });

  it('shows where an external model’s forecast came from', async () => {
    fakeApi({
      'GET /api/v1/report/model_architecture': {
        status: 200,
        body: [
          {
            model_id: 'roms_arctic20',
            model_type: 'external',
            hyperparameters: {},
            provenance: {
              original_name: 'Arctic20_1to5Feb_2016.nc',
              sha256: '555f21671d30e4c3f7cc7f110d4942aceea6ca369aa1d966d166ebf1ef2354cb',
              date: '2016-02-01',
              created_at: '2026-11-24T08:00:00.000Z',
              details: { title: 'ROMS model results', institution: 'MET Norway' },
            },
          },
        ],
      },
      'GET /api/v1/report/model_metrics': { status: 200, body: [] },
    });
    view = await render(<ModelsPage />);
    await waitFor(() => expect(view!.container.querySelectorAll('article')).toHaveLength(1));
    expect([...view.container.querySelectorAll('.provenance li')].map((li) => li.textContent)).toEqual([
      'Файл: Arctic20_1to5Feb_2016.nc (ROMS model results)',
      'Организация: MET Norway',
      'Последний импортированный прогноз: 2016-02-01',
      'sha256: 555f21671d30e4c3f7cc7f110d4942aceea6ca369aa1d966d166ebf1ef2354cb',
    ]);
  });

  it('says so when there are no models', async () => {
    fakeApi({
      'GET /api/v1/report/model_architecture': { status: 200, body: [] },
      'GET /api/v1/report/model_metrics': { status: 200, body: [] },
    });
    view = await render(<ModelsPage />);
    await waitFor(() => expect(view!.container.textContent).toContain('Моделей пока нет'));
  });

  it('shows the cards even when metrics fail to load', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi({
      'GET /api/v1/report/model_architecture': { status: 200, body: architectures },
      'GET /api/v1/report/model_metrics': { status: 500, body: { detail: 'Internal Server Error' } },
    });
    view = await render(<ModelsPage />);
    await waitFor(() => expect(view!.container.querySelectorAll('article')).toHaveLength(2));
  });

  it.each([
    [401, 'Сессия истекла. Войдите снова.'],
    [403, 'Недостаточно прав для этого раздела.'],
    [500, 'Не удалось загрузить данные: boom'],
  ])('explains a %i answer', async (status, text) => {
    fakeApi({
      'GET /api/v1/report/model_architecture': { status, body: { detail: 'boom' } },
      'GET /api/v1/report/model_metrics': { status: 200, body: [] },
    });
    view = await render(<ModelsPage />);
    await waitFor(() => expect(view!.container.querySelector('[role="alert"]')?.textContent).toContain(text));
  });

  it('explains an unreachable server and retries on demand', async () => {
    let up = false;
    fakeApi({
      'GET /api/v1/report/model_architecture': () => (up ? { status: 200, body: architectures } : 'network-error'),
      'GET /api/v1/report/model_metrics': () => (up ? { status: 200, body: [] } : 'network-error'),
    });
    view = await render(<ModelsPage />);
    await waitFor(() => expect(view!.container.textContent).toContain('Сервер недоступен'));
    up = true;
    await click(view.container.querySelector('[role="alert"] button'));
    await waitFor(() => expect(view!.container.querySelectorAll('article')).toHaveLength(2));
  });

  it('marks the default model (DEFAULT_MODEL) and the models run every day', async () => {
    fakeApi({
      'GET /api/v1/report/model_architecture': {
        status: 200,
        body: [
          { ...architectures[0], is_default: false, run_daily: true },
          { ...architectures[1], is_default: true, run_daily: true },
          { model_id: 'model_3', model_type: 'damped_anomaly', hyperparameters: {}, is_default: false, run_daily: false },
        ],
      },
      'GET /api/v1/report/model_metrics': { status: 200, body: [] },
    });
    view = await render(<ModelsPage />);
    await waitFor(() => expect(view!.container.querySelectorAll('article')).toHaveLength(3));
    const marks = [...view.container.querySelectorAll('article')].map((card) => card.querySelector('.model-card__daily')?.textContent ?? null);
    expect(marks).toEqual(['Прогнозы строятся ежедневно', 'Модель по умолчанию: прогнозы строятся ежедневно', null]);
  });
});
