/**
 * Ice charts in Chromium against the real server: an admin imports the AARI chart (the fixture's SIGRID-3 set, zipped
 * here) on /upload; on the map the chart is drawn in both WMO colour codes (a first-year polygon red by total
 * concentration, yellow by stage of development) without a band or a seam at 180°, a click opens its egg code,
 * POLARIS from the chart for PC5 names the rule for unknown stages, a route is checked against the chart, and
 * /verification lists the forecasts scored against it. Screenshots `icecharts-*.png` in tests/e2e/out/.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { IceChartCollection } from '../../common/api-types/icecharts.ts';
import { prepareChart, polygonAt, type PreparedPolygon } from '../../src/features/forecast-map/ice-chart/chart-geometry.ts';
import { polygonRio } from '../../src/features/forecast-map/ice-chart/chart-polaris.ts';
import { demoAccounts, newPage, screenshotPath, signIn, type RunningServer } from './harness.ts';
import { useJourney } from './journey.ts';
import { OFFLINE_LAND_COLOUR } from '../../src/map/offline-basemap.ts';
import { colourDistance, hexColour, projectToPage, readScreenColours, waitForDrawn, waitForIdle } from './forecast-map-helpers.ts';

const AARI = join(import.meta.dirname, '../../../shared/fixtures/icecharts/aari_arc_20140211_pl_a');
const NAME = 'aari_arc_20140211_pl_a';

let server: RunningServer;
let browser: Browser;
// Its own server: the chart it imports would show in other journeys' /verification and route checks.
useJourney((started) => ({ server, browser } = started), { server: 'own' });

/** The fixture's set as one zip, as an ice service sends it. */
function zippedChart(dir: string): string {
  const files = Object.fromEntries(['shp', 'shx', 'dbf', 'prj'].map((ext) => [`${NAME}.${ext}`, new Uint8Array(readFileSync(join(AARI, `${NAME}.${ext}`)))]));
  const path = join(dir, `${NAME}.zip`);
  writeFileSync(path, zipSync(files));
  return path;
}

/** A point well inside the largest polygon that matches, on the visible map: [lon, lat]. */
function insidePoint(polygons: PreparedPolygon[], match: (p: PreparedPolygon) => boolean): [number, number] {
  const candidates = polygons.filter(match).sort((a, b) => (b.bbox[2] - b.bbox[0]) * (b.bbox[3] - b.bbox[1]) - (a.bbox[2] - a.bbox[0]) * (a.bbox[3] - a.bbox[1]));
  for (const polygon of candidates) {
    const [west, south, east, north] = polygon.bbox;
    for (let i = 1; i < 20; i += 1) {
      for (let j = 1; j < 20; j += 1) {
        const lon = west + ((east - west) * i) / 20;
        const lat = south + ((north - south) * j) / 20;
        // Away from the polygon's edges: the points around are in it too.
        const around = [[0, 0], [0.3, 0], [-0.3, 0], [0, 0.15], [0, -0.15]].every(([dx, dy]) => polygonAt(polygons, lon + dx, lat + dy)?.index === polygon.index);
        if (around && lat < 80) return [lon, lat];
      }
    }
  }
  throw new Error('no polygon matched');
}

/** Latitudes (degrees) where one polygon lies on both sides of 180° and around: the cut must not show there. */
function acrossTheCut(polygons: PreparedPolygon[]): number[] {
  const lats: number[] = [];
  for (let lat = 74; lat <= 84 && lats.length < 3; lat += 0.5) {
    const here = [-1, 1].flatMap((dy) => [-1.5, 1.5].map((lon) => polygonAt(polygons, lon + 180, lat + dy * 0.3)?.index));
    if (here[0] !== undefined && here.every((index) => index === here[0])) lats.push(lat);
  }
  return lats;
}

/**
 * A longitude (degrees) where one polygon covers both 71.15°N (inside the latitudes of Wrangel Island, 70.8–71.6°N,
 * which a land ring jumping across 180° filled all round the world) and 72.4°N, away from the island.
 */
function besideTheIslandsLatitudes(polygons: PreparedPolygon[]): number {
  for (let lon = 150; lon <= 170; lon += 0.5) {
    const here = [71.0, 71.15, 71.3, 72.3, 72.4, 72.5].flatMap((lat) => [-0.3, 0.3].map((dx) => polygonAt(polygons, lon + dx, lat)?.index));
    if (here[0] !== undefined && here.every((index) => index === here[0])) return lon;
  }
  throw new Error('no polygon covers both latitudes');
}

async function colourAt(page: Page, lonLat: [number, number], shot: string): Promise<[number, number, number]> {
  const [screen] = await projectToPage(page, [lonLat]);
  if (!screen) throw new Error(`${lonLat} is not on the map`);
  const [colour] = await readScreenColours(page, [screen], screenshotPath(shot));
  return colour;
}

describe('ice charts', () => {
  it('imports the AARI chart as an admin, shows it in both colour codes, opens an egg code, POLARIS for PC5, checks a route on it, scores forecasts against it', { timeout: 900_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'icechart-'));
    const { page, context } = await newPage(browser);
    try {
      await context.route('https://gibs.earthdata.nasa.gov/**', (route) => route.abort('internetdisconnected'));
      await signIn(page, server.url, demoAccounts.admin);
      const dates = ((await page.evaluate(async () => (await fetch('/api/v1/forecast/info')).json())) as { available_dates: string[] }).available_dates;
      const date = dates[dates.length - 1];

      // The import: the chart stands for the newest forecast date (its own date is 2014-02-11).
      await page.goto(`${server.url}/upload`);
      const form = page.getByTestId('ice-chart-upload');
      await form.locator('input[type="file"]').setInputFiles(zippedChart(dir));
      await form.locator('input[name="valid_time"]').fill(`${date}T00:00`);
      await form.locator('input[name="source"]').fill('ААНИИ');
      await form.getByRole('button', { name: 'Загрузить карту' }).click();
      await expect.poll(() => form.textContent(), { timeout: 240_000, interval: 1000 }).toMatch(/Ледовая карта ААНИИ на .* загружена, полигонов: \d+/);
      await page.screenshot({ path: screenshotPath('icecharts-import') });

      const list = (await page.evaluate(async (d) => (await fetch(`/api/v1/icecharts?from=${d}&to=${d}`)).json(), date)) as { charts: { id: number }[] };
      const chart = (await page.evaluate(async (id) => (await fetch(`/api/v1/icecharts/${id}`)).json(), list.charts[0].id)) as IceChartCollection;
      const polygons = prepareChart(chart.features);
      const firstYear = insidePoint(polygons, (p) => !p.properties.fast_ice && p.properties.stages[0]?.code === '86' && p.bbox[3] < 82);

      // 'Сплочённость': 9–10/10 red; 'Возраст льда': first-year yellow.
      await page.goto(`${server.url}/forecasts?date=${date}&chart=ct`);
      await waitForDrawn(page, (v) => v !== 'none', 300_000);
      await page.getByTestId('ice-chart-info').waitFor({ timeout: 120_000 });
      await expect.poll(() => page.getByTestId('ice-chart-info').textContent()).toContain('Источник: ААНИИ');
      // The sidebar names the chart as soon as it is in the store; the map has drawn it when it says so.
      await page.locator(`[data-testid="forecast-map"][data-chart-drawn="${list.charts[0].id}|whole"]`).waitFor({ timeout: 120_000 });
      await page.evaluate(([lon, lat]) => { window.__forecastMap!.jumpTo({ center: [lon, lat], zoom: 3 }); }, firstYear);
      await waitForIdle(page);
      const ct = await colourAt(page, firstYear, 'icecharts-ct');
      expect(ct[0]).toBeGreaterThan(180);
      expect(ct[1]).toBeLessThan(90);

      // No band round the world at Wrangel Island's latitudes, no line along the server's cut at 180°, and the island
      // itself drawn as land (the offline basemap: GIBS is cut off above).
      await page.evaluate(() => { window.__forecastMap!.jumpTo({ center: [175, 75], zoom: 3 }); });
      await waitForIdle(page);
      const lon = besideTheIslandsLatitudes(polygons);
      const lats = acrossTheCut(polygons);
      expect(lats.length).toBeGreaterThan(0);
      const onTheCut = (await projectToPage(page, lats.map((lat) => [180, lat]))).map((point) => point!);
      const beside = (await projectToPage(page, lats.map((lat) => [178.5, lat]))).map((point) => point!);
      const [onBand, offBand, island] = (await projectToPage(page, [[lon, 71.15], [lon, 72.4], [179.4, 71.15]])).map((point) => point!);
      const across = onTheCut.flatMap(([x, y]) => [-3, -2, -1, 0, 1, 2, 3].map((dx) => [x + dx, y] as [number, number]));
      const colours = await readScreenColours(page, [...across, ...beside, onBand, offBand, island], screenshotPath('icecharts-antimeridian'));
      const besideColours = colours.slice(across.length, across.length + beside.length);
      across.forEach((_, k) => expect(colourDistance(colours[k], besideColours[Math.floor(k / 7)])).toBeLessThan(25));
      const [band, offTheBand, islandColour] = colours.slice(-3);
      expect(colourDistance(band, offTheBand)).toBeLessThan(12);
      expect(colourDistance(islandColour, hexColour(OFFLINE_LAND_COLOUR))).toBeLessThan(20);
      await page.evaluate(([lon, lat]) => { window.__forecastMap!.jumpTo({ center: [lon, lat], zoom: 3 }); }, firstYear);
      await waitForIdle(page);

      await page.getByTestId('ice-chart-panel').getByRole('button', { name: 'Возраст льда' }).click();
      await waitForIdle(page);
      const sod = await colourAt(page, firstYear, 'icecharts-sod');
      expect(sod[0]).toBeGreaterThan(180);
      expect(sod[1]).toBeGreaterThan(180);
      expect(sod[2]).toBeLessThan(110);
      await expect.poll(() => page.url()).toContain('chart=sod');

      // A click on the polygon opens its egg: 10/10 first-year ice.
      const [screen] = await projectToPage(page, [firstYear]);
      await page.mouse.click(screen![0], screen![1]);
      const egg = page.getByTestId('egg-code');
      await egg.waitFor();
      expect(await egg.locator('[data-egg="ct"]').textContent()).toBe('10');
      expect(await egg.locator('[data-egg="sa"]').textContent()).toBe('6');
      expect(await page.getByTestId('egg-text').textContent()).toContain('однолетний лёд');
      await expect.poll(() => page.url()).toContain('egg=');
      await page.screenshot({ path: screenshotPath('icecharts-egg') });

      // POLARIS from the chart for PC5, with the stated rule for AARI's unknown stages.
      await page.getByTestId('ice-class-select').selectOption('PC5');
      await page.getByTestId('ice-chart-panel').getByRole('button', { name: 'POLARIS' }).click();
      await expect.poll(() => page.getByTestId('ice-chart-rule').textContent()).toBe('стадия неизвестна: принят однолетний толстый');
      await expect.poll(() => page.getByTestId('egg-text').textContent()).toContain('RIO (PC5)');
      await waitForIdle(page);
      await page.screenshot({ path: screenshotPath('icecharts-polaris-pc5') });
      await page.evaluate(() => { window.__forecastMap!.jumpTo({ center: [100, 80], zoom: 1.4 }); });
      await waitForIdle(page);
      await page.screenshot({ path: screenshotPath('icecharts-polaris-arctic') });

      // The route checked against the chart shown: 'По ледовой карте ААНИИ от {date}', its lowest RIO that of the
      // chart's polygon where the server says it lies (RIO for PC5 as the chart's layer computes it).
      await page.getByRole('button', { name: 'Закрыть' }).click();
      await page.getByTestId('route-mode').click();
      const clicks: [number, number][] = [
        [700, 620],
        [860, 470],
        [1000, 330],
      ];
      await page.mouse.click(...clicks[0]);
      await page.mouse.click(...clicks[1]);
      await page.mouse.dblclick(...clicks[2]);
      await expect.poll(() => page.getByTestId('route-panel').getAttribute('data-mode')).toBe('ready');
      const onChart = page.getByTestId('route-chart');
      await expect.poll(() => onChart.locator('h4').textContent(), { timeout: 60_000 }).toBe(`По ледовой карте ААНИИ от ${date}`);
      await onChart.locator('tr[data-row="min-rio"] td').waitFor({ timeout: 60_000 });
      expect(Number(await onChart.locator('tr[data-row="ice-length"] td').textContent())).toBeGreaterThan(0);
      const minRio = Number(await onChart.locator('tr[data-row="min-rio"] td').textContent());
      const at = (await onChart.locator('tr[data-row="min-rio-at"] td').textContent())!.match(/\((-?[\d.]+)°, (-?[\d.]+)°\)/);
      expect(at).not.toBeNull();
      const where = polygonAt(polygons, Number(at![2]), Number(at![1]));
      expect(where).not.toBeNull();
      expect(polygonRio(where!, 'PC5')!.rio).toBeCloseTo(minRio, 1);
      await page.screenshot({ path: screenshotPath('icecharts-route'), timeout: 120_000 });

      // The forecasts valid on the chart's date scored against it (the import ran the verification step).
      await page.goto(`${server.url}/verification`);
      const truths = page.getByTestId('verification-chart-truths');
      await expect
        .poll(
          async () => {
            if ((await truths.locator('tr[data-truth^="chart:"]').count()) > 0) return true;
            await page.reload();
            return false;
          },
          { timeout: 120_000, interval: 2000 },
        )
        .toBe(true);
      const row = truths.locator('tr[data-truth^="chart:"]').first();
      expect(await row.locator('td').last().textContent()).toBe(`по ледовой карте ААНИИ от ${date}`);
      expect(await row.locator('td').nth(0).textContent()).toBe(date);
      await page.screenshot({ path: screenshotPath('icecharts-verification'), timeout: 120_000 });
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
