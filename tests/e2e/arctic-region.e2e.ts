/**
 * The whole Arctic on the map, the viewer's side: 'Район' → 'Арктика целиком' puts `region=arctic` in the URL, asks
 * the server for that region's dates and file (`region=arctic` on each request), turns the globe to the pole so the
 * Arctic Ocean, the pole and Chukotka share one 1280 × 800 view, and checks the Northern Sea Route (Kara Gate →
 * Bering Strait) against the whole Arctic's forecast with nothing outside it; back on the sector the URL names no
 * region, the spec's view, field and route check (most of that route outside) return. An admin's
 * '/generate-forecast' with 'Район' → 'Арктика целиком' lists the region's analysis dates, runs a model there and
 * draws its new file of region arctic. A server of its own: it builds the newest demo day for region `arctic` too
 * (DEMO_ARCTIC_DAYS=1). Screenshots `arctic-region-*.png`.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RouteCheckRequest, RouteCheckResult } from '../../common/api-types/ship-route.ts';
import { ru } from '../../src/i18n/ru.ts';
import { FORECAST_VARIABLES, LEAD_HOURS } from '../../src/features/forecast-map/forecast-variables.ts';
import { colourDistance, projectToPage, readScreenColours, waitForDrawn, waitForIdle, type Rgb } from './forecast-map-helpers.ts';
import { demoAccounts, newPage, screenshotPath, signIn, type RunningServer } from './harness.ts';
import { ARCTIC_PLACES, arcticFile, NSR_CSV, PARALLEL_AWAY } from './arctic-region-helpers.ts';
import { useJourney } from './journey.ts';
import { startSlowLinkProxy } from './slow-link-proxy.ts';
import { bboxContains } from '../../common/forecast-file/bbox.ts';
import type { Bbox } from '../../common/forecast-file/subset-query.ts';
import { CATEGORY_COLOURS } from '../../src/map/layers/polaris-layer/index.ts';
import { fieldCellAt } from '../../common/field-grid.ts';
import { driftComponents } from '../../common/drift.ts';
import { formatPointValue, scalarValue } from '../../src/features/forecast-map/point-panel/point-series.ts';
import { integrateTrajectory } from '../../src/features/forecast-map/trajectory/drift-integrator.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;
/** Every API request of the page and its workers, in order. */
const requests: string[] = [];
/** Forecast-file answers (URL and status), the page's and its decode worker's. */
const fileAnswers: { url: string; status: number }[] = [];
const routeChecks: { request: RouteCheckRequest; result: RouteCheckResult }[] = [];
const mapView = () =>
  page.evaluate(() => {
    const map = window.__forecastMap!;
    return { center: map.getCenter().toArray(), zoom: map.getZoom(), minZoom: map.getMinZoom(), bounds: map.getMaxBounds()?.toArray() ?? null, projection: map.getProjection()?.type };
  });

/** Whether the map's view is the spec's: centre 78°N 90°E, zoom 4 (within rounding of MapLibre's transform). */
const isSpecView = (view: Awaited<ReturnType<typeof mapView>>) =>
  Math.abs(view.center[0] - 90) < 1e-6 && Math.abs(view.center[1] - 78) < 1e-6 && Math.abs(view.zoom - 4) < 1e-9 && view.minZoom === 4;

const searchParam = (name: string) => new URL(page.url()).searchParams.get(name);

useJourney(
  async (started) => {
    ({ server, browser } = started);
    ({ page } = await newPage(browser));
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/')) requests.push(request.url());
    });
    page.on('response', async (response) => {
      const url = response.url();
      if (/\/api\/v1\/(assim_forecast|forecast|analysis)\/hist\?/.test(url)) fileAnswers.push({ url, status: response.status() });
      if (url.endsWith('/api/v1/route/check') && response.status() === 200) {
        routeChecks.push({ request: response.request().postDataJSON() as RouteCheckRequest, result: (await response.json()) as RouteCheckResult });
      }
    });
    await page.context().route('https://gibs.earthdata.nasa.gov/**', (route) => route.abort('internetdisconnected'));
    await signIn(page, server.url, demoAccounts.user);
    // The server builds the whole Arctic's demo day after the sector's days.
    const arcticDates = () => page.evaluate(async () => ((await (await fetch('/api/v1/forecast/info?region=arctic')).json()) as { available_dates?: string[] }).available_dates ?? []);
    const deadline = Date.now() + 170_000;
    while ((await arcticDates()).length === 0) {
      if (Date.now() > deadline) throw new Error(`the server built no demo day of region arctic:\n${server.output().slice(-2000)}`);
      await page.waitForTimeout(1000);
    }
  },
  { server: 'own', env: { DEMO_ARCTIC_DAYS: '1' } },
);

describe("the 'Район' choice", () => {
  it("'Арктика целиком' asks for the whole Arctic's dates and file with region=arctic and shows the pole and Chukotka in one view", async () => {
    await page.goto(`${server.url}/forecasts`);
    await waitForDrawn(page, (drawn) => drawn !== 'none');
    expect(isSpecView(await mapView())).toBe(true);
    expect(searchParam('region')).toBeNull();
    const select = page.getByTestId('region-select');
    expect(await select.locator('option').allTextContents()).toEqual(['Карское море и море Лаптевых', 'Арктика целиком']);
    expect(await select.inputValue()).toBe('sector');

    const before = requests.length;
    await select.selectOption({ label: 'Арктика целиком' });
    await expect.poll(() => searchParam('region')).toBe('arctic');
    await expect.poll(() => requests.slice(before).some((url) => url.endsWith('/api/v1/forecast/info?region=arctic'))).toBe(true);
    const date = searchParam('date')!;
    // The whole file's header, or the shown slice first: either way the region is named, and the server has it.
    await expect
      .poll(() => fileAnswers.some((a) => a.url.includes(`/api/v1/forecast/hist?date=${date}&region=arctic`) && a.status < 300))
      .toBe(true);
    expect(fileAnswers.filter((a) => a.url.includes('region=arctic')).every((a) => a.status < 300)).toBe(true);
    expect(await page.getByRole('alert').allTextContents()).not.toContain(ru.forecastMap.fileNotFound);
    // Drawn from the whole Arctic's own grid (EPSG:3413), not the sector's field left over.
    await waitForDrawn(page, (drawn) => drawn.includes('region=arctic') && drawn.endsWith('|sithick_GLORYS|0'));

    await expect.poll(async () => (await mapView()).center[1]).toBeGreaterThan(89);
    expect(await mapView()).toMatchObject({ projection: 'globe', bounds: null });
    await waitForIdle(page);
    const rect = await page.getByTestId('forecast-map').boundingBox();
    const onScreen = await projectToPage(page, Object.values(ARCTIC_PLACES));
    const outside = Object.keys(ARCTIC_PLACES).filter((_, k) => {
      const point = onScreen[k];
      return !point || point[0] < rect!.x || point[0] > rect!.x + rect!.width || point[1] < rect!.y || point[1] > rect!.y + rect!.height;
    });
    expect(outside).toEqual([]);
    await page.screenshot({ path: screenshotPath('arctic-region-arctic') });
  });

  it('switches every variable and lead on the whole Arctic, each drawn from its file', async () => {
    for (const variable of FORECAST_VARIABLES) {
      await page.locator('.forecast-sidebar button', { hasText: new RegExp(`^${variable}$`) }).click();
      for (const [leadIndex, hours] of LEAD_HOURS.entries()) {
        await page.locator('.forecast-sidebar button', { hasText: new RegExp(`^\\+${hours}h$`) }).click();
        await waitForDrawn(page, (drawn) => drawn.includes('region=arctic') && drawn.endsWith(`|${variable}|${leadIndex}`));
      }
    }
    // The date's analysis of the whole Arctic ('Анализ', offered once the region's analysis dates are listed).
    const analysis = page.getByTestId('analysis-run').getByRole('button', { name: ru.analysisRun.analysis });
    await analysis.click();
    await waitForDrawn(page, (drawn) => drawn.includes('/api/v1/analysis/hist?') && drawn.includes('region=arctic'));
    expect(searchParam('run')).toBe('analysis');
    await analysis.click();
    expect(searchParam('region')).toBe('arctic');
    expect(fileAnswers.filter((a) => a.url.includes('region=arctic') && a.status >= 300)).toEqual([]);
    // Back to the view the route check reads: thickness at +24 h.
    await page.locator('.forecast-sidebar button', { hasText: /^sithick_GLORYS$/ }).click();
    await page.locator('.forecast-sidebar button', { hasText: /^\+24h$/ }).click();
    await waitForDrawn(page, (drawn) => drawn.includes('region=arctic') && drawn.endsWith('|sithick_GLORYS|0'));
  });

  it("'Точка' in the East Siberian Sea reads the whole Arctic's files at that cell for both runs", async () => {
    const date = searchParam('date')!;
    const sea: [number, number] = [160, 74]; // lon, lat: north of the Kolyma's mouth
    await page.goto(`${server.url}/forecasts?region=arctic&date=${date}&lead=24&variable=sithick_GLORYS&point=${sea[1]},${sea[0]}`);
    await waitForDrawn(page, (drawn) => drawn.includes('region=arctic') && drawn.endsWith('|sithick_GLORYS|0'));
    const want: string[][] = [];
    for (const kind of ['forecast', 'assim_forecast'] as const) {
      const file = await arcticFile(server.dataDir, kind, date);
      const cell = fieldCellAt(file.grid, sea[0], sea[1]);
      expect(cell).toBeGreaterThanOrEqual(0);
      want.push([0, 1, 2].map((lead) => formatPointValue('sithick_GLORYS', scalarValue(file.slice('sithick_GLORYS', lead)[cell]))));
    }
    expect(want.flat().filter((v) => v !== ru.forecastMap.noData)).toHaveLength(6);
    const table = page.getByTestId('point-table');
    const firstTwoColumns = () =>
      table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td')).slice(0, 2).map((cell) => cell.textContent ?? '')));
    await expect.poll(firstTwoColumns).toEqual([0, 1, 2].map((lead) => [want[0][lead], want[1][lead]]));
    await page.screenshot({ path: screenshotPath('arctic-region-point') });
  });

  it("'Траектория дрейфа' from beside 180° follows the whole Arctic's drift as our integrator does on its polar grid", async () => {
    const date = searchParam('date')!;
    const start: [number, number] = [179.9, 74]; // lon, lat: north of Wrangel Island, on the antimeridian
    await page.goto(`${server.url}/forecasts?region=arctic&date=${date}&lead=24&variable=usi_vsi&point=${start[1]},${start[0]}&track=true`);
    await waitForDrawn(page, (drawn) => drawn.includes('region=arctic') && drawn.endsWith('|usi_vsi|0'));
    const file = await arcticFile(server.dataDir, 'forecast', date);
    const uv = [0, 1, 2].map((lead) => driftComponents(file.slice('usi_vsi_GLORYS_speed', lead), file.slice('usi_vsi_GLORYS_direct', lead)).data);
    const track = integrateTrajectory({ grid: file.grid, leadHours: [24, 48, 72], uv }, start);
    expect(track.distanceKm).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('trajectory-summary').textContent()).toBe(
      `${ru.mapTools.distance}: ${track.distanceKm.toFixed(1)} км, ${ru.mapTools.netBearing}: ${Math.round(track.bearingDeg) % 360}°`,
    );
    await waitForIdle(page);
    await page.screenshot({ path: screenshotPath('arctic-region-trajectory') });
    // The route check follows: back to thickness at +24 h, the point closed.
    await page.goto(`${server.url}/forecasts?region=arctic&date=${date}&lead=24&variable=sithick_GLORYS`);
    await waitForDrawn(page, (drawn) => drawn.includes('region=arctic') && drawn.endsWith('|sithick_GLORYS|0'));
  });

  it('checks the Northern Sea Route against the whole Arctic with nothing outside it; the sector leaves most of it outside', async () => {
    // The map as it is before the route: PARALLEL_AWAY's page points and colours.
    await waitForIdle(page);
    const projected = await projectToPage(page, PARALLEL_AWAY);
    const points = projected.filter((p): p is [number, number] => p !== null);
    const lons = PARALLEL_AWAY.filter((_, k) => projected[k] !== null).map(([lon]) => lon);
    const parallelBefore = { points, lons, colours: await readScreenColours(page, points) };
    await page.getByTestId('route-mode').click();
    await page.getByTestId('route-import').setInputFiles({ name: 'nsr.csv', mimeType: 'text/csv', buffer: Buffer.from(NSR_CSV) });
    await expect.poll(() => page.getByTestId('route-waypoints').textContent()).toBe(ru.route.waypoints(12));
    await expect.poll(() => routeChecks.filter((c) => c.request.region === 'arctic').length).toBe(3);
    const arctic = routeChecks.filter((c) => c.request.region === 'arctic');
    expect(arctic.map((c) => c.request.lead_hours).sort()).toEqual([24, 48, 72]);
    for (const { result } of arctic) {
      expect(result.length_km).toBeGreaterThan(4500);
      expect(result.outside_km).toBe(0);
    }
    await expect.poll(() => page.getByTestId('route-results').locator('tr[data-row="length"] td[data-lead="24"]').textContent()).toMatch(/\d/);
    expect(await page.getByTestId('route-outside').count()).toBe(0);
    await waitForIdle(page);
    // The route crosses 180° without a line round the pole: away from it, no pixel of those parallels turned to a
    // route colour (a category's, or the grey of land and no data) since before the route (the route panel aside).
    const panel = (await page.getByTestId('route-panel').boundingBox())!;
    const after = await readScreenColours(page, parallelBefore.points, screenshotPath('arctic-region-route'));
    const routeColours: Rgb[] = [[140, 140, 140], ...Object.values(CATEGORY_COLOURS).map(([r, g, b]): Rgb => [r, g, b])];
    const crossed = new Set<number>();
    parallelBefore.points.forEach(([x, y], k) => {
      const underPanel = x >= panel.x && x <= panel.x + panel.width && y >= panel.y && y <= panel.y + panel.height;
      const routeLike = routeColours.some((colour) => colourDistance(after[k], colour) <= 24);
      if (!underPanel && routeLike && colourDistance(after[k], parallelBefore.colours[k]) > 8) crossed.add(parallelBefore.lons[k]);
    });
    expect(parallelBefore.points.length).toBeGreaterThanOrEqual(4 * 36);
    // A line round the pole crosses every meridian looked at; the basemap's detailed coast, arriving meanwhile, may
    // touch one.
    expect(crossed.size, `meridians crossed by a route colour: ${[...crossed].join(', ')}°`).toBeLessThanOrEqual(1);

    // Back to the sector: the spec's URL, view and field; the same route checked against the sector's file.
    const checked = routeChecks.length;
    await page.getByTestId('region-select').selectOption({ label: 'Карское море и море Лаптевых' });
    await expect.poll(() => searchParam('region')).toBeNull();
    await expect.poll(async () => isSpecView(await mapView())).toBe(true);
    const view = await mapView();
    expect(view.bounds![0]).toEqual([50, 45]);
    expect(view.bounds![1][0]).toBe(115);
    await waitForDrawn(page, (drawn) => drawn !== 'none' && !drawn.includes('region='));
    await expect.poll(() => routeChecks.length - checked).toBe(3);
    expect(routeChecks.slice(checked).every((c) => !('region' in c.request))).toBe(true);
    await expect.poll(() => page.getByTestId('route-outside').textContent()).toMatch(/^Вне области прогноза: \d+\.\d км$/);
    const sectorOutside = routeChecks.slice(checked)[0].result.outside_km;
    expect(sectorOutside).toBeGreaterThan(1000);
    // The link is the one measured before (this page was opened on a permalink: a new decode worker, files from the
    // offline copy), never 'not measured' (the sector's file may also be held whole: then no decision is shown).
    const link = page.getByTestId('link-decision');
    if ((await link.count()) > 0) expect(await link.textContent()).not.toBe(ru.linkDecision.unmeasured('8 Мбит/с'));
    await waitForIdle(page);
    await page.screenshot({ path: screenshotPath('arctic-region-sector') });
  });
});

describe("an admin's '/generate-forecast' in 'Арктика целиком'", () => {
  it('lists the region’s analysis dates, runs a model there, and draws its file of region arctic', async () => {
    const { context, page: admin } = await newPage(browser);
    const fileRequests: string[] = [];
    admin.on('request', (request) => {
      if (/\/api\/v1\/(assim_)?forecast\/hist/.test(request.url())) fileRequests.push(request.url());
    });
    try {
      await signIn(admin, server.url, demoAccounts.admin);
      await admin.goto(`${server.url}/generate-forecast`);
      const regionSelect = admin.getByTestId('generate-region');
      await regionSelect.waitFor();
      expect(await regionSelect.locator('option').allTextContents()).toEqual(['Карское море и море Лаптевых', 'Арктика целиком']);
      expect(await regionSelect.inputValue()).toBe('sector');
      await regionSelect.selectOption({ label: 'Арктика целиком' });
      // The admin's session (the page's cookies); a file asked for by its first 4 bytes only.
      const json = async <T,>(path: string): Promise<T> => (await (await admin.request.get(`${server.url}/api/v1/${path}`)).json()) as T;
      const fileStatus = async (path: string) => (await admin.request.get(`${server.url}/api/v1/${path}`, { headers: { Range: 'bytes=0-3' } })).status();
      const arcticAnalyses = (await json<{ available_dates: string[] }>('analysis/info?region=arctic')).available_dates;
      const dateSelect = admin.getByTestId('generate-date');
      await expect.poll(async () => (await dateSelect.locator('option').allTextContents()).slice(1)).toEqual([...arcticAnalyses].reverse());
      const date = arcticAnalyses.at(-1)!;
      // Persistence has no run of its own in the demo's arctic day: the job's file is new.
      const fileOf = `forecast/hist?date=${date}&model_id=model_1&region=arctic`;
      expect(await fileStatus(fileOf)).toBe(404);
      await dateSelect.selectOption(date);
      await admin.getByLabel('Модель model_1').check();
      await admin.getByRole('button', { name: 'Сделать прогноз' }).click();
      const panel = admin.locator('[data-job-status="succeeded"], [data-job-status="failed"]');
      await panel.waitFor({ timeout: 170_000 });
      expect(await panel.getAttribute('data-job-status'), await panel.textContent() ?? '').toBe('succeeded');
      const jobs = await json<{ kind: string; request: Record<string, unknown> }[]>('jobs');
      expect(jobs.find((j) => j.kind === 'generate_forecast')?.request).toEqual({ date, model_ids: ['model_1'], region: 'arctic' });
      // The job's file is the region's: served with region=arctic (a range of it: 206), drawn.
      expect(await fileStatus(fileOf)).toBe(206);
      await expect.poll(() => admin.getByTestId('forecast-map').getAttribute('data-drawn'), { timeout: 60_000 }).toContain('model_id=model_1');
      const drawn = (await admin.getByTestId('forecast-map').getAttribute('data-drawn'))!;
      expect(drawn).toContain(`date=${date}`);
      expect(drawn).toContain('region=arctic');
      expect(fileRequests.length).toBeGreaterThan(0);
      expect(fileRequests.every((url) => url.includes('region=arctic'))).toBe(true);
      await waitForIdle(admin);
      await admin.screenshot({ path: screenshotPath('arctic-region-generate-forecast') });
    } finally {
      await context.close();
    }
  });
});

describe('on a slow link, zoomed into the East Siberian Sea', () => {
  it('asks for the window under the view (bbox=, across 180°) and draws the field there, follows a pan out of it, and opens the other run with its window', async () => {
    const date = await page.evaluate(async () => ((await (await fetch('/api/v1/forecast/info?region=arctic')).json()) as { available_dates: string[] }).available_dates.at(-1)!);
    // 512 kbit/s and 300 ms for every slice answer: the worker measures a slow link on its first slice.
    const proxy = await startSlowLinkProxy(server.url, { bytesPerSecond: 64_000, roundTripMs: 300 });
    // The background asks for thickness +48 h first, right after the first field: held until the zoomed-in windows
    // are drawn, so a slow (loaded) zoom cannot let that whole slice arrive first and make the windows moot.
    proxy.hold = (url) => /\/forecast\/hist\?.*variables=sithick_GLORYS&lead=48$/.test(decodeURIComponent(url));
    const { context, page: ship } = await newPage(browser);
    try {
      await context.route('https://gibs.earthdata.nasa.gov/**', (route) => route.abort('internetdisconnected'));
      await signIn(ship, proxy.url, demoAccounts.user);
      await ship.goto(`${proxy.url}/forecasts?region=arctic&date=${date}&lead=24&variable=sithick_GLORYS`);
      await waitForDrawn(ship, (drawn) => drawn.includes('region=arctic') && drawn.endsWith('|sithick_GLORYS|0'), 180_000);
      await expect.poll(() => ship.getByTestId('link-decision').getAttribute('data-mode'), { timeout: 60_000 }).toBe('slices');

      const sea: [number, number] = [160, 74]; // lon, lat: north of the Kolyma's mouth
      await ship.evaluate(([lon, lat]) => { window.__forecastMap!.jumpTo({ center: [lon, lat], zoom: 4.5 }); }, sea);
      await waitForIdle(ship);
      const before = proxy.seen.length;
      await ship.locator('.forecast-sidebar button', { hasText: /^\+48h$/ }).click();
      const map = ship.getByTestId('forecast-map');
      await waitForDrawn(ship, (drawn) => drawn.includes('region=arctic') && drawn.endsWith('|sithick_GLORYS|1'), 120_000);
      const window48 = (await map.getAttribute('data-window-drawn'))!.split(',').map(Number);
      const asked = proxy.seen.slice(before).map((s) => decodeURIComponent(s.url));
      // The window, at full resolution (the background's whole slice, held, may have been asked before); no preview.
      const lead48 = asked.filter((url) => url.includes('lead=48') && !/variables=sithick_GLORYS&lead=48$/.test(url));
      expect(lead48[0]).toMatch(/variables=sithick_GLORYS&lead=48&bbox=[-\d.]+,[-\d.]+,[-\d.]+,[-\d.]+&coordinates=axes$/);
      expect(lead48.filter((url) => url.includes('stride='))).toEqual([]);
      // The view with its margin, reaching across 180° towards Wrangel Island (west > east).
      const around = (lon: number, lat: number): Bbox => [lon - 0.01, lat - 0.01, lon + 0.01, lat + 0.01];
      expect(bboxContains(window48 as unknown as Bbox, around(...sea))).toBe(true);
      expect(window48[0]).toBeGreaterThan(window48[2]);
      // Drawn there: the readout over the sea names the file's thickness, which has a value at that cell.
      const file = await arcticFile(server.dataDir, 'forecast', date);
      expect(Number.isFinite(file.slice('sithick_GLORYS', 1)[fieldCellAt(file.grid, sea[0], sea[1])])).toBe(true);
      const [[x, y]] = (await projectToPage(ship, [sea])) as [number, number][];
      await ship.mouse.move(x, y);
      await expect.poll(() => ship.getByTestId('hover-readout').textContent()).toMatch(/Толщина льда: \d+[.,]\d+ м/);
      await ship.screenshot({ path: screenshotPath('arctic-region-slow-window') });

      // Panned west to the Laptev Sea, out of the window: a new window for the new view (the old one drawn meanwhile).
      const seen = proxy.seen.length;
      const laptev: [number, number] = [125, 76];
      await ship.evaluate(([lon, lat]) => { window.__forecastMap!.jumpTo({ center: [lon, lat], zoom: 4.5 }); }, laptev);
      await expect.poll(() => map.getAttribute('data-window-drawn'), { timeout: 120_000 }).not.toBe(window48.join(','));
      const panned = (await map.getAttribute('data-window-drawn'))!.split(',').map(Number);
      expect(bboxContains(panned as unknown as Bbox, around(...laptev))).toBe(true);
      expect(proxy.seen.slice(seen).some((s) => decodeURIComponent(s.url).includes(`bbox=${panned.join(',')}`))).toBe(true);
      expect(await map.getAttribute('data-drawn')).toMatch(/\|sithick_GLORYS\|1$/);
      proxy.release();

      // The assimilated run, still zoomed in: its file opens with the window under the view (no whole first slice).
      const runSeen = proxy.seen.length;
      await ship.getByRole('checkbox', { name: ru.forecastMap.assimilated, exact: true }).check();
      await waitForDrawn(ship, (drawn) => drawn.includes('/assim_forecast/') && drawn.endsWith('|sithick_GLORYS|1'), 120_000);
      const runWindow = (await map.getAttribute('data-window-drawn'))!.split(',').map(Number);
      expect(bboxContains(runWindow as unknown as Bbox, around(...laptev))).toBe(true);
      const runAsked = proxy.seen.slice(runSeen).map((s) => decodeURIComponent(s.url)).filter((url) => url.includes('/assim_forecast/hist?') && url.includes('lead=48'));
      expect(runAsked[0]).toContain(`variables=sithick_GLORYS&lead=48&bbox=${runWindow.join(',')}&coordinates=axes`);
      // Drawn before any whole slice of that run came (the background's whole slices start once it is drawn).
      const windowEnded = proxy.seen.slice(runSeen).find((s) => decodeURIComponent(s.url) === runAsked[0])?.ended;
      const firstWhole = proxy.seen.slice(runSeen).find((s) => s.url.includes('/assim_forecast/hist?') && !decodeURIComponent(s.url).includes('bbox='));
      expect(windowEnded).not.toBeNull();
      expect(firstWhole === undefined || firstWhole.started >= windowEnded!).toBe(true);
      const run = await arcticFile(server.dataDir, 'assim_forecast', date);
      const [[lx, ly]] = (await projectToPage(ship, [laptev])) as [number, number][];
      await ship.mouse.move(lx, ly);
      const shown = run.slice('sithick_GLORYS', 1)[fieldCellAt(run.grid, laptev[0], laptev[1])];
      expect(Number.isFinite(shown)).toBe(true);
      await expect.poll(() => ship.getByTestId('hover-readout').textContent()).toMatch(/Толщина льда: \d+[.,]\d+ м/);
    } finally {
      await context.close();
      await proxy.close();
    }
  });
});
