/**
 * Issue 12 in Chromium against the real server: the POLARIS layer colours each cell of a known-pattern file by
 * the operational category of the chosen ice class, a class change recolours the field at once (and goes into
 * the URL), in both projections; a route drawn by clicks is checked for +24/+48/+72 h, drawn, and its GPX,
 * CSV and GeoJSON exports parse; a route file imports.
 */
import Database from 'better-sqlite3';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { assessCell, type IceClass } from '../../common/polaris/polaris.ts';
import { ru } from '../../src/i18n/ru.ts';
import { greatCircleKm } from '../../server/src/routes/ship-route/great-circle.ts';
import { CATEGORY_COLOURS } from '../../src/map/layers/polaris-layer/polaris-colours.ts';
import { demoAccounts, newPage, screenshotPath, signIn, type RunningServer } from './harness.ts';
import { useJourney } from './journey.ts';
import { blackBackground, colourDistance, projectToPage, readScreenColours, waitForDrawn, waitForIdle, watchFileTraffic, type FileTraffic, type Rgb } from './forecast-map-helpers.ts';
import { patternConcentration, patternThickness, writePatternFile } from './forecast-map-pattern.ts';

/** Valid cells: alpha 200/255 times the layer's opacity 0.7, over a black background. */
const FIELD_ALPHA = (200 / 255) * 0.7;
const TOLERANCE = 4;

let server: RunningServer;
let browser: Browser;
let page: Page;
let fileTraffic: FileTraffic;
let date = '';

function expectedColour(iceClass: IceClass, lat: number, lon: number): Rgb {
  const cell = assessCell(iceClass, patternConcentration(lat, lon, 0), patternThickness(lat, lon, 0));
  if (!cell) return [0, 0, 0];
  return CATEGORY_COLOURS[cell.category].map((c) => Math.round(c * FIELD_ALPHA)) as Rgb;
}

/** Points of the pattern's 5° × 2° blocks that are on the visible map, away from panels and legend. */
async function visibleBlockPoints(maxLat: number): Promise<{ lat: number; lon: number; x: number; y: number }[]> {
  const candidates: [number, number][] = [];
  // Four points inside each 5° × 2° block, away from its edges.
  for (let lat = 66; lat < maxLat; lat += 2) {
    for (let lon = 50; lon < 115; lon += 5) {
      for (const [dLon, dLat] of [[1.5, 0.5], [3.5, 0.5], [1.5, 1.5], [3.5, 1.5]]) candidates.push([lon + dLon, lat + dLat]);
    }
  }
  const screen = await projectToPage(page, candidates);
  const { width, height } = page.viewportSize()!;
  // The hover readout (at the map's bottom left) while the cursor is on the map, with a margin.
  const readout = (await page.getByTestId('hover-readout').isVisible()) ? await page.getByTestId('hover-readout').boundingBox() : null;
  return candidates.flatMap(([lon, lat], k) => {
    const p = screen[k];
    if (!p) return [];
    const [x, y] = p;
    const onMap = x > 320 && x < width - 60 && y > 64 + 110 && y < height - 45;
    const underLegend = x > width - 350 && y > height - 300;
    const underRouteButton = x > width - 160 && y < 64 + 60;
    const underReadout = readout !== null && x > readout.x - 8 && x < readout.x + readout.width + 8 && y > readout.y - 8;
    return onMap && !underLegend && !underRouteButton && !underReadout ? [{ lat, lon, x, y }] : [];
  });
}

async function checkColours(iceClass: IceClass, maxLat: number, shot: string): Promise<Rgb[]> {
  const points = await visibleBlockPoints(maxLat);
  const colours = await readScreenColours(page, points.map((p) => [p.x, p.y]), screenshotPath(shot));
  const wrong = points
    .map((p, k) => ({ ...p, got: colours[k], want: expectedColour(iceClass, p.lat, p.lon) }))
    .filter((p) => colourDistance(p.got, p.want) > TOLERANCE);
  expect(wrong.slice(0, 8).map((p) => `${p.lat}N ${p.lon}E: ${p.got} ≠ ${p.want}`), `${wrong.length} of ${points.length}`).toEqual([]);
  expect(points.length).toBeGreaterThan(30);
  return colours;
}

async function installPattern(): Promise<void> {
  let dates: string[] = [];
  const deadline = Date.now() + 150_000;
  while (dates.length < 1) {
    if (Date.now() > deadline) throw new Error(`server never listed a date:\n${server.output()}`);
    dates = await page.evaluate(async () => ((await (await fetch('/api/v1/forecast/info')).json()) as { available_dates?: string[] }).available_dates ?? []);
    if (dates.length < 1) await page.waitForTimeout(500);
  }
  date = dates[dates.length - 1];
  const root = join(server.dataDir, 'forecast-data', 'forecast');
  // The file index checks each served file against the size and checksum it wrote (a file changed behind its back
  // is answered as damaged): the pattern files are put in the index as an operator's repair would.
  const index = new Database(join(server.dataDir, 'app.db'));
  for (const model of readdirSync(root)) {
    const file = join(root, model, `${date}.nc`);
    if (!existsSync(file)) continue;
    const pattern = writePatternFile(date);
    writeFileSync(file, pattern);
    for (const copy of [`${file}.gz`, `${file}.br`]) rmSync(copy, { force: true });
    index
      .prepare('UPDATE forecast_files SET bytes = ?, sha256 = NULL, mtime_ms = NULL WHERE path = ?')
      .run(pattern.length, `forecast-data/forecast/${model}/${date}.nc`);
  }
  index.close();
}

async function download(testId: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return readFileSync((await file.path())!, 'utf8');
}

// A server of its own: the journey replaces the latest date's demo files with the known pattern.
useJourney(async (started) => {
  ({ server, browser } = started);
  ({ page } = await newPage(browser));
  fileTraffic = watchFileTraffic(page);
  await page.context().route('https://gibs.earthdata.nasa.gov/**', (route) => route.abort('internetdisconnected'));
  await signIn(page, server.url, demoAccounts.user);
  await installPattern();
}, { server: 'own' });

describe('POLARIS on the map', () => {
  it('colours each cell by the category of the class, and recolours at once when the class changes', async () => {
    await page.goto(`${server.url}/forecasts?date=${date}&variable=POLARIS&ice_class=PC3`);
    await waitForDrawn(page, (drawn) => drawn.endsWith('|POLARIS|0'));
    await expect.poll(() => page.getByTestId('ice-class-select').inputValue()).toBe('PC3');
    await expect.poll(() => page.locator('[data-basemap]').getAttribute('data-basemap'), { timeout: 20_000 }).toBe('offline');
    await waitForIdle(page);
    await page.screenshot({ path: screenshotPath('polaris-pc3-globe') });
    const legend = page.getByTestId('legend');
    await expect.poll(() => legend.textContent()).toContain(ru.polaris.categories.elevated);
    expect(await legend.textContent()).toContain(ru.polaris.legendNote);

    await blackBackground(page);
    const pc3 = await checkColours('PC3', 89, 'polaris-pc3-globe-black');

    await page.getByTestId('ice-class-select').selectOption('NOT_ICE_STRENGTHENED');
    await waitForIdle(page);
    const weak = await checkColours('NOT_ICE_STRENGTHENED', 89, 'polaris-none-globe-black');
    expect(pc3.filter((c, k) => colourDistance(c, weak[k]) > TOLERANCE).length).toBeGreaterThan(5);
    expect(new URL(page.url()).searchParams.get('ice_class')).toBe('NOT_ICE_STRENGTHENED');
    expect(new URL(page.url()).searchParams.get('variable')).toBe('POLARIS');
    expect(await legend.textContent()).toContain(ru.polaris.classNames.NOT_ICE_STRENGTHENED);

    // The readout at a block centre: RIO and category as the table gives them.
    const [point] = await visibleBlockPoints(85);
    await page.mouse.move(point.x, point.y);
    const cell = assessCell('NOT_ICE_STRENGTHENED', patternConcentration(point.lat, point.lon, 0), patternThickness(point.lat, point.lon, 0));
    const readout = page.getByTestId('hover-readout');
    await expect.poll(() => readout.textContent()).toContain(cell ? `RIO: ${cell.rio.toFixed(1)}` : `RIO: ${ru.polaris.noData}`);
    if (cell) expect(await readout.textContent()).toContain(ru.polaris.categories[cell.category]);
  });

  it('draws the same categories in Mercator, and switches variables without a new request', async () => {
    // The worker's background (issue 13) fetches the file's other slices after the first field: let it finish.
    await fileTraffic.settled();
    const fileRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/v1\/(assim_)?forecast\/hist\?/.test(request.url())) fileRequests.push(request.url());
    });
    await page.locator('.forecast-sidebar button', { hasText: /^sithick_GLORYS$/ }).click();
    await waitForDrawn(page, (drawn) => drawn.endsWith('|sithick_GLORYS|0'));
    await page.locator('.forecast-sidebar button', { hasText: /^POLARIS$/ }).click();
    await waitForDrawn(page, (drawn) => drawn.endsWith('|POLARIS|0'));
    expect(fileRequests).toEqual([]);
    await page.getByTestId('ice-class-select').selectOption('PC6');
    await page.getByTitle(ru.forecastMap.projectionMercator).click();
    await expect.poll(() => page.evaluate(() => window.__forecastMap!.getProjection()?.type)).toBe('mercator');
    await waitForIdle(page);
    await checkColours('PC6', 84, 'polaris-pc6-mercator-black');
  });
});

describe('route check', () => {
  it('checks a route drawn by clicks for three leads, draws it and exports GPX, CSV and GeoJSON', async () => {
    await page.goto(`${server.url}/forecasts?date=${date}&variable=POLARIS&ice_class=PC7`);
    await waitForDrawn(page, (drawn) => drawn.endsWith('|POLARIS|0'));
    await page.getByTestId('route-mode').click();
    // Three places on the open map, clear of the sidebar, the panel and the legend (page pixels).
    const screen: [number, number][] = [
      [450, 600],
      [650, 400],
      [850, 250],
    ];
    const route = await page.evaluate((points) => {
      const map = window.__forecastMap!;
      const rect = map.getContainer().getBoundingClientRect();
      return points.map(([x, y]) => {
        const { lng, lat } = map.unproject([x - rect.left, y - rect.top]);
        return [lng, lat] as [number, number];
      });
    }, screen);
    const count = page.getByTestId('route-waypoints');
    await page.mouse.click(...screen[0]);
    await expect.poll(() => count.textContent()).toBe(ru.route.waypoints(1));
    await page.mouse.click(...screen[1]);
    await expect.poll(() => count.textContent()).toBe(ru.route.waypoints(2));
    await page.mouse.dblclick(...screen[2]);
    const panel = page.getByTestId('route-panel');
    await expect.poll(() => panel.getAttribute('data-mode')).toBe('ready');
    expect(await page.getByTestId('route-waypoints').textContent()).toBe(ru.route.waypoints(3));
    // While drawing, the clicks were the route's, not the point panel's ('Точка').
    expect(await page.getByTestId('point-panel').count()).toBe(0);
    const results = page.getByTestId('route-results');
    await expect.poll(() => results.isVisible(), { timeout: 30_000 }).toBe(true);
    const expectedLength = greatCircleKm(route[0][1], route[0][0], route[1][1], route[1][0]) + greatCircleKm(route[1][1], route[1][0], route[2][1], route[2][0]);
    for (const lead of [24, 48, 72]) {
      const length = Number(await results.locator(`tr[data-row="length"] td[data-lead="${lead}"]`).textContent());
      expect(Math.abs(length - expectedLength)).toBeLessThanOrEqual(0.051);
      expect(await results.locator(`tr[data-row="min-rio"] td[data-lead="${lead}"]`).textContent()).toMatch(/^-?\d+\.\d$/);
    }
    await waitForIdle(page);
    await page.screenshot({ path: screenshotPath('polaris-route') });

    const gpx = await download('route-export-gpx');
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      return {
        errors: doc.getElementsByTagName('parsererror').length,
        root: doc.documentElement.localName,
        rtept: doc.getElementsByTagName('rtept').length,
        tracks: doc.getElementsByTagName('trk').length,
        trkpt: doc.getElementsByTagName('trkpt').length,
      };
    }, gpx);
    expect(parsed).toMatchObject({ errors: 0, root: 'gpx', rtept: 3, tracks: 3 });
    expect(parsed.trkpt).toBeGreaterThanOrEqual(3 * Math.ceil(expectedLength / 5));

    const csv = (await download('route-export-csv')).trim().split('\n');
    expect(csv[0]).toBe('lead_hours,distance_km,lat,lon,concentration,thickness_m,ice_type,rio,category,covered');
    expect(csv.length - 1).toBe(parsed.trkpt);
    expect(csv[1].split(',')).toHaveLength(10);

    const geojson = JSON.parse(await download('route-export-geojson'));
    expect(geojson.type).toBe('FeatureCollection');
    expect(geojson.features).toHaveLength(3);
    for (const feature of geojson.features) {
      expect(feature.geometry.type).toBe('LineString');
      expect(feature.properties).toMatchObject({ ice_class: 'PC7', date });
      expect(feature.properties.rio).toHaveLength(feature.geometry.coordinates.length);
    }
    const [lon0, lat0] = geojson.features[0].geometry.coordinates[0];
    expect(lon0).toBeCloseTo(route[0][0], 3);
    expect(lat0).toBeCloseTo(route[0][1], 3);
  });

  it("a route leaving the forecast area: the panel says 'Вне области прогноза: N км' and draws those legs dashed grey", async () => {
    await page.goto(`${server.url}/forecasts?date=${date}&variable=POLARIS&ice_class=PC7`);
    await waitForDrawn(page, (drawn) => drawn.endsWith('|POLARIS|0'));
    await page.getByTestId('route-mode').click();
    // Along the 80°E meridian from 70°N south to 60°N: the grid ends at 66.0°N (its first row's edge), so
    // 6° of latitude, 667.2 km, are outside (a meridian is a great circle; 5 km samples: within a step).
    await page.getByTestId('route-import').setInputFiles({ name: 'south.csv', mimeType: 'text/csv', buffer: Buffer.from('lat,lon\n70,80\n60,80\n') });
    const note = page.getByTestId('route-outside');
    await expect.poll(() => note.textContent(), { timeout: 30_000 }).toMatch(/^Вне области прогноза: \d+\.\d км$/);
    const outsideKm = Number(/: ([\d.]+) км$/.exec((await note.textContent())!)![1]);
    const expectedKm = greatCircleKm(66.0, 80, 60, 80);
    expect(Math.abs(outsideKm - expectedKm), `${outsideKm} km`).toBeLessThanOrEqual(5);
    expect(await note.textContent()).toBe(ru.route.outside(outsideKm.toFixed(1)));

    // On the map (black background): along the outside leg grey dashes with gaps; along the inside leg a line without gaps.
    await page.evaluate(() => { window.__forecastMap!.jumpTo({ center: [86, 64.5], zoom: 5 }); });
    await blackBackground(page);
    const panel = (await page.getByTestId('route-panel').boundingBox())!;
    const along = async (fromLat: number, toLat: number) => {
      const points = Array.from({ length: 400 }, (_, k) => [80, fromLat + ((toLat - fromLat) * k) / 399] as [number, number]);
      const screen = (await projectToPage(page, points)).filter((p): p is [number, number] => {
        if (!p) return false;
        const underPanel = p[0] > panel.x - 10 && p[0] < panel.x + panel.width + 10 && p[1] < panel.y + panel.height + 10;
        // Clear of the sidebar, the panel and the basemap note at the bottom.
        return p[0] > 330 && p[0] < 1270 && p[1] > 70 && p[1] < 760 && !underPanel;
      });
      return readScreenColours(page, screen, screenshotPath(`route-outside-${fromLat}-${toLat}`));
    };
    const grey: Rgb = [140, 140, 140];
    const outside = await along(65.7, 60.3);
    expect(outside.length).toBeGreaterThan(100);
    const dashes = outside.filter((c) => colourDistance(c, grey) <= 40).length / outside.length;
    const gaps = outside.filter((c) => Math.max(...c) < 40).length / outside.length;
    expect(dashes, 'grey dashes').toBeGreaterThan(0.3);
    expect(gaps, 'gaps between dashes').toBeGreaterThan(0.15);
    // The dashes' smoothed ends are darker greys: every pixel is grey or black, none a category's colour.
    expect(outside.filter((c) => Math.max(...c) - Math.min(...c) > 12), 'nothing but grey').toEqual([]);
    const inside = await along(69.7, 66.3);
    expect(inside.length).toBeGreaterThan(50);
    expect(inside.filter((c) => Math.max(...c) < 40).length, 'the line inside the area has no gaps').toBe(0);
  });

  it('imports a CSV route and checks it', async () => {
    await page.getByTestId('route-import').setInputFiles({ name: 'route.csv', mimeType: 'text/csv', buffer: Buffer.from('lat,lon\n70,60\n75,70\n') });
    await expect.poll(() => page.getByTestId('route-waypoints').textContent()).toBe(ru.route.waypoints(2));
    const length = page.getByTestId('route-results').locator('tr[data-row="length"] td[data-lead="48"]');
    await expect.poll(async () => Number(await length.textContent()), { timeout: 30_000 }).toBeGreaterThan(500);
    await page.getByTestId('route-import').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('75,60\n') });
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain(ru.route.importReasons.tooFew);
  });
});
