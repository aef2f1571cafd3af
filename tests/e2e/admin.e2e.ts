/**
 * Issue 7's admin screens in Chromium against the real server (demo archive): data upload, model generation
 * (then the model on /models), forecast generation for two models drawn on the map with a switch between
 * runs; a plain user cannot open any of them.
 */
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decodePng, demoAccounts, newPage, repoRoot, screenshotPath, signIn, type RunningServer, withPage } from './harness.ts';
import { useJourney } from './journey.ts';
import { waitForIdle } from './forecast-map-helpers.ts';

let server: RunningServer;
let browser: Browser;

// A server of its own: the journeys upload data and add a model and forecasts, which /models and the map of others would show.
useJourney((started) => ({ server, browser } = started), { server: 'own' });

/** Fraction of the map's pixels (right of the 300px sidebar, below the 64px bar) that differ between two screenshots. */
async function changedMapFraction(page: Page, before: Buffer, after: Buffer): Promise<number> {
  const [x, y] = [await decodePng(page, before), await decodePng(page, after)];
  let changed = 0;
  let all = 0;
  for (let row = 64; row < x.height; row++) {
    for (let column = 300; column < x.width; column++) {
      const i = 4 * (row * x.width + column);
      if (Math.abs(x.data[i] - y.data[i]) + Math.abs(x.data[i + 1] - y.data[i + 1]) + Math.abs(x.data[i + 2] - y.data[i + 2]) > 30) changed++;
      all++;
    }
  }
  return changed / all;
}

/** Wait until the job panel reports a finished job; returns its status attribute. */
async function finishedJob(page: Page, timeoutMs = 120_000): Promise<string> {
  const panel = page.locator('[data-job-status="succeeded"], [data-job-status="failed"]');
  await panel.waitFor({ timeout: timeoutMs });
  return (await panel.getAttribute('data-job-status')) ?? '';
}

describe('a plain user', () => {
  it.each(['/upload', '/generate-model', '/generate-forecast'])('cannot open %s and lands on /login', async (path) => {
    await withPage(browser, async ({ page }) => {
      await page.goto(`${server.url}${path}`);
      // The guard redirects inside the page (history API), so poll the URL rather than wait for a load event.
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 60_000 }).toBe('/login');
      await expect.poll(() => page.locator('h1').textContent(), { timeout: 30_000 }).toBe('Вход');
    }, { signIn: { baseUrl: server.url, account: demoAccounts.user } });
  });
});

describe('/upload', () => {
  it("starts today's upload and follows the job to its result", async () => {
    await withPage(browser, async ({ page }) => {
      await page.goto(`${server.url}/upload`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Загрузка данных');
      await page.getByRole('button', { name: 'Загрузить данные на сегодня' }).click();
      await page.getByText('Начало загрузки данных').waitFor();
      expect(await finishedJob(page)).toBe('succeeded');
      const today = new Date().toISOString().slice(0, 10);
      await page.getByText(`Данные за ${today} загружены, прогнозы построены`).waitFor();
      await page.screenshot({ path: screenshotPath('admin-upload'), fullPage: true });
    }, { signIn: { baseUrl: server.url, account: demoAccounts.superuser } });
  });
});

describe('/generate-model', () => {
  it('checks the form itself, sends the request, and the new model appears on /models', async () => {
    await withPage(browser, async ({ page }) => {
      await page.goto(`${server.url}/generate-model`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Сгенерировать модель');
      const submit = page.getByRole('button', { name: 'Отправить' });
      await submit.click();
      await page.getByText('⚠️ Заполните все поля').waitFor();

      await page.getByLabel('Системный промпт').selectOption('damped_anomaly');
      await page.getByRole('button', { name: 'Подставить пример содержания' }).click();
      expect(await page.getByLabel('Содержание').inputValue()).toBe('e_folding_days=7\n');
      await page.getByLabel('Содержание').fill('e_folding_days=11');
      await page.getByLabel('Датасет').locator('option').nth(1).waitFor({ state: 'attached' });
      await page.getByLabel('Датасет').selectOption({ index: 1 });
      const datasetName = await page.getByLabel('Датасет').locator('option').nth(1).textContent();
      await page.getByLabel('Название эксперимента').fill('e2e_slow_decay');
      await page.screenshot({ path: screenshotPath('admin-generate-model-form'), fullPage: true });
      await submit.click();
      await page.getByText('✅ Модель успешно отправлена на генерацию').waitFor();
      expect(await finishedJob(page)).toBe('succeeded');
      await page.getByText('Модель e2e_slow_decay зарегистрирована, метрики рассчитаны').waitFor();
      await page.screenshot({ path: screenshotPath('admin-generate-model-done'), fullPage: true });

      await page.getByRole('link', { name: 'Модели' }).click();
      const card = page.locator('article.catalog-card', { hasText: 'e2e_slow_decay' });
      await card.waitFor();
      expect(await card.textContent()).toContain('Тип: damped_anomaly');
      // The dataset chosen in the form is kept with the model.
      expect(await card.locator('.catalog-card__fact').allTextContents()).toContain(`Датасет: ${datasetName}`);
      expect(await card.locator('.hyperparameters li').allTextContents()).toEqual(['e_folding_days: 11']);
      expect(await card.locator('.badge').count()).toBeGreaterThan(0);
    }, { signIn: { baseUrl: server.url, account: demoAccounts.admin } });
  });
});

describe('/generate-forecast', () => {
  it('generates a forecast for two models and draws each run, switching between them', async () => {
    const { context, page } = await newPage(browser);
    const fileRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/v1\/(assim_)?forecast\/hist/.test(request.url())) fileRequests.push(request.url());
    });
    try {
      await signIn(page, server.url, demoAccounts.admin);
      await page.goto(`${server.url}/generate-forecast`);
      const button = page.getByRole('button', { name: 'Сделать прогноз' });
      await button.waitFor();
      expect(await button.isDisabled()).toBe(true);
      const dateSelect = page.getByTestId('generate-date');
      expect(await dateSelect.locator('option').first().textContent()).toBe('Выберите дату');
      expect(await page.getByText('Дата анализа', { exact: true }).count()).toBe(1);
      const dates = (await dateSelect.locator('option').allTextContents()).slice(1);
      expect(dates.length).toBeGreaterThan(0);
      // The dates offered are those with an analysis (GET /analysis/info), newest first.
      const analysisDates = await page.evaluate(
        async () => ((await (await fetch('/api/v1/analysis/info')).json()) as { available_dates: string[] }).available_dates,
      );
      expect(dates).toEqual([...analysisDates].reverse());
      await dateSelect.selectOption(dates[0]);
      expect(await button.isDisabled()).toBe(true);
      await page.getByLabel('Модель model_1').check();
      await page.getByLabel('Модель model_3').check();
      expect(await button.isDisabled()).toBe(false);
      // Nothing requested or drawn before pressing.
      expect(fileRequests).toEqual([]);
      expect(await page.getByTestId('forecast-map').getAttribute('data-drawn')).toBe('none');
      await page.locator('[data-basemap]').waitFor();
      await waitForIdle(page);
      const blank = await page.screenshot({ path: screenshotPath('admin-generate-forecast-choice') });

      await button.click();
      expect(await finishedJob(page)).toBe('succeeded');
      const map = page.getByTestId('forecast-map');
      await page.waitForFunction(
        () => document.querySelector('[data-testid="forecast-map"]')?.getAttribute('data-drawn')?.includes('model_id=model_1'),
        undefined,
        { timeout: 60_000 },
      );
      expect(await map.getAttribute('data-drawn')).toContain(`date=${dates[0]}`);
      await waitForIdle(page);
      const first = await page.screenshot({ path: screenshotPath('admin-generate-forecast-model_1') });
      // The field really is on screen: the sea around Severnaya Zemlya takes the thickness colours.
      expect(await changedMapFraction(page, blank, first)).toBeGreaterThan(0.2);

      const runs = page.getByRole('group', { name: 'Прогон модели' });
      expect(await runs.getByRole('button').allTextContents()).toEqual(['Модель model_1', 'Модель model_3']);
      await runs.getByRole('button', { name: 'Модель model_3' }).click();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="forecast-map"]')?.getAttribute('data-drawn')?.includes('model_id=model_3'),
        undefined,
        { timeout: 60_000 },
      );
      await waitForIdle(page);
      const second = await page.screenshot({ path: screenshotPath('admin-generate-forecast-model_3') });
      expect(await changedMapFraction(page, blank, second)).toBeGreaterThan(0.2);
      expect(fileRequests.some((url) => url.includes('model_id=model_1'))).toBe(true);
      expect(fileRequests.some((url) => url.includes('model_id=model_3'))).toBe(true);
      // The legend speaks of what is drawn.
      expect(await page.getByText('Толщина льда, м').count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});

describe('a trained network (ONNX)', () => {
  it('is uploaded on /upload, listed on /models, run from /generate-forecast and drawn on the map', async () => {
    await withPage(browser, async ({ page }) => {
      await page.goto(`${server.url}/upload`);
      const form = page.getByRole('region', { name: 'Загрузить модель ONNX' });
      await form.waitFor();
      await form.getByLabel('Файл модели (.onnx)').setInputFiles(resolve(repoRoot, 'server/test/fixtures/onnx/persistence.onnx'));
      await form.getByLabel('Идентификатор модели').fill('e2e_onnx');
      // The sample spec (concentration in and out, one day) fits the persistence network as it is.
      expect(JSON.parse(await form.getByLabel('Описание входа и выхода (JSON)').inputValue())).toMatchObject({ input: { history_days: 1 } });
      await form.getByRole('button', { name: 'Загрузить модель' }).click();
      await form.getByText('Загрузка модели ONNX начата').waitFor();
      await form.locator('[data-job-status="succeeded"]').waitFor({ timeout: 180_000 });
      await form.getByText('Модель e2e_onnx зарегистрирована, метрики рассчитаны').waitFor();
      await page.screenshot({ path: screenshotPath('admin-onnx-upload'), fullPage: true });

      await page.getByRole('link', { name: 'Модели' }).click();
      const card = page.locator('article.catalog-card', { hasText: 'e2e_onnx' });
      await card.waitFor();
      expect(await card.textContent()).toContain('Тип: onnx');
      expect(await card.locator('.hyperparameters li').allTextContents()).toContain('in_shape: [1, 1, 480, 1301]');

      await page.goto(`${server.url}/generate-forecast`);
      const dateSelect = page.getByTestId('generate-date');
      await dateSelect.locator('option').nth(1).waitFor({ state: 'attached' });
      // The oldest date: its valid dates have analyses, so the run is scored at once.
      const date = (await dateSelect.locator('option').allTextContents()).slice(1).sort()[0];
      await dateSelect.selectOption(date);
      await page.getByLabel('Модель e2e_onnx').check();
      await page.getByRole('button', { name: 'Сделать прогноз' }).click();
      expect(await finishedJob(page)).toBe('succeeded');
      await page.waitForFunction(
        () => document.querySelector('[data-testid="forecast-map"]')?.getAttribute('data-drawn')?.includes('model_id=e2e_onnx'),
        undefined,
        { timeout: 60_000 },
      );
      await waitForIdle(page);
      await page.screenshot({ path: screenshotPath('admin-onnx-forecast') });
      // Scored like the other models: the forecast job ends with its verification records.
      const scores = await page.request.get(`${server.url}/api/v1/verification?model_id=e2e_onnx&run=assim_forecast&from=${date}&to=${date}`);
      expect(scores.status()).toBe(200);
      const rows = ((await scores.json()) as { rows: Array<{ lead_hours: number }> }).rows;
      expect(rows.length).toBeGreaterThan(0);
    }, { signIn: { baseUrl: server.url, account: demoAccounts.admin } });
  });
});
