/**
 * Issue 7's catalogue screens in Chromium against the real server (demo archive): /models cards with type,
 * hyperparameters and metric badges; /datasets cards; clear messages when a request fails or is refused.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAccounts, screenshotPath, withPage, type RunningServer } from './harness.ts';
import { useJourney } from './journey.ts';

let server: RunningServer;
let browser: Browser;

useJourney((started) => ({ server, browser } = started));

describe('/models', () => {
  it('shows a card per model with its type, hyperparameters and metrics', async () => {
    await withPage(browser, async ({ page }) => {
      await page.getByRole('link', { name: 'Модели' }).click();
      await page.waitForURL(`${server.url}/models`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Модели');
      const cards = page.locator('article.catalog-card');
      await cards.first().waitFor();
      expect(await cards.locator('h2').allTextContents()).toEqual(['model_1', 'model_2', 'model_3']);

      const advection = cards.filter({ hasText: 'model_2' });
      expect(await advection.textContent()).toContain('Тип: free_drift_advection');
      expect(await advection.locator('.hyperparameters li').allTextContents()).toEqual(['time_step_hours: 6', 'drift_scale: 1']);
      const badges = await advection.locator('.badge').allTextContents();
      expect(badges.length).toBeGreaterThan(3);
      // Underscores become spaces; hindcast values are numbers, the verification ones read as on 'Проверка
      // прогнозов' (IIEE in thousands of km², its skill a signed whole percentage).
      for (const badge of badges) {
        if (/^iiee \d+h: /.test(badge)) expect(badge).toMatch(/^iiee \d+h: −?\d+,\d тыс\. км²$/);
        else if (/^skill iiee \d+h: /.test(badge)) expect(badge).toMatch(/^skill iiee \d+h: ([+−]\d+|0) %$/);
        else expect(badge).toMatch(/^[a-z0-9 ]+: -?\d+(\.\d+)?$/);
      }
      expect(badges.some((badge) => badge.startsWith('rmse 24h: '))).toBe(true);

      const persistence = cards.filter({ hasText: 'model_1' });
      expect(await persistence.textContent()).toContain('Нет гиперпараметров');
      await page.screenshot({ path: screenshotPath('catalog-models'), fullPage: true });
    }, { signIn: { baseUrl: server.url, account: demoAccounts.user } });
  });

  it('explains a failed request instead of a blank page, and retries', async () => {
    await withPage(browser, async ({ page }) => {
      let fail = true;
      await page.route('**/api/v1/report/model_architecture', (route) =>
        fail
          ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Internal Server Error"}' })
          : route.continue(),
      );
      await page.goto(`${server.url}/models`);
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('Не удалось загрузить данные');
      await page.screenshot({ path: screenshotPath('catalog-models-error') });
      fail = false;
      await alert.getByRole('button', { name: 'Повторить' }).click();
      await page.locator('article.catalog-card').first().waitFor();
    }, { signIn: { baseUrl: server.url, account: demoAccounts.user } });
  });
});

describe('/datasets', () => {
  it('shows the demo analysis archive with its description and variables', async () => {
    await withPage(browser, async ({ page }) => {
      await page.goto(`${server.url}/datasets`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Датасеты');
      const card = page.locator('article.catalog-card').first();
      await card.waitFor();
      const text = (await card.textContent()) ?? '';
      expect(await card.locator('h2').textContent()).toContain('Демонстрационные данные');
      expect(text).toContain('демонстрационные данные');
      expect(text).toMatch(/Переменные: .*sithick_GLORYS/);
      expect(text).toMatch(/Целевые переменные: .*sea_ice_fraction_BREMEN/);
      await page.screenshot({ path: screenshotPath('catalog-datasets'), fullPage: true });
    }, { signIn: { baseUrl: server.url, account: demoAccounts.user } });
  });

  it('says so when the session has expired (401) or the list is empty', async () => {
    await withPage(browser, async ({ page }) => {
      await page.route('**/api/v1/report/datasets', (route) =>
        route.fulfill({ status: 401, contentType: 'application/json', body: '{"detail":"Unauthorized"}' }),
      );
      await page.goto(`${server.url}/datasets`);
      await page.getByRole('alert').waitFor();
      expect(await page.getByRole('alert').textContent()).toContain('Сессия истекла. Войдите снова.');

      await page.unroute('**/api/v1/report/datasets');
      await page.route('**/api/v1/report/datasets', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
      );
      await page.reload();
      await page.getByText('Датасетов пока нет').waitFor();
    }, { signIn: { baseUrl: server.url, account: demoAccounts.user } });
  });
});
