/** What each role sees on the dashboard and in the top bar. */
import { afterEach, describe, expect, it } from 'vitest';
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

async function openDashboard(role: string | null) {
  app = await renderApp('/', createFakeApi([], makeUser(1, role)));
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
});
