/**
 * The forecast map in Chromium against the real server: cells of a known-pattern file land on the right
 * latitudes and longitudes in both projections, the legend, switching lead and variable without a new
 * download, the offline basemap, and a corrupt file.
 */
import Database from 'better-sqlite3';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { iceRamp } from '../../src/map/colour-ramps.ts';
import { colourForValue } from '../../src/testing/shader-colours.ts';
import { ru } from '../../src/i18n/ru.ts';
import { OFFLINE_LAND_COLOUR } from '../../src/map/offline-basemap.ts';
import { demoAccounts, newPage, screenshotPath, signIn, type RunningServer } from './harness.ts';
import { useJourney } from './journey.ts';
import {
  blackBackground,
  colourDistance,
  hexColour,
  projectToPage,
  readScreenColours,
  waitForDrawn,
  waitForIdle,
  type Rgb,
} from './forecast-map-helpers.ts';
import { patternConcentration, patternRange, patternThickness, writePatternFile } from './forecast-map-pattern.ts';

/** The latest demo date (its files replaced by the pattern) and the one before (replaced by garbage). */
let goodDate = '';
let badDate = '';
/** Valid cells: alpha 200/255 times the layer's opacity 0.7, over a black background. */
const FIELD_ALPHA = (200 / 255) * 0.7;
/** Per-channel tolerance for blending and rounding on the software GPU. */
const TOLERANCE = 4;

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const fileRequests: string[] = [];
const consoleErrors: string[] = [];

function expectedColour(value: number, range: [number, number]): Rgb {
  if (!Number.isFinite(value)) return [0, 0, 0];
  const [r, g, b] = colourForValue(iceRamp, value, range);
  return [r * FIELD_ALPHA, g * FIELD_ALPHA, b * FIELD_ALPHA].map(Math.round) as Rgb;
}

/**
 * Points in the middle of pattern blocks and 0.2° of latitude / 0.3° of longitude inside their edges, where
 * a cell drawn in the wrong place (a linear stretch in projected space, a half-cell shift) shows the wrong
 * block's colour. Only points on the map, away from the sidebar, legend and controls.
 */
async function visiblePatternPoints(maxLat: number): Promise<{ lon: number; lat: number; x: number; y: number }[]> {
  const candidates: [number, number][] = [];
  for (let latBlock = 66; latBlock < 90; latBlock += 2) {
    for (let lonBlock = 50; lonBlock < 115; lonBlock += 5) {
      for (const dLat of [0.2, 1, 1.8]) {
        for (const dLon of [0.3, 2.5, 4.7]) {
          const lat = latBlock + dLat;
          if (lat <= maxLat) candidates.push([lonBlock + dLon, lat]);
        }
      }
    }
  }
  const screen = await projectToPage(page, candidates);
  const viewport = page.viewportSize()!;
  const points: { lon: number; lat: number; x: number; y: number }[] = [];
  candidates.forEach(([lon, lat], k) => {
    const p = screen[k];
    if (!p) return;
    const [x, y] = p;
    const onMap = x > 320 && x < viewport.width - 60 && y > 64 + 110 && y < viewport.height - 20;
    const underLegend = x > viewport.width - 290 && y > viewport.height - 130;
    if (onMap && !underLegend) points.push({ lon, lat, x, y });
  });
  return points;
}

async function checkThicknessColours(lead: number, maxLat: number, shot: string): Promise<number> {
  const range = patternRange(patternThickness, lead);
  const points = await visiblePatternPoints(maxLat);
  const colours = await readScreenColours(
    page,
    points.map((p) => [p.x, p.y]),
    screenshotPath(shot),
  );
  const wrong = points
    .map((p, k) => ({ ...p, got: colours[k], want: expectedColour(patternThickness(p.lat, p.lon, lead), range) }))
    .filter((p) => colourDistance(p.got, p.want) > TOLERANCE);
  expect(
    wrong.slice(0, 8).map((p) => `${p.lat}N ${p.lon}E at ${p.x.toFixed(0)},${p.y.toFixed(0)}: ${p.got} ≠ ${p.want}`),
    `${wrong.length} of ${points.length} points`,
  ).toEqual([]);
  return points.length;
}

async function waitForOfflineBasemap(target: Page): Promise<void> {
  await expect.poll(() => target.locator('[data-basemap]').getAttribute('data-basemap'), { timeout: 20_000 }).toBe('offline');
  await expect.poll(() => target.evaluate(() => Boolean(window.__forecastMap?.getLayer('offline-land-fill')))).toBe(true);
  await waitForIdle(target);
}

async function legendText(): Promise<{ title: string; min: string; max: string }> {
  const legend = page.getByTestId('legend');
  return {
    title: (await legend.locator('h3').textContent()) ?? '',
    min: (await page.getByTestId('legend-min').textContent()) ?? '',
    max: (await page.getByTestId('legend-max').textContent()) ?? '',
  };
}

/** Signed-in GET from the page, as JSON. */
async function getJson<T>(path: string): Promise<T> {
  return page.evaluate(async (url) => (await fetch(url, { credentials: 'include' })).json(), path) as Promise<T>;
}

/**
 * The real server builds its demo days on first start; once it lists two dates, put the known pattern in
 * place of the latest date's forecast files and garbage in place of the older date's, where the server keeps
 * them (DATA_DIR/forecast-data/forecast/<model>/<date>.nc).
 */
async function installForecastFiles(): Promise<void> {
  let dates: string[] = [];
  const deadline = Date.now() + 150_000;
  while (dates.length < 2) {
    if (Date.now() > deadline) throw new Error(`server never listed two dates:\n${server.output()}`);
    dates = (await getJson<{ available_dates?: string[] }>('/api/v1/forecast/info')).available_dates ?? [];
    if (dates.length < 2) await page.waitForTimeout(500);
  }
  goodDate = dates[dates.length - 1];
  badDate = dates[dates.length - 2];
  const root = join(server.dataDir, 'forecast-data', 'forecast');
  const pattern = writePatternFile(goodDate);
  const corrupt = Buffer.from('<html><body>502 Bad Gateway</body></html>'.padEnd(4096, ' '));
  let replaced = 0;
  const index = new Database(join(server.dataDir, 'app.db'));
  for (const model of readdirSync(root)) {
    for (const [date, bytes] of [
      [goodDate, pattern],
      [badDate, corrupt],
    ] as const) {
      const file = join(root, model, `${date}.nc`);
      if (!existsSync(file)) continue;
      writeFileSync(file, bytes);
      for (const copy of [`${file}.gz`, `${file}.br`]) rmSync(copy, { force: true });
      // The file index checks each served file against the size and checksum it wrote (a file changed behind its
      // back is answered as damaged): the journey's files are put in the index as an operator's repair would.
      index
        .prepare('UPDATE forecast_files SET bytes = ?, sha256 = NULL, mtime_ms = NULL WHERE path = ?')
        .run(bytes.length, `forecast-data/forecast/${model}/${date}.nc`);
      replaced += 1;
    }
  }
  index.close();
  expect(replaced).toBeGreaterThanOrEqual(2);
}

// A server of its own: the journey replaces the demo files of two dates.
useJourney(async (started) => {
  ({ server, browser } = started);
  ({ context, page } = await newPage(browser));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('request', (request) => {
    if (/\/api\/v1\/(assim_)?forecast\/hist\?/.test(request.url())) fileRequests.push(request.url());
  });
  // Tiles fail here anyway (no internet); make it so everywhere: the map must fall back by itself.
  await context.route('https://gibs.earthdata.nasa.gov/**', (route) => route.abort('internetdisconnected'));
  await signIn(page, server.url, demoAccounts.user);
  await installForecastFiles();
}, { server: 'own' });

describe('forecast map', () => {
  it('opens the latest date on the globe and draws each cell at its latitude and longitude', async () => {
    await page.goto(`${server.url}/forecasts`);
    await waitForDrawn(page, (drawn) => drawn.endsWith('|sithick_GLORYS|0'));
    await expect.poll(() => page.getByTestId('date-select').inputValue()).toBe(goodDate);
    expect(new URL(page.url()).searchParams.get('date')).toBe(goodDate);
    await waitForOfflineBasemap(page);
    // The field lies over the basemap, whenever each arrived: on October Revolution Island (land) the screen
    // shows the field's colour blended over the land colour.
    const island: [number, number] = [96, 79.4];
    const [islandXY] = (await projectToPage(page, [island])) as [number, number][];
    const [onIsland] = await readScreenColours(page, [islandXY], screenshotPath('forecast-map-globe'));
    const land = hexColour(OFFLINE_LAND_COLOUR);
    const field = colourForValue(iceRamp, patternThickness(island[1], island[0], 0), patternRange(patternThickness, 0));
    const blended = field.map((c, k) => Math.round(c * FIELD_ALPHA + land[k] * (1 - FIELD_ALPHA))) as Rgb;
    expect(colourDistance(onIsland, blended)).toBeLessThanOrEqual(TOLERANCE);
    await blackBackground(page);
    const checked = await checkThicknessColours(0, 89.5, 'forecast-map-globe-black');
    expect(checked).toBeGreaterThan(40);
  });

  it('draws the same cells in Mercator', async () => {
    await page.getByTitle(ru.forecastMap.projectionMercator).click();
    await expect.poll(() => page.evaluate(() => window.__forecastMap!.getProjection()?.type)).toBe('mercator');
    await waitForIdle(page);
    const checked = await checkThicknessColours(0, 84.5, 'forecast-map-mercator-black');
    expect(checked).toBeGreaterThan(40);
    await page.getByTitle(ru.forecastMap.projectionGlobe).click();
    await waitForIdle(page);
  });

  it('puts cells exactly on their edges at full zoom, on the globe and in Mercator', async () => {
    // The corner of four pattern blocks: the cell edge at 94.975°E (cells are centred on multiples of 0.05°)
    // and at 80.000°N. Points a quarter and three quarters of a cell (0.05°) either side of both edges:
    // a cell shifted by half its size, or stretched in projected space, lands on the wrong side.
    const corner = { lon: 94.975, lat: 80 };
    const offsets = [-0.0375, -0.0125, 0.0125, 0.0375];
    const near = offsets.flatMap((dLat) => offsets.map((dLon) => [corner.lon + dLon, corner.lat + dLat] as [number, number]));
    const range = patternRange(patternThickness, 0);
    for (const projection of ['mercator', 'globe'] as const) {
      await page.evaluate(
        ({ type, center }) => {
          const map = window.__forecastMap!;
          map.setProjection({ type });
          map.jumpTo({ center, zoom: 8 });
        },
        { type: projection, center: [corner.lon, corner.lat] as [number, number] },
      );
      await waitForIdle(page);
      const screen = (await projectToPage(page, near)) as [number, number][];
      const colours = await readScreenColours(page, screen, screenshotPath(`forecast-map-cells-${projection}`));
      const wrong = near
        .map(([lon, lat], k) => ({ lon, lat, got: colours[k], want: expectedColour(patternThickness(lat, lon, 0), range) }))
        .filter((p) => colourDistance(p.got, p.want) > TOLERANCE)
        .map((p) => `${projection} ${p.lat}N ${p.lon}E: ${p.got} ≠ ${p.want}`);
      expect(wrong).toEqual([]);
    }
    // Zoomed in, the offline land is Natural Earth 1:50m (about 60 000 vertices), not the 1:110m (5 000) it
    // may start with (issue 13: the coarse land first on a slow link).
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const source = window.__forecastMap!.getSource('offline-land') as unknown as { getData(): Promise<GeoJSON.FeatureCollection> };
            const land = await source.getData();
            return JSON.stringify(land.features.map((f) => f.geometry)).split('],[').length;
          }),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(50_000);
    await page.evaluate(() => { window.__forecastMap!.jumpTo({ center: [90, 78], zoom: 4 }); });
    await waitForIdle(page);
  });

  it('shows the legend of each variable, and switches lead and variable without downloading again', async () => {
    const [min0, max0] = patternRange(patternThickness, 0);
    expect(await legendText()).toEqual({ title: 'Толщина льда, м', min: min0.toFixed(1), max: max0.toFixed(1) });
    // The first slice comes first, then the worker fetches the other eleven slices of this file in the
    // background (issue 13): once all twelve are there, switching needs no download.
    await expect
      .poll(() => new Set(fileRequests.filter((url) => url.includes(`date=${goodDate}&variables=`))).size, { timeout: 150_000 })
      .toBe(12);
    const requestsBefore = fileRequests.length;
    // The first download was seen (the worker's fetch is reported on the page), so a second would be too.
    expect(requestsBefore).toBeGreaterThan(0);

    await page.getByRole('button', { name: '+72h' }).click();
    await waitForDrawn(page, (drawn) => drawn.endsWith('|sithick_GLORYS|2'));
    const [min2, max2] = patternRange(patternThickness, 2);
    expect(await legendText()).toEqual({ title: 'Толщина льда, м', min: min2.toFixed(1), max: max2.toFixed(1) });
    expect(new URL(page.url()).searchParams.get('lead')).toBe('72');
    await checkThicknessColours(2, 89.5, 'forecast-map-lead72');

    await page.getByRole('button', { name: 'sea_ice_fraction_BREMEN' }).click();
    await waitForDrawn(page, (drawn) => drawn.endsWith('|sea_ice_fraction_BREMEN|2'));
    const [cmin, cmax] = patternRange(patternConcentration, 2);
    expect(await legendText()).toEqual({ title: 'Доля льда', min: cmin.toFixed(1), max: cmax.toFixed(1) });

    await page.getByRole('button', { name: 'usi_vsi' }).click();
    await waitForDrawn(page, (drawn) => drawn.endsWith('|usi_vsi|2'));
    expect(await legendText()).toEqual({ title: 'Скорость дрейфа, м/с', min: '0.0', max: '0.1' });
    await page.screenshot({ path: screenshotPath('forecast-map-drift') });

    await page.getByRole('button', { name: '+24h' }).click();
    await page.getByRole('button', { name: 'sithick_GLORYS' }).click();
    await waitForDrawn(page, (drawn) => drawn.endsWith('|sithick_GLORYS|0'));
    expect(fileRequests.length).toBe(requestsBefore);
  }, 300_000);

  it('reads out the value under the cursor', async () => {
    const [[x, y]] = (await projectToPage(page, [[92.5, 79]])) as [number, number][];
    await page.mouse.move(x, y);
    const readout = page.getByTestId('hover-readout');
    const value = patternThickness(79, 92.5, 0);
    await expect.poll(() => readout.textContent()).toContain(Number.isFinite(value) ? `${value.toFixed(2)} м` : 'Нет данных');
    // The mouse lands on a whole pixel: within 0.02° of where it was aimed.
    const text = (await readout.textContent()) ?? '';
    const [, lat, lon] = /Широта: ([\d.]+)° с\. ш\..*Долгота: ([\d.]+)° в\. д\./.exec(text) ?? [];
    expect(Math.abs(Number(lat) - 79)).toBeLessThan(0.02);
    expect(Math.abs(Number(lon) - 92.5)).toBeLessThan(0.02);
    await page.mouse.move(5, 400);
  });

  it('shows a message, logs the reason and draws nothing for a file that is not NetCDF', async () => {
    const requestsBefore = fileRequests.length;
    await page.getByTestId('date-select').selectOption(badDate);
    await expect(page.getByTestId('file-error').textContent()).resolves.toBe(ru.forecastMap.fileUnreadable);
    await waitForDrawn(page, (drawn) => drawn === 'none');
    expect(consoleErrors.some((text) => /could not be read/.test(text))).toBe(true);
    // The header range (which here is the whole 4 KB file) and the first slice (422: it cannot be subset).
    expect(fileRequests.slice(requestsBefore).filter((url) => !url.includes('variables='))).toContain(
      `${server.url}/api/v1/forecast/hist?date=${badDate}`,
    );
    const points = await visiblePatternPoints(89.5);
    const colours = await readScreenColours(page, points.slice(0, 10).map((p) => [p.x, p.y]), screenshotPath('forecast-map-corrupt'));
    for (const colour of colours) expect(colourDistance(colour, [0, 0, 0])).toBeLessThanOrEqual(TOLERANCE);
  });
});

describe('forecast map links', () => {
  it('opens the date, run, lead and variable a link names', async () => {
    await page.goto(`${server.url}/forecasts?date=${goodDate}&assimilated=false&lead=48&variable=sea_ice_fraction_BREMEN`);
    await waitForDrawn(page, (drawn) => drawn.includes(`date=${goodDate}|sea_ice_fraction_BREMEN|1`));
    expect(await page.getByTestId('date-select').inputValue()).toBe(goodDate);
    expect(await page.getByRole('button', { name: '+48h' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'sea_ice_fraction_BREMEN' }).getAttribute('aria-pressed')).toBe('true');
    expect((await legendText()).title).toBe('Доля льда');
    await page.reload();
    await waitForDrawn(page, (drawn) => drawn.includes(`date=${goodDate}|sea_ice_fraction_BREMEN|1`));
  });
});

describe('forecast map without data or tiles', () => {
  it('shows the offline basemap when tiles fail, and says there are no dates', async () => {
    const { page: fresh, context: freshContext } = await newPage(browser);
    await freshContext.route('https://gibs.earthdata.nasa.gov/**', (route) => route.abort('internetdisconnected'));
    await freshContext.route('**/api/v1/forecast/info', (route) => route.fulfill({ json: { available_dates: [] } }));
    await signIn(fresh, server.url, demoAccounts.user);
    await fresh.goto(`${server.url}/forecasts`);
    await expect.poll(() => fresh.getByRole('alert').first().textContent()).toBe(ru.forecastMap.noDates);
    await waitForOfflineBasemap(fresh);
    expect(await fresh.locator('[data-basemap]').textContent()).toBe(ru.forecastMap.basemapOffline);
    // October Revolution Island (79.4°N 96°E, Severnaya Zemlya) is land: the offline land colour shows there.
    const [[x, y]] = (await projectToPage(fresh, [[96, 79.4]])) as [number, number][];
    const [colour] = await readScreenColours(fresh, [[x, y]], screenshotPath('forecast-map-offline-basemap'));
    expect(colourDistance(colour, hexColour(OFFLINE_LAND_COLOUR))).toBeLessThanOrEqual(TOLERANCE);
    await freshContext.close();
  });
});
