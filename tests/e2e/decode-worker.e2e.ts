/**
 * The decode worker in real Chromium: the page's client starts workers/forecast.worker.ts as a module worker,
 * downloads a forecast file with progress, and gets transferred float32 slices back. The page and the worker
 * are bundled with esbuild and served, with the files, by Playwright routes on one origin (no app server
 * needed: this journey is about the worker).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smallForecast } from '../../netcdf/test/write-nc3.ts';
import { bundleForBrowser, repoRoot } from './harness.ts';
import { releaseBrowser, sharedBrowser } from './journey.ts';

const ORIGIN = 'http://decode.test';

describe('decode worker in Chromium', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const [pageJs, workerJs] = await Promise.all([
      bundleForBrowser('tests/e2e/pages/decode-worker-page.ts'),
      bundleForBrowser('workers/forecast.worker.ts'),
    ]);
    const files: Record<string, Uint8Array> = {
      '/forecast.nc': smallForecast(),
      '/ice-conc.nc': readFileSync(join(repoRoot, '../shared/fixtures/netcdf/arctic/ice_conc_nh_ease2-250_cdr-v3p1_202002.nc')),
      '/broken.nc': smallForecast().slice(0, 300),
    };
    browser = await sharedBrowser();
    page = await browser.newPage();
    await page.route(`${ORIGIN}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      // The client asks for new URL('./forecast.worker.ts', import.meta.url): beside the page script.
      if (path === '/page.js') return route.fulfill({ body: Buffer.from(pageJs), contentType: 'text/javascript' });
      if (path === '/forecast.worker.ts') return route.fulfill({ body: Buffer.from(workerJs), contentType: 'text/javascript' });
      if (files[path]) return route.fulfill({ body: Buffer.from(files[path]), contentType: 'application/x-netcdf' });
      if (path === '/') {
        return route.fulfill({
          body: '<!doctype html><title>decode worker</title><script type="module" src="/page.js"></script>',
          contentType: 'text/html',
        });
      }
      return route.fulfill({ status: 404, body: 'not found' });
    });
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => 'decodeTest' in globalThis);
  });

  afterAll(async () => {
    await releaseBrowser(browser);
  });

  it('downloads a NetCDF-3 forecast with progress and returns a float32 lead-time slice and drift', async () => {
    const result = await page.evaluate(() =>
      (globalThis as unknown as { decodeTest: { decode: (...a: unknown[]) => Promise<unknown> } }).decodeTest.decode(
        '/forecast.nc',
        'sithick_GLORYS',
        2,
        true,
      ),
    );
    const size = smallForecast().length;
    expect(result).toMatchObject({
      format: 'classic',
      key: `${ORIGIN}/forecast.nc`,
      leadHours: [24, 48, 72],
      grid: { lon0: 50, dlon: 0.25, nlon: 5, lat0: 70, dlat: 0.5, nlat: 4 },
      slice: { isFloat32: true, width: 5, height: 4, min: 1201, max: 1234, first: [null, 1201, 1202, 1203, 1204, null, 1211, 1212, 1213, 1214] },
      drift: { length: 40, maxSpeed: 0.5 },
    });
    const progress = (result as { progress: { loaded: number; total: number | null }[] }).progress;
    expect(progress.at(-1)).toEqual({ loaded: size, total: size });
  });

  it('decodes NetCDF-4 (shuffle + deflate) in the worker through h5wasm', async () => {
    const result = (await page.evaluate(() =>
      (globalThis as unknown as { decodeTest: { decode: (...a: unknown[]) => Promise<unknown> } }).decodeTest.decode(
        '/ice-conc.nc',
        'ice_conc',
        0,
        false,
      ),
    )) as { format: string; slice: { width: number; height: number; min: number; max: number } };
    expect(result.format).toBe('netcdf4');
    // 432 × 432 EASE2 grid, concentration in % after scale_factor 0.01 (netCDF4-python: 0 … 100)
    expect(result.slice).toMatchObject({ width: 432, height: 432, min: 0, max: 100 });
  });

  it('an aborted load rejects once with AbortError; a corrupt file with the decoder’s error name', async () => {
    type Api = { decodeTest: { abortedLoad: (u: string) => Promise<string[]>; failedLoad: (u: string) => Promise<{ name: string; message: string }> } };
    const aborted = await page.evaluate((url) => (globalThis as unknown as Api).decodeTest.abortedLoad(url), '/forecast.nc');
    expect(aborted).toEqual(['AbortError']);
    const broken = await page.evaluate((url) => (globalThis as unknown as Api).decodeTest.failedLoad(url), '/broken.nc');
    expect(broken.name).toBe('NetcdfTruncatedError');
    expect(broken.message).toMatch(/truncated/);
    const missing = await page.evaluate((url) => (globalThis as unknown as Api).decodeTest.failedLoad(url), '/nope.nc');
    expect(missing).toMatchObject({ name: 'DownloadError', message: expect.stringMatching(/HTTP 404/) });
  });
});
