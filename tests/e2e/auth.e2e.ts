/**
 * Issue 2's journeys in real Chromium against the real server: each demo role's dashboard and top bar,
 * the guards, a wrong password, registration then sign-in, a reload that keeps the session, sign-out.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  demoAccounts,
  screenshotPath,
  signIn,
  type RunningServer,
  withPage,
} from './harness.ts';
import { useJourney } from './journey.ts';

let server: RunningServer;
let browser: Browser;

useJourney((started) => ({ server, browser } = started));

const publicCards = ['Прогнозы', 'Модели', 'Датасеты', 'Проверка прогнозов'];
const adminCards = ['Загрузка данных', 'Генерация модели', 'Генерация прогноза'];
const publicLinks = ['Прогнозы', 'Модели', 'Датасеты', 'Проверка'];
const adminLinks = ['Загрузка', 'Модель', 'Генерация', 'Задания'];

async function cardTitles(page: Page): Promise<string[]> {
  await page.locator('.card').first().waitFor();
  return page.locator('.card h2').allTextContents();
}

async function navLinks(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link').allTextContents();
}

describe('each demo role', () => {
  it.each([
    ['admin', demoAccounts.admin, [...publicCards, ...adminCards], [...publicLinks, ...adminLinks]],
    ['superuser', demoAccounts.superuser, [...publicCards, ...adminCards], [...publicLinks, ...adminLinks]],
    ['user', demoAccounts.user, publicCards, publicLinks],
  ])('%s sees the dashboard cards and links of the role', async (role, account, cards, links) => {
    await withPage(browser, async ({ page }) => {
      expect(await cardTitles(page)).toEqual(cards);
      expect(await navLinks(page)).toEqual(links);
      expect(await page.locator('.card button').allTextContents()).toEqual(cards.map(() => 'Перейти →'));
      // The top bar is exactly 64px tall: the map page lays itself out below it.
      expect((await page.locator('.top-bar').boundingBox())?.height).toBe(64);
      await page.screenshot({ path: screenshotPath(`auth-dashboard-${role}`) });

      // Every role may open the forecast map.
      await page.getByRole('link', { name: 'Прогнозы' }).click();
      await page.waitForURL(/\/forecasts(\?.*)?$/);
      expect(await navLinks(page)).toEqual(links);
      await page.getByRole('link', { name: 'На главную' }).click();
      await page.waitForURL(`${server.url}/`);

      // A card's button opens its section.
      const modelsCard = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Модели', exact: true }) });
      await modelsCard.getByRole('button', { name: 'Перейти →' }).click();
      await page.waitForURL(`${server.url}/models`);
      await expect.poll(() => page.locator('h1').textContent()).toBe('Модели');
    }, { signIn: { baseUrl: server.url, account: account } });
  });
});

describe('guards and sessions', () => {
  it('sends a plain user who opens /upload to /login', async () => {
    await withPage(browser, async ({ page }) => {
      await page.goto(`${server.url}/upload`);
      await page.waitForURL(`${server.url}/login`);
      await expect.poll(() => page.locator('h1').textContent()).toBe('Вход');
      expect(await page.locator('.top-bar').count()).toBe(0);
    }, { signIn: { baseUrl: server.url, account: demoAccounts.user } });
  });

  it('lets an admin open /upload', async () => {
    await withPage(browser, async ({ page }) => {
      await page.goto(`${server.url}/upload`);
      await expect.poll(() => page.locator('h1').textContent()).toBe('Загрузка данных');
      expect(page.url()).toBe(`${server.url}/upload`);
    }, { signIn: { baseUrl: server.url, account: demoAccounts.admin } });
  });

  it('sends a visitor without a session from /models to /login', async () => {
    await withPage(browser, async ({ page }) => {
      await page.goto(`${server.url}/models`);
      await page.waitForURL(`${server.url}/login?redirect=%2Fmodels`);
      await page.screenshot({ path: screenshotPath('auth-login') });
    });
  });

  it('alerts on a wrong password and stays on /login', async () => {
    await withPage(browser, async ({ page, alerts }) => {
      await page.goto(`${server.url}/login`);
      await page.getByPlaceholder('Почта').fill(demoAccounts.admin.email);
      await page.getByPlaceholder('Пароль').fill('not-the-password');
      await page.getByRole('button', { name: 'Войти' }).click();
      await expect.poll(() => alerts).toEqual(['Неверная почта или пароль']);
      await expect.poll(() => page.locator('.form-error').textContent()).toBe('Неверная почта или пароль');
      expect(page.url()).toBe(`${server.url}/login`);
      await page.screenshot({ path: screenshotPath('auth-login-wrong-password') });
    });
  });

  it('keeps the session when /models is reloaded', async () => {
    await withPage(browser, async ({ page }) => {
      await page.getByRole('link', { name: 'Модели' }).click();
      await page.waitForURL(`${server.url}/models`);
      await page.reload();
      await expect.poll(() => page.locator('h1').textContent()).toBe('Модели');
      expect(page.url()).toBe(`${server.url}/models`);
      expect(await navLinks(page)).toEqual(publicLinks);
      await page.screenshot({ path: screenshotPath('auth-models-after-reload') });
    }, { signIn: { baseUrl: server.url, account: demoAccounts.user } });
  });

  it('signs out from the top bar and the session is gone', async () => {
    await withPage(browser, async ({ page }) => {
      await page.getByRole('button', { name: 'Выйти' }).click();
      await page.waitForURL(`${server.url}/login`);
      await page.goto(`${server.url}/datasets`);
      await page.waitForURL(`${server.url}/login?redirect=%2Fdatasets`);
    }, { signIn: { baseUrl: server.url, account: demoAccounts.admin } });
  });
});

describe('after signing in', () => {
  /** Fill in the login form already on screen (the guard put the visitor there). */
  async function submitLogin(page: Page, account: { email: string; password: string }): Promise<void> {
    await page.getByPlaceholder('Почта').fill(account.email);
    await page.getByPlaceholder('Пароль').fill(account.password);
    await page.getByRole('button', { name: 'Войти' }).click();
  }

  it('lands a signed-out visitor of a shared /forecasts link on that link', async () => {
    await withPage(browser, async ({ page }) => {
      // A link someone shared: the oldest demo date, +48 h, thickness (read while signed in, then sign out).
      await signIn(page, server.url, demoAccounts.user);
      const info = await page.evaluate(() => fetch('/api/v1/forecast/info').then((reply) => reply.json() as Promise<{ available_dates: string[] }>));
      const date = info.available_dates[0];
      await page.getByRole('button', { name: 'Выйти' }).click();
      await page.waitForURL(`${server.url}/login`);
      const shared = `/forecasts?date=${date}&lead=48&variable=sithick_GLORYS`;
      await page.goto(`${server.url}${shared}`);
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(shared);
      await submitLogin(page, demoAccounts.user);
      await page.waitForURL((url) => url.pathname === '/forecasts');
      const landed = new URL(page.url());
      expect(landed.searchParams.get('date')).toBe(date);
      expect(landed.searchParams.get('lead')).toBe('48');
      expect(landed.searchParams.get('variable')).toBe('sithick_GLORYS');
    });
  });

  it.each(['https://evil.example/forecasts', '//evil.example/forecasts'])('ignores a redirect to %s', async (target) => {
    await withPage(browser, async ({ page }) => {
      await page.goto(`${server.url}/login?redirect=${encodeURIComponent(target)}`);
      await submitLogin(page, demoAccounts.user);
      await page.waitForURL(`${server.url}/`);
      expect(await cardTitles(page)).toEqual(publicCards);
    });
  });
});

describe('registration', () => {
  it('registers a new account, then signs in with it as a plain user', async () => {
    const email = `newcomer-${Date.now()}@example.org`;
    await withPage(browser, async ({ page, alerts }) => {
      await page.goto(`${server.url}/login`);
      await page.getByRole('link', { name: 'Зарегистрироваться' }).click();
      await page.waitForURL(`${server.url}/register`);
      expect(await page.locator('.top-bar').count()).toBe(0);
      await page.getByPlaceholder('Логин').fill('newcomer');
      await page.getByPlaceholder('Почта').fill(email);
      await page.getByPlaceholder('Пароль').fill('long-enough-pass');
      await page.screenshot({ path: screenshotPath('auth-register') });
      await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
      await page.waitForURL(`${server.url}/login`);
      expect(alerts).toEqual(['Успешно зарегистрирован!']);

      await signIn(page, server.url, { email, password: 'long-enough-pass' });
      expect(await cardTitles(page)).toEqual(publicCards);
      expect(await navLinks(page)).toEqual(publicLinks);
    });
  });

  it("shows the server's reason when the email is taken", async () => {
    await withPage(browser, async ({ page, alerts }) => {
      await page.goto(`${server.url}/register`);
      await page.getByPlaceholder('Логин').fill('someone-else');
      await page.getByPlaceholder('Почта').fill(demoAccounts.user.email);
      await page.getByPlaceholder('Пароль').fill('long-enough-pass');
      await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
      await expect
        .poll(() => page.locator('.form-error').textContent())
        .toBe('Не удалось зарегистрироваться: Пользователь с такой почтой уже существует');
      expect(page.url()).toBe(`${server.url}/register`);
      expect(alerts).toEqual([]);
      await page.screenshot({ path: screenshotPath('auth-register-taken') });
    });
  });
});
