/**
 * The forecaster's map tools that draw over the field, in Chromium against the real server and its demo data: the
 * ice edge of the three runs, drawn where our contour of the server's own files says, as a thin line in both
 * projections; the difference fields' legend and readout against the files' arithmetic; the PNG export's stamp and
 * colours. The tools that follow one point or the leads are in map-tools-series.e2e.ts.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ru } from '../../src/i18n/ru.ts';
import { contourLines } from '../../workers/forecast/contour.ts';
import { decodePng, screenshotPath, type RunningServer } from './harness.ts';
import { projectToPage, waitForDrawn, waitForIdle } from './forecast-map-helpers.ts';
import { changedPixels, mapRegion, modelOwner, readServerFile, useMapToolsJourney, type FileKind } from './map-tools-helpers.ts';
import { differenceOf, formatSigned, type DifferenceField } from '../../src/features/forecast-map/difference/difference-math.ts';
import { differenceReadout } from '../../src/features/forecast-map/difference/difference-readout.ts';
import { readPngTexts } from '../../src/testing/png-texts.ts';
import { validTime } from '../../src/features/forecast-map/map-tools/companion-files.ts';

let server: RunningServer;
let page: Page;
let date = '';
let analysisDate = '';
let consoleErrors: string[] = [];

useMapToolsJourney((journey) => ({ server, page, date, analysisDate, consoleErrors } = journey));

interface RunFile {
  kind: FileKind;
  owner: string;
  date: string;
  leadIndex: number;
}

/** Our contour of a file the server holds, as [lon, lat] vertices. */
async function edgeVertices(run: RunFile): Promise<[number, number][]> {
  const file = await readServerFile(server.dataDir, run.kind, run.owner, run.date);
  const lines = contourLines(file.slice('sea_ice_fraction_BREMEN', run.leadIndex), file.grid, 0.15);
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

describe('ice edge', () => {
  it("'Кромка льда' draws the three runs' 15 % lines, thin, where the files put them, in both projections", async () => {
    await page.goto(`${server.url}/forecasts?date=${date}&lead=24&variable=sea_ice_fraction_BREMEN`);
    await waitForDrawn(page, (drawn) => drawn.endsWith('|sea_ice_fraction_BREMEN|0'));
    await expect.poll(() => page.locator('[data-basemap]').getAttribute('data-basemap'), { timeout: 20_000 }).toBe('offline');
    await waitForIdle(page);
    const owner = modelOwner(server.dataDir, 'forecast');
    const assimOwner = modelOwner(server.dataDir, 'assim_forecast');
    const runs: RunFile[] = [
      { kind: 'forecast', owner, date, leadIndex: 0 },
      { kind: 'assim_forecast', owner: assimOwner, date, leadIndex: 0 },
      { kind: 'analysis', owner: 'demo_analysis', date: analysisDate, leadIndex: 0 },
    ];
    // Look at the middle of the free run's edge (in late autumn it lies south-west of the default view).
    const free = await edgeVertices(runs[0]);
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1];
    const center = [median(free.map((p) => p[0])), median(free.map((p) => p[1]))] as [number, number];
    await page.evaluate((c) => { window.__forecastMap!.jumpTo({ center: c, zoom: 4 }); }, center);
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

      const region = await mapRegion(page);
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

describe('difference fields', () => {
  /** The difference the files give, made by the app's own arithmetic on the files read in Node. */
  async function fileDifference(
    kind: 'runs' | 'analysis',
    variable: 'sithick_GLORYS' | 'sea_ice_fraction_BREMEN',
  ): Promise<DifferenceField> {
    const owner = modelOwner(server.dataDir, 'forecast');
    const free = await readServerFile(server.dataDir, 'forecast', owner, date);
    const other =
      kind === 'runs'
        ? await readServerFile(server.dataDir, 'assim_forecast', modelOwner(server.dataDir, 'assim_forecast'), date)
        : await readServerFile(server.dataDir, 'analysis', 'demo_analysis', analysisDate);
    // runs: assimilated − free; analysis: the shown (free) run − the analysis valid at +24h.
    const [a, b] = kind === 'runs' ? [other.slice(variable, 0), free.slice(variable, 0)] : [free.slice(variable, 0), other.slice(variable, 0)];
    const { slice, m } = differenceOf(a, b, free.grid.nlon, free.grid.nlat);
    return { kind, variable, leadIndex: 0, grid: free.grid, slice, a, b, m, keys: { a: '', b: '' } };
  }

  it("'Режим' → 'Разность' draws assimilated − free and forecast − analysis on a symmetric ramp, legend ±m, readout with both values", async () => {
    await page.goto(`${server.url}/forecasts?date=${date}&lead=24&variable=sithick_GLORYS`);
    await waitForDrawn(page, (drawn) => drawn.endsWith('|sithick_GLORYS|0'));
    await page.evaluate(() => { window.__forecastMap!.jumpTo({ center: [90, 78], zoom: 4 }); });
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

    await page.getByRole('group', { name: ru.mapTools.difference }).getByRole('button', { name: ru.mapTools.differenceKinds.analysis }).click();
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
    await page.getByRole('group', { name: ru.mapTools.difference }).getByRole('button', { name: ru.mapTools.differenceKinds.runs }).click();
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

describe('PNG export', () => {
  it("'Сохранить PNG' downloads the map as shown (field, edges, path) at device size, with legend and stamp", async () => {
    await page.goto(
      `${server.url}/forecasts?date=${date}&lead=24&variable=sea_ice_fraction_BREMEN&edge=true&point=74.5,70&track=true`,
    );
    await waitForDrawn(page, (drawn) => drawn.endsWith('|sea_ice_fraction_BREMEN|0'));
    await expect.poll(() => page.getByTestId('edge-legend').locator('[data-run]').count(), { timeout: 30_000 }).toBe(3);
    await expect.poll(() => page.getByTestId('trajectory-summary').count(), { timeout: 30_000 }).toBe(1);
    await page.evaluate(() => { window.__forecastMap!.easeTo({ center: [70, 74.5], zoom: 5, offset: [200, 0], duration: 0 }); });
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
