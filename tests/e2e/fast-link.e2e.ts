/**
 * A forecaster's desk on a local network, against a freshly started server (nothing warmed, no compressed copy
 * made): the worker sees a fast link, holds the whole file after the first field (the sidebar says so), and the
 * map tools and the lead animation work from memory. Speed is measured in bench/switch.bench.ts, not here.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ru } from '../../src/i18n/ru.ts';
import { demoAccounts, newPage, screenshotPath, signIn, type RunningServer } from './harness.ts';
import { useJourney } from './journey.ts';
import { projectToPage, waitForDrawn, waitForIdle, watchFileTraffic } from './forecast-map-helpers.ts';
import type { Browser } from 'playwright-core';

let server: RunningServer;
let browser: Browser;
let date = '';

// A server of its own, started for this file: the link is judged against a server just up (compressing its newest files).
useJourney(async (started) => {
  ({ server, browser } = started);
  const { context, page } = await newPage(browser);
  await signIn(page, server.url, demoAccounts.user);
  const deadline = Date.now() + 150_000;
  while (date === '') {
    const dates = ((await page.evaluate(async () => (await fetch('/api/v1/forecast/info')).json())) as { available_dates?: string[] }).available_dates ?? [];
    date = dates.at(-1) ?? '';
    if (date === '' && Date.now() > deadline) throw new Error(`no forecast date:\n${server.output()}`);
    if (date === '') await page.waitForTimeout(500);
  }
  await context.close();
}, { server: 'own' });

/** A signed-in page of its own (a cold worker: nothing held), tiles unreachable as on a ship or in CI. */
async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser);
  await opened.context.route('https://gibs.earthdata.nasa.gov/**', (route) => route.abort('internetdisconnected'));
  await signIn(opened.page, server.url, demoAccounts.user);
  return opened;
}

describe('on a fast link', () => {
  it('the point panel shows the three leads and the trajectory its distance right after the first field', async () => {
    const { context, page } = await freshPage();
    await page.goto(`${server.url}/forecasts?date=${date}&lead=24&variable=usi_vsi`);
    await waitForDrawn(page, (drawn) => drawn.endsWith('|usi_vsi|0'));
    await page.evaluate(() => { window.__forecastMap!.jumpTo({ center: [90, 78], zoom: 4 }); });
    await waitForIdle(page);
    const [[x, y]] = (await projectToPage(page, [[86.3, 79.6]])) as [number, number][];
    await page.mouse.click(x, y);
    const rows = page.getByTestId('point-table').locator('tbody tr');
    const firstColumn = () => rows.evaluateAll((all) => all.map((row) => row.querySelector('td')?.textContent ?? ''));
    // Three leads, each with the drift's speed and bearing from the free run.
    await expect.poll(firstColumn, { timeout: 30_000 }).toEqual([expect.stringMatching(/м\/с, \d+°$/), expect.stringMatching(/м\/с, \d+°$/), expect.stringMatching(/м\/с, \d+°$/)]);
    await page.getByRole('button', { name: ru.mapTools.trajectory }).click();
    await expect.poll(() => page.getByTestId('trajectory-summary').textContent(), { timeout: 30_000 }).toMatch(new RegExp(`^${ru.mapTools.distance}: \\d+[.,]\\d км`));
    await page.screenshot({ path: screenshotPath('fast-link-point-trajectory') });
    await context.close();
  });

  it('holds the whole file after the first field, says so in the data status, and animates the leads with no request', async () => {
    const { context, page } = await freshPage();
    const traffic = watchFileTraffic(page);
    await page.goto(`${server.url}/forecasts?date=${date}&lead=24&variable=sithick_GLORYS`);
    await waitForDrawn(page, (drawn) => drawn.endsWith('|sithick_GLORYS|0'));
    const status = page.getByTestId('link-decision');
    await expect.poll(() => status.getAttribute('data-held'), { timeout: 90_000 }).toBe('true');
    expect(await status.getAttribute('data-mode')).toBe('whole');
    expect(await status.textContent()).toMatch(/^Быстрая связь \(.+, порог 8 Мбит\/с\): файл целиком в памяти, переключение без загрузки$/);
    // The header range, the first slice, the whole file: nothing else, and nothing more from here on.
    const asked = [...traffic.urls];
    expect(asked.filter((url) => !url.includes('variables='))).toHaveLength(2);
    expect(asked.filter((url) => url.includes('variables='))).toHaveLength(1);

    await page.getByRole('button', { name: ru.mapTools.play }).click();
    const leads = new Set<string>();
    const start = Date.now();
    while (Date.now() - start < 4_000) {
      leads.add(((await page.getByTestId('forecast-map').getAttribute('data-drawn')) ?? '').split('|').pop()!);
      await page.waitForTimeout(100);
    }
    await page.getByRole('button', { name: ru.mapTools.pause }).click();
    expect(leads).toEqual(new Set(['0', '1', '2']));
    // Every other field too, from memory.
    await page.getByRole('button', { name: 'sea_ice_fraction_BREMEN' }).click();
    await waitForDrawn(page, (drawn) => drawn.includes('|sea_ice_fraction_BREMEN|'));
    await page.getByRole('button', { name: 'usi_vsi' }).click();
    await waitForDrawn(page, (drawn) => drawn.includes('|usi_vsi|'));
    expect(traffic.urls).toEqual(asked);
    await context.close();
  });
  it('a new page on the same link is judged on the rate measured before, though its slices come from the offline copy', async () => {
    const { context, page } = await freshPage();
    const url = `${server.url}/forecasts?date=${date}&lead=24&variable=sithick_GLORYS`;
    await page.goto(url);
    await waitForDrawn(page, (drawn) => drawn.endsWith('|sithick_GLORYS|0'));
    const status = page.getByTestId('link-decision');
    await expect.poll(() => status.getAttribute('data-held'), { timeout: 90_000 }).toBe('true');
    const measured = await status.textContent();
    expect(measured).toMatch(/^Быстрая связь \(.+, порог 8 Мбит\/с\)/);
    // The copy keeps the header and the first slice, not the whole file (as when a page goes before it has come):
    // the next page opens by slices answered from the copy, which say nothing of the link's speed.
    const fileUrl = `${server.url}/api/v1/forecast/hist?date=${date}`;
    await expect
      .poll(() => page.evaluate(async (key) => (await caches.open('ice-forecasts-v1')).delete(key), fileUrl), { timeout: 30_000 })
      .toBe(true);

    const again = await context.newPage();
    await again.goto(url);
    await waitForDrawn(again, (drawn) => drawn.endsWith('|sithick_GLORYS|0'));
    const shown = again.getByTestId('link-decision');
    await expect.poll(() => shown.textContent(), { timeout: 30_000 }).not.toBe(ru.linkDecision.unmeasured('8 Мбит/с'));
    // The same rate as measured before (this page measured nothing before deciding), and the whole file again.
    expect(/\((.+), порог/.exec((await shown.textContent()) ?? '')?.[1]).toBe(/\((.+), порог/.exec(measured!)?.[1]);
    expect(await shown.getAttribute('data-mode')).toBe('whole');
    await context.close();
  });

  it('keeps the whole file for the next visit and for no link: asked for no slice again, drawn offline with every lead and the drift', async () => {
    const { context, page } = await freshPage();
    const url = `${server.url}/forecasts?date=${date}&lead=24&variable=sithick_GLORYS`;
    await page.goto(url);
    await waitForDrawn(page, (drawn) => drawn.endsWith('|sithick_GLORYS|0'));
    await expect.poll(() => page.getByTestId('link-decision').getAttribute('data-held'), { timeout: 90_000 }).toBe('true');
    // The decode worker keeps its copy once the whole body is in; the service worker keeps the app for the reload.
    const fileUrl = `${server.url}/api/v1/forecast/hist?date=${date}`;
    await expect
      .poll(() => page.evaluate(async (key) => (await (await caches.open('ice-forecasts-v1')).match(key)) !== undefined, fileUrl), { timeout: 30_000 })
      .toBe(true);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    const again = await context.newPage();
    const traffic = watchFileTraffic(again);
    await again.goto(url);
    await waitForDrawn(again, (drawn) => drawn.endsWith('|sithick_GLORYS|0'));
    await again.getByRole('button', { name: '+72h' }).click();
    await waitForDrawn(again, (drawn) => drawn.endsWith('|sithick_GLORYS|2'));
    expect(traffic.urls.filter((asked) => asked.includes('variables=') || asked.includes('stride='))).toEqual([]);
    await again.close();

    await context.setOffline(true);
    await page.reload();
    await waitForDrawn(page, (drawn) => drawn.endsWith('|sithick_GLORYS|0'), 60_000);
    await page.getByRole('button', { name: '+72h' }).click();
    await waitForDrawn(page, (drawn) => drawn.endsWith('|sithick_GLORYS|2'));
    await page.getByRole('button', { name: 'usi_vsi' }).click();
    await waitForDrawn(page, (drawn) => drawn.endsWith('|usi_vsi|2'));
    await page.screenshot({ path: screenshotPath('fast-link-offline-reload') });
    await context.setOffline(false);
    await context.close();
  });
});
