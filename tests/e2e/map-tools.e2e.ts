/**
 * The forecaster's map tools (issue 11) in Chromium against the real server and its demo data: the ice edge of
 * the three runs, drawn where our contour of the server's own files says, as a thin line in both projections.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ru } from '../../src/i18n/ru.ts';
import { contourLines } from '../../workers/forecast/contour.ts';
import { decodePng, demoAccounts, newPage, screenshotPath, signIn, type RunningServer } from './harness.ts';
import { useJourney } from './journey.ts';
import { projectToPage, readScreenColours, waitForDrawn, waitForIdle, watchFileTraffic, type FileTraffic } from './forecast-map-helpers.ts';
import { boxOf, changedPixels, readServerFile, type FileKind } from './map-tools-helpers.ts';
import { cellIndexAt } from '../../common/regular-grid.ts';
import { driftValue, formatPointValue, scalarValue } from '../../src/features/forecast-map/point-panel/point-series.ts';
import { differenceOf, formatSigned, type DifferenceField } from '../../src/features/forecast-map/difference/difference-math.ts';
import { differenceReadout } from '../../src/features/forecast-map/difference/difference-readout.ts';
import { integrateTrajectory } from '../../src/features/forecast-map/trajectory/drift-integrator.ts';
import { driftComponents } from '../../common/drift.ts';
import { copyFileSync, readFileSync } from 'node:fs';
import { readPngTexts } from '../../src/testing/png-texts.ts';
import { validTime } from '../../src/features/forecast-map/map-tools/companion-files.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** A forecast date whose +24h valid date has an analysis, so all three edges exist. */
let date = '';
let analysisDate = '';
let fileTraffic: FileTraffic;
const consoleErrors: string[] = [];

async function getJson<T>(path: string): Promise<T> {
  return page.evaluate(async (url) => (await fetch(url, { credentials: 'include' })).json(), path) as Promise<T>;
}

function addDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

interface RunFile {
  kind: FileKind;
  owner: string;
  date: string;
  lead: number;
}

/** Our contour of a file the server holds, as [lon, lat] vertices. */
async function edgeVertices(run: RunFile): Promise<[number, number][]> {
  const file = await readServerFile(server.dataDir, run.kind, run.owner, run.date);
  const lines = contourLines(file.slice('sea_ice_fraction_BREMEN', run.lead), file.grid, 0.15);
  const points: [number, number][] = [];
  for (let k = 0; k < lines.coordinates.length; k += 2) points.push([lines.coordinates[k], lines.coordinates[k + 1]]);
  return points;
}

/** Where the edges of the runs should be on the page (pixel keys y·10000 + x), from our contour of the files. */
async function expectedEdgePixels(runs: RunFile[]): Promise<Set<number>> {
  const near = new Set<number>();
  for (const run of runs) {
    const screen = await projectToPage(page, await edgeVertices(run));
    // Vertices are a cell (~5 px here) apart; every pixel within 7 px of one counts as "on the edge".
    for (const p of screen) {
      if (!p) continue;
      for (let dy = -7; dy <= 7; dy++) for (let dx = -7; dx <= 7; dx++) near.add(Math.round(p[1] + dy) * 10_000 + Math.round(p[0] + dx));
    }
  }
  return near;
}

async function modelOwner(kind: 'forecast' | 'assim_forecast'): Promise<string> {
  const { readdirSync } = await import('node:fs');
  return readdirSync(`${server.dataDir}/forecast-data/${kind}`)[0];
}

useJourney(async (started) => {
  ({ server, browser } = started);
  ({ context, page } = await newPage(browser));
  page.on('console', (message) => {
    // Tile requests fail on purpose here (no internet); anything else logged as an error is a fault.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) consoleErrors.push(message.text());
  });
  fileTraffic = watchFileTraffic(page);
  await context.route('https://gibs.earthdata.nasa.gov/**', (route) => route.abort('internetdisconnected'));
  await signIn(page, server.url, demoAccounts.user);
  const deadline = Date.now() + 150_000;
  for (;;) {
    const forecasts = (await getJson<{ available_dates?: string[] }>('/api/v1/forecast/info')).available_dates ?? [];
    const analyses = (await getJson<{ available_dates?: string[] }>('/api/v1/analysis/info')).available_dates ?? [];
    const found = forecasts.find((d) => analyses.includes(addDay(d)));
    if (found) {
      date = found;
      analysisDate = addDay(found);
      break;
    }
    if (Date.now() > deadline) throw new Error(`no forecast date with a next-day analysis:\n${server.output()}`);
    await page.waitForTimeout(500);
  }
});

async function mapRegion(): Promise<{ x0: number; y0: number; x1: number; y1: number; skip: { x0: number; y0: number; x1: number; y1: number }[] }> {
  const map = await boxOf(page, 'forecast-map', 0);
  const legend = await boxOf(page, 'legend', 8);
  return { x0: map.x0, y0: map.y0, x1: map.x1 - 50 /* zoom and globe buttons */, y1: map.y1 - 24, skip: [legend] };
}

describe('ice edge', () => {
  it("'Кромка льда' draws the three runs' 15 % lines, thin, where the files put them, in both projections", async () => {
    await page.goto(`${server.url}/forecasts?date=${date}&lead=24&variable=sea_ice_fraction_BREMEN`);
    await waitForDrawn(page, (drawn) => drawn.endsWith('|sea_ice_fraction_BREMEN|0'));
    await expect.poll(() => page.locator('[data-basemap]').getAttribute('data-basemap'), { timeout: 20_000 }).toBe('offline');
    await waitForIdle(page);
    const owner = await modelOwner('forecast');
    const assimOwner = await modelOwner('assim_forecast');
    const runs: RunFile[] = [
      { kind: 'forecast', owner, date, lead: 0 },
      { kind: 'assim_forecast', owner: assimOwner, date, lead: 0 },
      { kind: 'analysis', owner: 'demo_analysis', date: analysisDate, lead: 0 },
    ];
    // Look at the middle of the free run's edge (in late autumn it lies south-west of the default view).
    const free = await edgeVertices(runs[0]);
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1];
    const center = [median(free.map((p) => p[0])), median(free.map((p) => p[1]))] as [number, number];
    await page.evaluate((c) => window.__forecastMap!.jumpTo({ center: c, zoom: 4 }), center);
    for (const projection of ['globe', 'mercator'] as const) {
      if (projection === 'mercator') {
        await page.getByTitle(ru.forecastMap.projectionMercator).click();
        await expect.poll(() => page.evaluate(() => window.__forecastMap!.getProjection()?.type)).toBe('mercator');
      }
      await waitForIdle(page);
      const before = await page.screenshot({ path: screenshotPath(`map-tools-edge-off-${projection}`) });
      await page.getByLabel(ru.mapTools.iceEdge).check();
      const legend = page.getByTestId('edge-legend');
      await expect.poll(() => legend.locator('[data-run]').count(), { timeout: 30_000 }).toBe(3);
      expect(await legend.textContent()).toContain(ru.mapTools.edgeRuns.free);
      expect(await legend.textContent()).toContain(ru.mapTools.edgeRuns.assimilated);
      expect(await legend.textContent()).toContain(ru.mapTools.edgeRuns.analysis);
      expect(new URL(page.url()).searchParams.get('edge')).toBe('true');
      await waitForIdle(page);
      const after = await page.screenshot({ path: screenshotPath(`map-tools-edge-on-${projection}`) });

      const region = await mapRegion();
      const changed = await changedPixels(page, before, after, region);
      const area = (region.x1 - region.x0) * (region.y1 - region.y0);
      const near = await expectedEdgePixels(runs);
      const off = changed.filter((p) => !near.has(p.y * 10_000 + p.x));
      // A line a few pixels wide: some changed pixels, a small share of the map, all of them on an expected edge.
      expect(changed.length).toBeGreaterThan(300);
      expect(changed.length / area).toBeLessThan(0.05);
      expect(off.length, `${off.length} changed pixels away from the edges, e.g. ${JSON.stringify(off.slice(0, 5))}`).toBeLessThanOrEqual(
        Math.ceil(changed.length * 0.01),
      );
      // Each run's core colour is on screen.
      const close = (rgb: number[], want: number[]) => rgb.every((c, k) => Math.abs(c - want[k]) <= 30);
      expect(changed.filter((p) => close(p.rgb, [255, 60, 220])).length).toBeGreaterThan(30);
      expect(changed.filter((p) => close(p.rgb, [255, 170, 0])).length).toBeGreaterThan(30);
      expect(changed.filter((p) => close(p.rgb, [255, 255, 255])).length).toBeGreaterThan(30);

      await page.getByLabel(ru.mapTools.iceEdge).uncheck();
      await expect.poll(() => page.getByTestId('edge-legend').count()).toBe(0);
    }
    await page.getByTitle(ru.forecastMap.projectionGlobe).click();
    await waitForIdle(page);
    expect(consoleErrors).toEqual([]);
  });
});

describe('lead animation', () => {
  it("'Воспроизвести' steps +24h → +48h → +72h and loops from decoded slices, with no request; the particles keep moving", async () => {
    await page.goto(`${server.url}/forecasts?date=${date}&lead=24&variable=usi_vsi`);
    await waitForDrawn(page, (drawn) => drawn.endsWith('|usi_vsi|0'));
    // Decode each lead once by hand, as a forecaster would before pressing play.
    for (const lead of ['+48h', '+72h', '+24h']) {
      await page.getByRole('button', { name: lead, exact: true }).click();
      await waitForDrawn(page, (drawn) => drawn.endsWith(`|usi_vsi|${['+24h', '+48h', '+72h'].indexOf(lead)}`));
    }
    // The worker fetches the file's other slices in the background after the first (issue 13): once it has them
    // all (nothing on the wire, nothing new for a while), the animation draws from decoded slices and asks for nothing.
    await fileTraffic.settled();
    const requestsBefore = fileTraffic.urls.length;
    await page.getByRole('button', { name: ru.mapTools.play }).click();
    expect(new URL(page.url()).searchParams.get('play')).toBe('true');
    const seen: { drawn: string; pressed: string | null; at: number }[] = [];
    const start = Date.now();
    while (Date.now() - start < 4_500) {
      const drawn = (await page.getByTestId('forecast-map').getAttribute('data-drawn')) ?? '';
      const lead = Number(drawn.split('|').pop());
      const pressed = await page.getByRole('button', { name: ['+24h', '+48h', '+72h'][lead], exact: true }).getAttribute('aria-pressed');
      if (seen.length === 0 || seen[seen.length - 1].drawn !== drawn) seen.push({ drawn, pressed, at: Date.now() - start });
      await page.waitForTimeout(100);
    }
    await page.screenshot({ path: screenshotPath('map-tools-playing') });
    const leads = seen.map((s) => Number(s.drawn.split('|').pop()));
    // Each step is the next lead, and it loops.
    expect(leads.length).toBeGreaterThanOrEqual(4);
    for (let k = 1; k < leads.length; k++) expect(leads[k]).toBe((leads[k - 1] + 1) % 3);
    expect(new Set(leads)).toEqual(new Set([0, 1, 2]));
    // The lead buttons follow the drawn lead.
    expect(seen.every((s) => s.pressed === 'true')).toBe(true);
    // About one step a second (the software GPU adds its frame time).
    const steps = seen.slice(1).map((s, k) => s.at - seen[k].at);
    const middle = steps.sort((a, b) => a - b)[steps.length >> 1];
    expect(middle).toBeGreaterThan(700);
    expect(middle).toBeLessThan(1600);
    await page.getByRole('button', { name: ru.mapTools.pause }).click();
    expect(fileTraffic.urls.length).toBe(requestsBefore);
    // The particles keep moving (paused animation, not paused particles): two frames differ over the map.
    const region = await mapRegion();
    const a = await page.screenshot();
    await page.waitForTimeout(400);
    const b = await page.screenshot({ path: screenshotPath('map-tools-paused-particles') });
    expect((await changedPixels(page, a, b, region, 20)).length).toBeGreaterThan(100);
    expect(new URL(page.url()).searchParams.get('play')).toBeNull();
  });
});

describe('point panel', () => {
  /** The panel's table as text: rows +24h/+48h/+72h, columns free, assimilated, analysis. */
  async function tableText(): Promise<string[][]> {
    const table = page.getByTestId('point-table');
    await expect.poll(() => table.count(), { timeout: 30_000 }).toBe(1);
    return table.locator('tbody tr').evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent ?? '')),
    );
  }

  /** What the table should say at (lon, lat): each file's value at that cell, formatted as the panel does. */
  async function expectedTable(variable: 'sithick_GLORYS' | 'usi_vsi', lon: number, lat: number): Promise<string[][]> {
    const analyses = (await getJson<{ available_dates: string[] }>('/api/v1/analysis/info')).available_dates;
    const owner = await modelOwner('forecast');
    const assimOwner = await modelOwner('assim_forecast');
    const columns: string[][] = [];
    for (const [kind, who] of [
      ['forecast', owner],
      ['assim_forecast', assimOwner],
    ] as const) {
      const file = await readServerFile(server.dataDir, kind, who, date);
      const cell = cellIndexAt(file.grid, lon, lat);
      columns.push(
        [0, 1, 2].map((lead) =>
          variable === 'usi_vsi'
            ? formatPointValue(variable, driftValue(file.slice('usi_vsi_GLORYS_speed', lead)[cell], file.slice('usi_vsi_GLORYS_direct', lead)[cell]))
            : formatPointValue(variable, scalarValue(file.slice(variable, lead)[cell])),
        ),
      );
    }
    const analysisColumn: string[] = [];
    let day = date;
    for (let lead = 0; lead < 3; lead++) {
      day = addDay(day);
      if (!analyses.includes(day)) {
        analysisColumn.push(ru.forecastMap.noData);
        continue;
      }
      const file = await readServerFile(server.dataDir, 'analysis', 'demo_analysis', day);
      const cell = cellIndexAt(file.grid, lon, lat);
      analysisColumn.push(
        variable === 'usi_vsi'
          ? formatPointValue(variable, driftValue(file.slice('usi_vsi_GLORYS_speed', 0)[cell], file.slice('usi_vsi_GLORYS_direct', 0)[cell]))
          : formatPointValue(variable, scalarValue(file.slice(variable, 0)[cell])),
      );
    }
    columns.push(analysisColumn);
    return [0, 1, 2].map((lead) => columns.map((column) => column[lead]));
  }

  it("a click opens 'Точка' with the files' values at that cell for the three runs; land reads 'Нет данных'; 'Закрыть' closes it", async () => {
    await page.goto(`${server.url}/forecasts?date=${date}&lead=24&variable=sithick_GLORYS`);
    await waitForDrawn(page, (drawn) => drawn.endsWith('|sithick_GLORYS|0'));
    await page.evaluate(() => window.__forecastMap!.jumpTo({ center: [90, 78], zoom: 4 }));
    await waitForIdle(page);
    const sea: [number, number] = [86.3, 79.6];
    const [[x, y]] = (await projectToPage(page, [sea])) as [number, number][];
    await page.mouse.click(x, y);
    const panel = page.getByTestId('point-panel');
    await expect.poll(() => panel.locator('h3').textContent()).toBe(ru.mapTools.point);
    // The click lands on a whole pixel: the panel shows where it landed, and the table is for that cell.
    const point = new URL(page.url()).searchParams.get('point')!.split(',').map(Number) as [number, number];
    expect(Math.abs(point[0] - sea[1])).toBeLessThan(0.02);
    expect(Math.abs(point[1] - sea[0])).toBeLessThan(0.02);
    expect(await page.getByTestId('point-where').textContent()).toContain(`${point[0].toFixed(2)}° с. ш.`);
    const want = await expectedTable('sithick_GLORYS', point[1], point[0]);
    expect(want.flat().filter((v) => v !== ru.forecastMap.noData).length).toBeGreaterThanOrEqual(6);
    await expect.poll(tableText, { timeout: 30_000 }).toEqual(want);
    // The chart's code (uPlot) loads on first use (issue 13): wait for it to draw.
    await expect.poll(() => page.getByTestId('point-chart').locator('canvas').count(), { timeout: 30_000 }).toBe(1);
    await page.screenshot({ path: screenshotPath('map-tools-point-thickness') });

    // The drift: speed and bearing.
    await page.getByRole('button', { name: 'usi_vsi' }).click();
    const wantDrift = await expectedTable('usi_vsi', point[1], point[0]);
    expect(wantDrift[0][0]).toMatch(/м\/с, \d+°$/);
    await expect.poll(tableText, { timeout: 30_000 }).toEqual(wantDrift);
    await page.screenshot({ path: screenshotPath('map-tools-point-drift') });

    // A link reopens the panel at the same point.
    await page.reload();
    await expect.poll(tableText, { timeout: 60_000 }).toEqual(wantDrift);

    // Land (October Revolution Island): no data anywhere.
    await page.getByRole('button', { name: 'sithick_GLORYS' }).click();
    await waitForDrawn(page, (drawn) => drawn.endsWith('|sithick_GLORYS|0'));
    const land: [number, number] = [96, 79.4];
    const landFile = await readServerFile(server.dataDir, 'forecast', await modelOwner('forecast'), date);
    expect(landFile.slice('sithick_GLORYS', 0)[cellIndexAt(landFile.grid, land[0], land[1])]).toBeNaN();
    const [[lx, ly]] = (await projectToPage(page, [land])) as [number, number][];
    await page.mouse.click(lx, ly);
    await expect.poll(async () => (await tableText()).flat(), { timeout: 30_000 }).toEqual(Array(9).fill(ru.forecastMap.noData));

    await page.getByRole('button', { name: ru.mapTools.close }).click();
    await expect.poll(() => page.getByTestId('point-panel').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('point')).toBeNull();
  });
});

describe('difference fields', () => {
  /** The difference the files give, made by the app's own arithmetic on the files read in Node. */
  async function fileDifference(
    kind: 'runs' | 'analysis',
    variable: 'sithick_GLORYS' | 'sea_ice_fraction_BREMEN',
  ): Promise<DifferenceField> {
    const owner = await modelOwner('forecast');
    const free = await readServerFile(server.dataDir, 'forecast', owner, date);
    const other =
      kind === 'runs'
        ? await readServerFile(server.dataDir, 'assim_forecast', await modelOwner('assim_forecast'), date)
        : await readServerFile(server.dataDir, 'analysis', 'demo_analysis', analysisDate);
    // runs: assimilated − free; analysis: the shown (free) run − the analysis valid at +24h.
    const [a, b] = kind === 'runs' ? [other.slice(variable, 0), free.slice(variable, 0)] : [free.slice(variable, 0), other.slice(variable, 0)];
    const { slice, m } = differenceOf(a, b, free.grid.nlon, free.grid.nlat);
    return { kind, variable, leadIndex: 0, grid: free.grid, slice, a, b, m, keys: { a: '', b: '' } };
  }

  it("'Режим' → 'Разность' draws assimilated − free and forecast − analysis on a symmetric ramp, legend ±m, readout with both values", async () => {
    await page.goto(`${server.url}/forecasts?date=${date}&lead=24&variable=sithick_GLORYS`);
    await waitForDrawn(page, (drawn) => drawn.endsWith('|sithick_GLORYS|0'));
    await page.evaluate(() => window.__forecastMap!.jumpTo({ center: [90, 78], zoom: 4 }));
    await page.getByRole('button', { name: ru.mapTools.modes.difference, exact: true }).click();
    expect(new URL(page.url()).searchParams.get('mode')).toBe('diff');
    const runs = await fileDifference('runs', 'sithick_GLORYS');
    expect(runs.m).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('legend-max').textContent(), { timeout: 30_000 }).toBe(formatSigned(runs.m, 1));
    expect(await page.getByTestId('legend-min').textContent()).toBe(formatSigned(-runs.m, 1));
    expect(await page.getByTestId('legend').locator('h3').textContent()).toBe(
      ru.mapTools.differenceTitle('Толщина льда, м', ru.mapTools.differenceKinds.runs),
    );
    await waitForIdle(page);
    // A cell centre (86.3°E, 79.625°N): the cursor lands within 0.02° of it, inside the 0.05° cell.
    const target: [number, number] = [86.3, 79.625];
    const [[x, y]] = (await projectToPage(page, [target])) as [number, number][];
    await page.mouse.move(x, y);
    const expected = differenceReadout({ mode: 'difference', difference: runs }, target[0], target[1])!;
    expect(expected).toMatch(/^Разность: [+-]?\d\.\d\d м \(ассим\.: \d\.\d\d м, своб\.: \d\.\d\d м\)$/);
    await expect.poll(() => page.getByTestId('hover-readout').textContent()).toContain(expected);
    await page.screenshot({ path: screenshotPath('map-tools-difference-runs') });

    await page.getByLabel(ru.mapTools.difference).selectOption('analysis');
    const analysis = await fileDifference('analysis', 'sithick_GLORYS');
    await expect.poll(() => page.getByTestId('legend-max').textContent(), { timeout: 30_000 }).toBe(formatSigned(analysis.m, 1));
    expect(new URL(page.url()).searchParams.get('against')).toBe('analysis');
    await page.mouse.move(x + 1, y);
    await page.mouse.move(x, y);
    await expect
      .poll(() => page.getByTestId('hover-readout').textContent())
      .toContain(differenceReadout({ mode: 'difference', difference: analysis }, target[0], target[1])!);
    await page.screenshot({ path: screenshotPath('map-tools-difference-analysis') });

    // Concentration: two decimals.
    await page.getByLabel(ru.mapTools.difference).selectOption('runs');
    await page.getByRole('button', { name: 'sea_ice_fraction_BREMEN' }).click();
    const concentration = await fileDifference('runs', 'sea_ice_fraction_BREMEN');
    await expect.poll(() => page.getByTestId('legend-max').textContent(), { timeout: 30_000 }).toBe(formatSigned(concentration.m, 2));
    expect(await page.getByTestId('legend-min').textContent()).toBe(formatSigned(-concentration.m, 2));

    // Back to 'Поле': the field's own legend.
    await page.getByRole('button', { name: ru.mapTools.modes.field, exact: true }).click();
    await expect.poll(() => page.getByTestId('legend').locator('h3').textContent()).toBe('Доля льда');
    expect(new URL(page.url()).searchParams.get('mode')).toBeNull();
  });
});

describe('drift trajectory', () => {
  it("'Траектория дрейфа' draws the 72-hour path, gives its distance and bearing, and downloads it as GeoJSON", async () => {
    const start = { lat: 79.6, lon: 86.3 };
    await page.goto(`${server.url}/forecasts?date=${date}&lead=24&variable=usi_vsi&point=${start.lat},${start.lon}`);
    await waitForDrawn(page, (drawn) => drawn.endsWith('|usi_vsi|0'));
    await page.evaluate(() => window.__forecastMap!.jumpTo({ center: [88, 79], zoom: 5 }));
    await page.getByRole('button', { name: ru.mapTools.trajectory }).click();
    expect(new URL(page.url()).searchParams.get('track')).toBe('true');

    // The same path from the file, read in Node: speed/direction → u, v (the worker's conversion), our integrator.
    const file = await readServerFile(server.dataDir, 'forecast', await modelOwner('forecast'), date);
    const uv = [0, 1, 2].map((lead) => driftComponents(file.slice('usi_vsi_GLORYS_speed', lead), file.slice('usi_vsi_GLORYS_direct', lead)).data);
    const track = integrateTrajectory({ grid: file.grid, leadHours: [24, 48, 72], uv }, [start.lon, start.lat]);
    expect(track.stopped).toBe(false);
    const summary = page.getByTestId('trajectory-summary');
    await expect.poll(() => summary.textContent(), { timeout: 30_000 }).toBe(
      `${ru.mapTools.distance}: ${track.distanceKm.toFixed(1)} км, ${ru.mapTools.netBearing}: ${Math.round(track.bearingDeg) % 360}°`,
    );
    // Put the path right of the panel (which covers the map's left), at zoom 6.
    await page.evaluate((mid) => window.__forecastMap!.easeTo({ center: mid, zoom: 6, offset: [230, 80], duration: 0 }), track.points[36]);
    await waitForIdle(page);
    // The cyan path is on screen where the file's path is: look around the projected +36 h point.
    const [[mx, my]] = (await projectToPage(page, [track.points[36]])) as [number, number][];
    const around: [number, number][] = [];
    for (let dy = -6; dy <= 6; dy++) for (let dx = -6; dx <= 6; dx++) around.push([mx + dx, my + dy]);
    const colours = await readScreenColours(page, around, screenshotPath('map-tools-trajectory'));
    expect(colours.filter(([r, g, b]) => r < 60 && Math.abs(g - 229) < 40 && b > 215).length).toBeGreaterThan(5);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: ru.mapTools.downloadGeoJson }).click()]);
    expect(download.suggestedFilename()).toBe(`trajectory_${date}_free_79.6000N_86.3000E.geojson`);
    const geojson = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      features: { geometry: { type: string; coordinates: number[][] | number[] }; properties: Record<string, unknown> }[];
    };
    expect(geojson.features.map((f) => f.geometry.type)).toEqual(['LineString', 'Point', 'Point', 'Point']);
    const line = geojson.features[0].geometry.coordinates as number[][];
    expect(line).toHaveLength(73);
    expect(line[0]).toEqual([start.lon, start.lat]);
    expect(line[72][0]).toBeCloseTo(track.points[72][0], 5);
    expect(line[72][1]).toBeCloseTo(track.points[72][1], 5);
    expect(geojson.features[0].properties.distance_km).toBeCloseTo(track.distanceKm, 2);
    expect(geojson.features.slice(1).map((f) => f.properties.lead_hours)).toEqual([24, 48, 72]);
  });
});

describe('PNG export', () => {
  it("'Сохранить PNG' downloads the map as shown (field, edges, path) at device size, with legend and stamp", async () => {
    await page.goto(
      `${server.url}/forecasts?date=${date}&lead=24&variable=sea_ice_fraction_BREMEN&edge=true&point=74.5,70&track=true`,
    );
    await waitForDrawn(page, (drawn) => drawn.endsWith('|sea_ice_fraction_BREMEN|0'));
    await expect.poll(() => page.getByTestId('edge-legend').locator('[data-run]').count(), { timeout: 30_000 }).toBe(3);
    await expect.poll(() => page.getByTestId('trajectory-summary').count(), { timeout: 30_000 }).toBe(1);
    await page.evaluate(() => window.__forecastMap!.easeTo({ center: [70, 74.5], zoom: 5, offset: [200, 0], duration: 0 }));
    await waitForIdle(page);
    await page.screenshot({ path: screenshotPath('map-tools-export-page') });
    const canvasSize = await page.evaluate(() => [window.__forecastMap!.getCanvas().width, window.__forecastMap!.getCanvas().height]);

    const started = Date.now();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: ru.mapTools.savePng }).click()]);
    const file = (await download.path())!;
    console.log(`PNG export: ${Date.now() - started} ms from the click to the download (${canvasSize.join(' × ')} map)`);
    copyFileSync(file, screenshotPath('map-tools-export-file'));
    const bytes = new Uint8Array(readFileSync(file));
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    const [width, height] = [view.getUint32(16), view.getUint32(20)];
    expect(width).toBeGreaterThanOrEqual(canvasSize[0]);
    expect(height).toBeGreaterThanOrEqual(canvasSize[1]);

    const stamp = readPngTexts(bytes).Description;
    for (const part of [date, '+24h', `${validTime(date, 24)} UTC`, ru.mapTools.edgeRuns.free, 'model_2', 'sea_ice_fraction_BREMEN', 'демонстрационные данные']) {
      expect(stamp).toContain(part);
    }
    expect(download.suggestedFilename()).toBe(
      `ice_${date}_+24h_valid-${validTime(date, 24).replace(':', '-')}_free_model_2_sea_ice_fraction_BREMEN_demo.png`,
    );

    // What the image holds: the edges' and the path's colours in the map, white stamp text on the dark strip below it.
    const image = await decodePng(page, bytes);
    const near = (k: number, rgb: number[]) => rgb.every((c, n) => Math.abs(image.data[k + n] - c) <= 30);
    const counts = { magenta: 0, cyan: 0, text: 0 };
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        const k = (y * image.width + x) * 4;
        if (y < canvasSize[1]) {
          if (near(k, [255, 60, 220])) counts.magenta += 1;
          if (near(k, [0, 229, 255])) counts.cyan += 1;
        } else if (near(k, [255, 255, 255])) counts.text += 1;
      }
    }
    // Export time (bench/README.md): three more exports, against a Playwright screenshot of the map element.
    const exportMs: number[] = [];
    const screenshotMs: number[] = [];
    for (let k = 0; k < 3; k++) {
      const t0 = Date.now();
      await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: ru.mapTools.savePng }).click()]);
      exportMs.push(Date.now() - t0);
      const t1 = Date.now();
      await page.getByTestId('forecast-map').screenshot();
      screenshotMs.push(Date.now() - t1);
    }
    console.log(`PNG export ms: ${exportMs.join(', ')}; peer map-element screenshot ms: ${screenshotMs.join(', ')}`);
    expect(counts.magenta).toBeGreaterThan(50);
    expect(counts.cyan).toBeGreaterThan(20);
    expect(counts.text).toBeGreaterThan(300);
  });
});
