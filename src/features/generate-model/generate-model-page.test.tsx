import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, click, fakeApi, render, typeInto, waitFor, type Rendered } from '../../testing/page-helpers.tsx';
import { GenerateModelPage } from './generate-model-page.tsx';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
});

const datasets = [
  { dataset_id: 1, dataset_name: 'demo_analysis', metadata: { description: 'x', variables: [], target_variables: [] } },
];

const field = (selector: string) => view!.container.querySelector(selector);
const submit = () => click(byText(view!.container, 'button', 'Отправить'));

async function fillAll() {
  await typeInto(field('select'), 'free_drift_advection');
  await click(byText(view!.container, 'button', 'Подставить пример содержания'));
  await waitFor(() => expect(view!.container.querySelectorAll('select')[1].querySelectorAll('option')).toHaveLength(2));
  await typeInto(view!.container.querySelectorAll('select')[1], 'demo_analysis');
  await typeInto(field('input[type="text"]'), 'slow_drift');
}

describe('/generate-model', () => {
  it('refuses to send until all four fields are filled, whatever the browser does', async () => {
    const seen = fakeApi({ 'GET /api/v1/report/datasets': { status: 200, body: datasets } });
    view = await render(<GenerateModelPage />);
    expect(view.container.querySelector('h1')?.textContent).toBe('Сгенерировать модель');
    await submit();
    expect(view.container.textContent).toContain('⚠️ Заполните все поля');
    await typeInto(field('input[type="text"]'), 'only_a_name');
    await submit();
    expect(view.container.textContent).toContain('⚠️ Заполните все поля');
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('offers the system prompt samples and the content example of the chosen family', async () => {
    fakeApi({ 'GET /api/v1/report/datasets': { status: 200, body: datasets } });
    view = await render(<GenerateModelPage />);
    const options = [...view.container.querySelectorAll('select')[0].querySelectorAll('option')].map((o) => o.value);
    expect(options).toEqual(['', 'persistence', 'free_drift_advection', 'damped_anomaly']);
    await typeInto(field('select'), 'damped_anomaly');
    expect(view.container.querySelector('pre')?.textContent).toContain('e_folding_days');
    await click(byText(view.container, 'button', 'Подставить пример содержания'));
    expect((field('textarea') as HTMLTextAreaElement).value).toBe('e_folding_days=7\n');
  });

  it('sends the request, says so, and follows the job until the model is registered', async () => {
    let release: () => void = () => undefined;
    const seen = fakeApi({
      'GET /api/v1/report/datasets': { status: 200, body: datasets },
      'POST /api/v1/models/generate': () =>
        new Promise((resolve) => (release = () => resolve({ status: 202, body: { job_id: 3 } }))),
      'GET /api/v1/jobs/3': {
        status: 200,
        body: {
          id: 3, kind: 'generate_model', status: 'succeeded', progress: 1, message: null,
          result: { model_id: 'slow_drift' }, request: {}, user_id: 1,
          created_at: '', started_at: null, finished_at: null,
        },
      },
    });
    view = await render(<GenerateModelPage />);
    await fillAll();
    await submit();
    expect(view.container.textContent).toContain('Отправка запроса...');
    release();
    await waitFor(() => expect(view!.container.textContent).toContain('✅ Модель успешно отправлена на генерацию'));
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
      content: 'time_step_hours=6\ndrift_scale=0.8',
      prompt_id: 'free_drift_advection',
      dataset: 'demo_analysis',
      experiment_name: 'slow_drift',
    });
    await waitFor(() => expect(view!.container.textContent).toContain('Модель slow_drift зарегистрирована'));
  });

  it('reports a refused request with the server detail', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi({
      'GET /api/v1/report/datasets': { status: 200, body: datasets },
      'POST /api/v1/models/generate': { status: 422, body: { detail: 'experiment_name is taken' } },
    });
    view = await render(<GenerateModelPage />);
    await fillAll();
    await submit();
    await waitFor(() => expect(view!.container.textContent).toContain('❌ Ошибка при отправке запроса'));
    expect(view.container.textContent).toContain('experiment_name is taken');
  });

  it('says the request failed when the job refuses a generated model of another family, and shows why', async () => {
    const reason = 'генератор вернул модель семейства persistence, а выбран системный промпт семейства free_drift_advection; модель не зарегистрирована';
    fakeApi({
      'GET /api/v1/report/datasets': { status: 200, body: datasets },
      'POST /api/v1/models/generate': { status: 202, body: { job_id: 4 } },
      'GET /api/v1/jobs/4': {
        status: 200,
        body: {
          id: 4, kind: 'generate_model', status: 'failed', progress: 0.05, message: reason,
          result: null, request: {}, user_id: 1, created_at: '', started_at: null, finished_at: null,
        },
      },
    });
    view = await render(<GenerateModelPage />);
    await fillAll();
    await submit();
    await waitFor(() => expect(view!.container.textContent).toContain('❌ Ошибка при отправке запроса'));
    expect(view.container.textContent).not.toContain('✅');
    expect(view.container.textContent).toContain(reason);
  });

  it('explains when the dataset list cannot load', async () => {
    fakeApi({ 'GET /api/v1/report/datasets': { status: 403, body: { detail: 'Forbidden' } } });
    view = await render(<GenerateModelPage />);
    await waitFor(() => expect(view!.container.textContent).toContain('Недостаточно прав'));
  });
});
