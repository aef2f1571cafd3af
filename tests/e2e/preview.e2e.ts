/**
 * Previews on a slow link (issue 13), in Chromium against the real server. Between the browser and the server
 * runs a loopback HTTP proxy (slow-link-proxy.ts) that lets the slice answers (`…/hist?…&variables=…`) through at
 * LINK_BYTES_PER_S, as a 256 kbit/s satellite link would; the app's code, the header range and the JSON API go
 * through at once (this journey is about the switch, not the first view). After the first field, a variable
 * switch must show a preview first (`data-preview-drawn`, the sidebar's status), from a `stride=2` request, then
 * the full field (`data-drawn`) from the full request that follows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { demoAccounts, newPage, screenshotPath, signIn, type RunningServer } from './harness.ts';
import { releaseBrowser, sharedBrowser, sharedServer } from './journey.ts';
import { waitForDrawn } from './forecast-map-helpers.ts';
import { startSlowLinkProxy, TICK_MS, type SlowLinkProxy } from './slow-link-proxy.ts';

/** 256 kbit/s: what issue 13's slow profile moves, in bytes per second. */
const LINK_BYTES_PER_S = 32_000;

let server: RunningServer;
let proxy: SlowLinkProxy;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = sharedServer();
  proxy = await startSlowLinkProxy(server.url, { bytesPerSecond: LINK_BYTES_PER_S });
  browser = await sharedBrowser();
  ({ context, page } = await newPage(browser));
  await context.route('https://gibs.earthdata.nasa.gov/**', (route) => route.abort('internetdisconnected'));
  await signIn(page, proxy.url, demoAccounts.user);
});

afterAll(async () => {
  await releaseBrowser(browser);
  await proxy?.close();
});

describe('a switch on a slow link', () => {
  it('draws a preview from a stride-2 request first, then the full field from the full request after it', async () => {
    // The server builds its demo days on first start: wait until it lists one.
    await expect
      .poll(
        () => page.evaluate(async () => ((await (await fetch('/api/v1/forecast/info')).json()) as { available_dates?: string[] }).available_dates?.length ?? 0),
        { timeout: 150_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
    await page.goto(`${proxy.url}/forecasts?lead=24&variable=sithick_GLORYS`);
    // The first field: one slice over the slow link (the worker's first measure of it).
    await waitForDrawn(page, (drawn) => drawn.endsWith('|sithick_GLORYS|0'), 120_000);
    expect(await page.getByTestId('forecast-map').getAttribute('data-preview-drawn')).toBeNull();

    // Record what the map element says, and whether the sidebar's status is up, at every change.
    await page.evaluate(() => {
      const map = document.querySelector('[data-testid="forecast-map"]')!;
      const log: Array<{ drawn: string | null; preview: string | null; status: boolean }> = [];
      (window as unknown as { __previewLog: typeof log }).__previewLog = log;
      new MutationObserver(() =>
        log.push({
          drawn: map.getAttribute('data-drawn'),
          preview: map.getAttribute('data-preview-drawn'),
          status: document.querySelector('[data-testid="field-preview"]') !== null,
        }),
      ).observe(map, { attributes: true, attributeFilter: ['data-drawn', 'data-preview-drawn'] });
    });
    const before = proxy.seen.length;
    await page.getByRole('button', { name: 'sea_ice_fraction_BREMEN', exact: true }).click();
    // A picture of the preview for the reviewers (the assertions below read the log, not the screenshot).
    await page
      .waitForFunction(() => document.querySelector('[data-testid="forecast-map"]')?.getAttribute('data-preview-drawn')?.endsWith('|sea_ice_fraction_BREMEN|0'), null, { timeout: 30_000 })
      .then(() => page.screenshot({ path: screenshotPath('preview-switch') }))
      .catch(() => undefined);
    await waitForDrawn(page, (drawn) => drawn.endsWith('|sea_ice_fraction_BREMEN|0'), 120_000);
    await page.screenshot({ path: screenshotPath('preview-switch-full') });

    const log = await page.evaluate(() => (window as unknown as { __previewLog: Array<{ drawn: string | null; preview: string | null; status: boolean }> }).__previewLog);
    const previewAt = log.findIndex((entry) => entry.preview?.endsWith('|sea_ice_fraction_BREMEN|0'));
    const fullAt = log.findIndex((entry) => entry.drawn?.endsWith('|sea_ice_fraction_BREMEN|0'));
    expect(previewAt, JSON.stringify(log)).toBeGreaterThanOrEqual(0);
    expect(previewAt).toBeLessThan(fullAt);
    // While the preview is drawn, `data-drawn` names no full field and the sidebar says the field is refined.
    expect(log[previewAt].drawn).toBe('none');
    expect(log[previewAt].status).toBe(true);
    // Once the full field is drawn, the preview's marks are gone.
    expect(log[fullAt].preview).toBeNull();
    expect(await page.getByTestId('field-preview').count()).toBe(0);

    // On the link: the stride-2 request, then the full one, which starts once the preview has come.
    const concentration = proxy.seen.slice(before).filter((s) => s.url.includes('variables=sea_ice_fraction_BREMEN&lead=24'));
    expect(concentration.map((s) => (s.url.includes('stride=2') ? 'preview' : 'full'))).toEqual(['preview', 'full']);
    const [preview, full] = concentration;
    expect(preview.ended).not.toBeNull();
    expect(full.started).toBeGreaterThanOrEqual(preview.ended! - TICK_MS);
    // The preview moved fewer bytes than the full slice (about 40 %: bench/README.md).
    expect(preview.bytes).toBeLessThan(full.bytes * 0.6);
    console.log(`preview ${preview.bytes} B in ${preview.ended! - preview.started} ms, full ${full.bytes} B in ${full.ended! - full.started} ms`);
  }, 300_000);
});
