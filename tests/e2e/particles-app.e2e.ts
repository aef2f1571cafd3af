/**
 * The drift particles in the real app (server, sign-in, /forecasts): choosing `usi_vsi` replaces the colour
 * image by moving particles in the speed colours, the readout gives speed and bearing, and choosing another
 * variable removes the particles again. The forecast file is the map journeys' known pattern (drift 0.1 m/s
 * due east everywhere), served for one date.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ru } from '../../src/i18n/ru.ts';
import { driftColour } from '../../src/testing/shader-colours.ts';
import { blackBackground, projectToPage, waitForDrawn, waitForIdle } from './forecast-map-helpers.ts';
import { writePatternFile } from './forecast-map-pattern.ts';
import { decodePng, demoAccounts, hideFloatRenderTargets, newPage, screenshotPath, signIn, type RunningServer } from './harness.ts';
import { useJourney } from './journey.ts';

const DATE = '2026-01-15';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const consoleErrors: string[] = [];

interface MapPixels {
  /** Pixels in the map area brighter than the black background. */
  lit: number;
  /** Of those, pixels in the particles' colour (every cell drifts at the slice's maximum speed: red). */
  particleColoured: number;
  /** Pixels that differ between the two screenshots. */
  changed: number;
}

/**
 * Two screenshots `gapMs` apart, compared inside the map area (right of the sidebar, below the controls,
 * away from the legend). Moving particles change pixels between them; a still image does not.
 */
async function mapPixels(name: string, gapMs = 800): Promise<MapPixels> {
  const first = await page.screenshot({ path: screenshotPath(`${name}-a`) });
  await page.waitForTimeout(gapMs);
  const second = await page.screenshot({ path: screenshotPath(`${name}-b`) });
  const particle = driftColour(1, 1);
  const [one, two] = [await decodePng(page, first), await decodePng(page, second)];
  let lit = 0;
  let particleColoured = 0;
  let changed = 0;
  const { width, height } = one;
  for (let y = 180; y < height - 40; y++) {
    for (let x = 330; x < width - 70; x++) {
      if (x > width - 300 && y > height - 140) continue; // legend
      const k = 4 * (y * width + x);
      const [r, g, bl] = [two.data[k], two.data[k + 1], two.data[k + 2]];
      if (r + g + bl > 60) {
        lit++;
        // Trails fade towards black, so compare the hue: the particle colour scaled by any brightness.
        const bright = Math.max(r, g, bl);
        const scale = bright / Math.max(...particle);
        const far = Math.max(Math.abs(r - particle[0] * scale), Math.abs(g - particle[1] * scale), Math.abs(bl - particle[2] * scale));
        if (bright > 60 && far < 0.25 * bright) particleColoured++;
      }
      if (Math.abs(one.data[k] - r) + Math.abs(one.data[k + 1] - g) + Math.abs(one.data[k + 2] - bl) > 30) changed++;
    }
  }
  return { lit, particleColoured, changed };
}

useJourney(async (started) => {
  ({ server, browser } = started);
  ({ context, page } = await newPage(browser));
  page.on('console', (message) => {
    // Basemap tiles are refused on purpose (the map falls back to its offline basemap); anything else counts.
    if (message.type() === 'error' && !message.text().includes('ERR_INTERNET_DISCONNECTED')) consoleErrors.push(message.text());
  });
  const pattern = Buffer.from(writePatternFile(DATE));
  await context.route('https://gibs.earthdata.nasa.gov/**', (route) => route.abort('internetdisconnected'));
  await context.route('**/api/v1/forecast/info', (route) => route.fulfill({ json: { available_dates: [DATE] } }));
  await context.route('**/api/v1/forecast/hist?*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/x-netcdf', body: pattern }),
  );
  await signIn(page, server.url, demoAccounts.user);
});

describe('drift particles in the forecast map', () => {
  it('replace the colour image when usi_vsi is chosen, and go when another variable is', async () => {
    await page.goto(`${server.url}/forecasts`);
    await waitForDrawn(page, (drawn) => drawn.endsWith('|sithick_GLORYS|0'));
    await page.getByTitle(ru.forecastMap.projectionMercator).click();
    await blackBackground(page);

    // Thickness: a still colour image, none of it in the particle colour.
    const still = await mapPixels('particles-app-thickness');
    expect(still.lit).toBeGreaterThan(10_000);
    expect(still.changed).toBe(0);

    await page.getByRole('button', { name: 'usi_vsi' }).click();
    await waitForDrawn(page, (drawn) => drawn.endsWith('|usi_vsi|0'));
    await page.waitForTimeout(1500);
    const moving = await mapPixels('particles-app-drift');
    expect(moving.changed).toBeGreaterThan(100);
    expect(moving.lit).toBeGreaterThan(200);
    // Everything lit is a particle or its trail: the thickness image is gone.
    expect(moving.particleColoured / moving.lit).toBeGreaterThan(0.95);

    await page.getByRole('button', { name: 'sithick_GLORYS' }).click();
    await waitForDrawn(page, (drawn) => drawn.endsWith('|sithick_GLORYS|0'));
    await waitForIdle(page);
    const back = await mapPixels('particles-app-thickness-again');
    expect(back.changed).toBe(0);
    expect(back.lit).toBeGreaterThan(10_000);
    expect(back.particleColoured / back.lit).toBeLessThan(0.05);
    expect(consoleErrors).toEqual([]);
  });

  it('reads out the drift under the cursor as speed and bearing', async () => {
    await page.getByRole('button', { name: 'usi_vsi' }).click();
    await waitForDrawn(page, (drawn) => drawn.endsWith('|usi_vsi|0'));
    const [[x, y]] = (await projectToPage(page, [[92.5, 79]])) as [number, number][];
    await page.mouse.move(x, y);
    const readout = page.getByTestId('hover-readout');
    // The pattern drifts 0.1 m/s due east: a bearing of 90° clockwise from north.
    await expect.poll(() => readout.textContent()).toContain('Sea current: 0.100 m/s, 90°');
    await page.mouse.move(5, 400);
  });

  it('says on the map that drift cannot be shown where float render targets are missing', async () => {
    const { context: bare, page: other } = await newPage(browser);
    try {
      await hideFloatRenderTargets(bare); // this GPU has WebGL2 but not EXT_color_buffer_float
      const pattern = Buffer.from(writePatternFile(DATE));
      await bare.route('https://gibs.earthdata.nasa.gov/**', (route) => route.abort('internetdisconnected'));
      await bare.route('**/api/v1/forecast/info', (route) => route.fulfill({ json: { available_dates: [DATE] } }));
      await bare.route('**/api/v1/forecast/hist?*', (route) =>
        route.fulfill({ status: 200, contentType: 'application/x-netcdf', body: pattern }),
      );
      await signIn(other, server.url, demoAccounts.user);
      await other.goto(`${server.url}/forecasts`);
      await waitForDrawn(other, (drawn) => drawn.endsWith('|sithick_GLORYS|0'));
      await expect(other.getByTestId('drift-unsupported').count()).resolves.toBe(0);
      await other.getByRole('button', { name: 'usi_vsi' }).click();
      await waitForDrawn(other, (drawn) => drawn.endsWith('|usi_vsi|0'));
      await expect.poll(() => other.getByTestId('drift-unsupported').textContent()).toBe(ru.particles.unsupported);
      await other.screenshot({ path: screenshotPath('particles-app-unsupported') });
    } finally {
      await bare.close();
    }
  });
});
