/**
 * Working with no link (issue 13), in Chromium against the real server: after one visit to /forecasts, a
 * reload with the network gone opens the app, signs in with the session it had, draws the forecast it saw and
 * says 'Нет связи: показаны сохранённые прогнозы' with the dates it holds; after sign-out, an offline reload
 * shows no one's account (the sign-in page). The slices cross a ship's link (slow-link-proxy.ts, about 2.4 Mbit/s):
 * there the decode worker keeps every slice, as a ship's does; on a fast link it would take the whole file instead.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ru } from '../../src/i18n/ru.ts';
import { demoAccounts, newPage, screenshotPath, signIn, type RunningServer } from './harness.ts';
import { useJourney } from './journey.ts';
import { waitForDrawn } from './forecast-map-helpers.ts';
import { startSlowLinkProxy, type SlowLinkProxy } from './slow-link-proxy.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let proxy: SlowLinkProxy;
/** The app as the ship sees it: through the proxy. */
let base: string;

/** 300 KB/s: a slice in a fraction of a second, the whole file in about 4 s (a slow link to the decode worker). */
const SHIP_LINK_BYTES_PER_S = 300_000;

useJourney(async (started) => {
  ({ server, browser } = started);
  proxy = await startSlowLinkProxy(server.url, { bytesPerSecond: SHIP_LINK_BYTES_PER_S });
  base = proxy.url;
  ({ context, page } = await newPage(browser));
  await context.route('https://gibs.earthdata.nasa.gov/**', (route) => route.abort('internetdisconnected'));
  await signIn(page, base, demoAccounts.user);
});
afterAll(async () => {
  await proxy?.close();
});

/** How many entries a cache of this origin holds whose URL matches `pattern`. */
const cached = (cacheName: string, pattern: string) =>
  page.evaluate(
    async ({ cacheName, pattern }) => (await (await caches.open(cacheName)).keys()).filter((k) => new RegExp(pattern).test(k.url)).length,
    { cacheName, pattern },
  );

describe('offline', () => {
  it('reloads with no network: the session, the forecast seen, the notice and the dates held', async () => {
    await page.goto(`${base}/forecasts`);
    await waitForDrawn(page, (drawn) => drawn.endsWith('|sithick_GLORYS|0'), 120_000);
    const date = await page.getByTestId('date-select').inputValue();
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The service worker has taken control and kept the map page's chunks; the decode worker kept the header and
    // every slice of this date (its background fetches them all).
    // Hang guards, not speed checks: the worker installs (its precache) while the map page fetches its slices, and
    // 30 s ran out once in CI with the unit tests beside the journeys on two cores.
    // Polled as a word, so that a failure prints where the registration stood.
    const control = () =>
      page.evaluate(async () => {
        if (navigator.serviceWorker.controller) return 'controlled';
        const registration = await navigator.serviceWorker.getRegistration();
        if (!registration) return 'no registration';
        return `installing ${registration.installing?.state ?? '-'}, waiting ${registration.waiting?.state ?? '-'}, active ${registration.active?.state ?? '-'}`;
      });
    await expect.poll(control, { timeout: 120_000 }).toBe('controlled');
    await expect.poll(() => cached('ice-assets-v1', 'forecast-map-page-[^/]*\\.js$'), { timeout: 120_000 }).toBe(1);
    await expect.poll(() => cached('ice-forecasts-v1', `date=${date}&variables=`), { timeout: 150_000 }).toBe(12);
    expect(await cached('ice-forecasts-v1', '__range=')).toBe(1);
    await expect.poll(() => page.getByTestId('saved-forecasts').textContent(), { timeout: 10_000 }).toMatch(/Сохранено для работы без связи: [\d,]+ МБ из \d+ МБ/);
    expect(await page.getByTestId('offline-notice').count()).toBe(0);

    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByTestId('offline-notice').textContent(), { timeout: 30_000 }).toContain(ru.offline.notice);
    await expect.poll(() => page.getByTestId('offline-notice').textContent(), { timeout: 10_000 }).toContain(ru.offline.dates(date));
    expect(new URL(page.url()).pathname).toBe('/forecasts');
    await expect(page.locator('.top-bar__user').textContent()).resolves.toBe('test');
    await waitForDrawn(page, (drawn) => drawn.includes(`date=${date}|sithick_GLORYS|0`), 60_000);
    // Every slice of that date is there: another lead and the drift draw with no network.
    await page.getByRole('button', { name: '+72h' }).click();
    await waitForDrawn(page, (drawn) => drawn.endsWith('|sithick_GLORYS|2'));
    await page.getByRole('button', { name: 'usi_vsi' }).click();
    await waitForDrawn(page, (drawn) => drawn.endsWith('|usi_vsi|2'));
    expect(await page.locator('select[data-testid="date-select"] option').allTextContents()).toEqual([date]);
    await page.screenshot({ path: screenshotPath('offline-reload') });
  }, 300_000);

  it('never shows the previous account after sign-out, even offline', async () => {
    await context.setOffline(false);
    await page.goto(`${base}/`);
    await expect(page.locator('.top-bar__user').textContent()).resolves.toBe('test');
    await page.getByRole('button', { name: 'Выйти' }).click();
    await page.waitForURL(/\/login/);
    await context.setOffline(true);
    await page.goto(`${base}/forecasts`).catch(() => undefined);
    await page.waitForURL(/\/login/, { timeout: 30_000 });
    expect(await page.locator('.top-bar__user').count()).toBe(0);
    await context.setOffline(false);
  });
});
