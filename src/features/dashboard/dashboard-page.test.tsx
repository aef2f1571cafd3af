/** What each role sees on the dashboard and in the top bar. */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../common/testing/fake-fetch.ts';
import { createFakeApi, makeUser } from '../../testing/fake-api.ts';
import { cleanUpApp, click, renderApp, type RenderedApp, waitUntil } from '../../testing/render-app.tsx';

let app: RenderedApp | null = null;

afterEach(() => (app = cleanUpApp(app)));

const everyone = [
  ['Прогнозы', '/forecasts', 'Просмотр ранее сгенерированных прогнозов'],
  ['Модели', '/models', 'Информация о существующих моделях'],
  ['Датасеты', '/datasets', 'Информация о доступных датасетах'],
  ['Проверка прогнозов', '/verification', 'Как сбылись прогнозы: IIEE, смещение кромки, RMSE и сравнение с персистентностью'],
];
const adminsOnly = [
  ['Загрузка данных', '/upload', 'Загрузка новых данных для анализа'],
  ['Генерация модели', '/generate-model', 'Создание модели на основе системного промпта'],
  ['Генерация прогноза', '/generate-forecast', 'Создание прогноза на основе моделей и даты'],
];

function cards(a: RenderedApp) {
  return [...a.container.querySelectorAll('.card')].map((card) => [
    card.querySelector('h2')?.textContent,
    card.getAttribute('data-path'),
    card.querySelector('p')?.textContent,
  ]);
}

function navLinks(a: RenderedApp) {
  return [...a.container.querySelectorAll('.top-bar nav a')].map((link) => link.textContent);
}

/** Set once the dashboard has asked for the model list (it words its subtitle after the models' types). */
let modelsAnswered = false;

async function openDashboard(role: string | null, modelTypes: string[] = ['persistence', 'free_drift_advection']) {
  const models = modelTypes.map((type, i) => ({ model_id: `model_${i + 1}`, model_type: type, hyperparameters: {} }));
  modelsAnswered = false;
  app = await renderApp(
    '/',
    createFakeApi([], makeUser(1, role), (request) => {
      if (!request.path.startsWith('/api/v1/report/model_architecture')) return undefined;
      modelsAnswered = true;
      return jsonResponse(200, models);
    }),
  );
  await waitUntil(() => app!.container.querySelector('.card') !== null, 'cards');
  return app;
}

describe('dashboard and top bar', () => {
  it('show a plain user the four public sections', async () => {
    const a = await openDashboard('user');
    expect(cards(a)).toEqual(everyone);
    expect(navLinks(a)).toEqual(['Прогнозы', 'Модели', 'Датасеты', 'Проверка']);
    expect(a.container.querySelector('.dashboard img[src="/logo.svg"]')).not.toBeNull();
    expect(a.container.querySelector('.top-bar a[href="/"] img[src="/logo.svg"]')).not.toBeNull();
  });

  it('treat an account without a role as a plain user', async () => {
    const a = await openDashboard(null);
    expect(cards(a)).toEqual(everyone);
  });

  it.each(['admin', 'superuser'])('show %s all seven sections', async (role) => {
    const a = await openDashboard(role);
    expect(cards(a)).toEqual([...everyone, ...adminsOnly]);
    expect(navLinks(a)).toEqual(['Прогнозы', 'Модели', 'Датасеты', 'Проверка', 'Загрузка', 'Модель', 'Генерация', 'Задания']);
  });

  it("open a card's section with 'Перейти →'", async () => {
    const a = await openDashboard('admin');
    const card = a.container.querySelector<HTMLElement>('.card[data-path="/generate-model"]')!;
    const go = card.querySelector('button')!;
    expect(go.textContent).toBe('Перейти →');
    await click(go);
    await waitUntil(() => a.path() === '/generate-model', '/generate-model');
    await waitUntil(() => a.container.querySelector('h1')?.textContent === 'Сгенерировать модель', 'page title');
  });

  it('names the models it has in the subtitle, and machine learning only once such a model is registered', async () => {
    const subtitle = (a: RenderedApp) => a.container.querySelector('.dashboard__subtitle')?.textContent;
    let a = await openDashboard('user');
    await waitUntil(() => modelsAnswered, 'model list');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50))); // the answer reaches the page
    expect(subtitle(a)).toBe('Прогнозы сплочённости, толщины и дрейфа льда по моделям прогноза льда');
    app = cleanUpApp(app);
    a = await openDashboard('user', ['persistence', 'onnx']);
    await waitUntil(() => subtitle(a)?.includes('машинного обучения') === true, 'subtitle with machine learning');
    expect(subtitle(a)).toBe('Прогнозы сплочённости, толщины и дрейфа льда по моделям прогноза льда, в том числе машинного обучения');
  });
});
