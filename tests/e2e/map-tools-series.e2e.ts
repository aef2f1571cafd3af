/**
 * The forecaster's map tools that follow one point or the leads, in Chromium against the real server and its demo
 * data: the lead animation steps without a request, the point panel's table equals the files' values at the cell,
 * the drift trajectory equals our integrator on the file's drift and downloads as GeoJSON. The tools that draw over
 * the field are in map-tools-overlays.e2e.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ru } from '../../src/i18n/ru.ts';
import { screenshotPath, type RunningServer } from './harness.ts';
import { projectToPage, readScreenColours, waitForDrawn, waitForIdle, type FileTraffic } from './forecast-map-helpers.ts';
import { addDay, changedPixels, getJson, mapRegion, modelOwner, readServerFile, useMapToolsJourney } from './map-tools-helpers.ts';
import { cellIndexAt } from '../../common/regular-grid.ts';
import { driftValue, formatPointValue, scalarValue } from '../../src/features/forecast-map/point-panel/point-series.ts';
import { integrateTrajectory } from '../../src/features/forecast-map/trajectory/drift-integrator.ts';
import { driftComponents } from '../../common/drift.ts';

let server: RunningServer;
let page: Page;
let date = '';
let fileTraffic: FileTraffic;

/** A lead the map drew or a lead button showed pressed, and when (the page's `performance.now()`, ms). */
interface LeadStep {
  lead: number;
  at: number;
}
interface LeadRecord {
  drawn: LeadStep[];
  pressed: LeadStep[];
}
declare global {
  interface Window {
    __leadRecord?: LeadRecord;
  }
}

useMapToolsJourney((journey) => ({ server, page, date, fileTraffic } = journey));

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
    // Recorded in the page, where they change (MutationObserver, the page's clock): each field the map draws and
    // each lead button pressed. Nothing falls between two looks from here, and no look reads one after the next step.
    await page.evaluate((leadLabel) => {
      const map = document.querySelector('[data-testid="forecast-map"]')!;
      const leadGroup = document.querySelector(`[role="group"][aria-label="${leadLabel}"]`)!;
      const record: LeadRecord = { drawn: [], pressed: [] };
      window.__leadRecord = record;
      const push = (list: LeadStep[], lead: number) => {
        if (list.length === 0 || list[list.length - 1].lead !== lead) list.push({ lead, at: performance.now() });
      };
      new MutationObserver(() => {
        const drawn = /\|usi_vsi\|(\d)$/.exec(map.getAttribute('data-drawn') ?? '');
        if (drawn) push(record.drawn, Number(drawn[1]));
      }).observe(map, { attributes: true, attributeFilter: ['data-drawn'] });
      new MutationObserver(() => {
        const buttons = [...leadGroup.querySelectorAll('button')];
        const pressed = buttons.findIndex((button) => button.getAttribute('aria-pressed') === 'true');
        if (pressed >= 0) push(record.pressed, pressed);
      }).observe(leadGroup, { attributes: true, attributeFilter: ['aria-pressed'], subtree: true });
    }, ru.forecastMap.lead);
    await page.getByRole('button', { name: ru.mapTools.play }).click();
    expect(new URL(page.url()).searchParams.get('play')).toBe('true');
    // Five steps drawn (however long the software GPU takes for each on a loaded machine), then the record.
    await expect.poll(() => page.evaluate(() => window.__leadRecord!.drawn.length), { timeout: 60_000 }).toBeGreaterThanOrEqual(5);
    const record = await page.evaluate(() => window.__leadRecord!);
    await page.screenshot({ path: screenshotPath('map-tools-playing') });
    const leads = record.drawn.map((step) => step.lead);
    // Each step is the next lead, and it loops.
    for (let k = 1; k < leads.length; k++) expect(leads[k]).toBe((leads[k - 1] + 1) % 3);
    expect(new Set(leads)).toEqual(new Set([0, 1, 2]));
    // The lead buttons follow: pressed in the order the map draws (a button is pressed as its step begins, before
    // the map has drawn it, so the buttons may be one step ahead).
    expect(record.pressed.map((step) => step.lead).slice(0, leads.length)).toEqual(leads);
    // About one step a second: the buttons' steps on the page's own clock (a drawn step adds the software GPU's
    // frame time, which grows with the machine's load).
    const steps = record.pressed.slice(1).map((step, k) => step.at - record.pressed[k].at);
    const middle = steps.sort((a, b) => a - b)[steps.length >> 1];
    expect(middle).toBeGreaterThan(700);
    expect(middle).toBeLessThan(1600);
    await page.getByRole('button', { name: ru.mapTools.pause }).click();
    expect(fileTraffic.urls.length).toBe(requestsBefore);
    // The particles keep moving (paused animation, not paused particles): two frames differ over the map.
    const region = await mapRegion(page);
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
    const analyses = (await getJson<{ available_dates: string[] }>(page, '/api/v1/analysis/info')).available_dates;
    const owner = modelOwner(server.dataDir, 'forecast');
    const assimOwner = modelOwner(server.dataDir, 'assim_forecast');
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
    await page.evaluate(() => { window.__forecastMap!.jumpTo({ center: [90, 78], zoom: 4 }); });
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
    const landFile = await readServerFile(server.dataDir, 'forecast', modelOwner(server.dataDir, 'forecast'), date);
    expect(landFile.slice('sithick_GLORYS', 0)[cellIndexAt(landFile.grid, land[0], land[1])]).toBeNaN();
    const [[lx, ly]] = (await projectToPage(page, [land])) as [number, number][];
    await page.mouse.click(lx, ly);
    await expect.poll(async () => (await tableText()).flat(), { timeout: 30_000 }).toEqual(Array(9).fill(ru.forecastMap.noData));

    await page.getByRole('button', { name: ru.mapTools.close }).click();
    await expect.poll(() => page.getByTestId('point-panel').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('point')).toBeNull();
  });
});

describe('drift trajectory', () => {
  it("'Траектория дрейфа' draws the 72-hour path, gives its distance and bearing, and downloads it as GeoJSON", async () => {
    const start = { lat: 79.6, lon: 86.3 };
    await page.goto(`${server.url}/forecasts?date=${date}&lead=24&variable=usi_vsi&point=${start.lat},${start.lon}`);
    await waitForDrawn(page, (drawn) => drawn.endsWith('|usi_vsi|0'));
    await page.evaluate(() => { window.__forecastMap!.jumpTo({ center: [88, 79], zoom: 5 }); });
    await page.getByRole('button', { name: ru.mapTools.trajectory }).click();
    expect(new URL(page.url()).searchParams.get('track')).toBe('true');

    // The same path from the file, read in Node: speed/direction → u, v (the worker's conversion), our integrator.
    const file = await readServerFile(server.dataDir, 'forecast', modelOwner(server.dataDir, 'forecast'), date);
    const uv = [0, 1, 2].map((lead) => driftComponents(file.slice('usi_vsi_GLORYS_speed', lead), file.slice('usi_vsi_GLORYS_direct', lead)).data);
    const track = integrateTrajectory({ grid: file.grid, leadHours: [24, 48, 72], uv }, [start.lon, start.lat]);
    expect(track.stopped).toBe(false);
    const summary = page.getByTestId('trajectory-summary');
    await expect.poll(() => summary.textContent(), { timeout: 30_000 }).toBe(
      `${ru.mapTools.distance}: ${track.distanceKm.toFixed(1)} км, ${ru.mapTools.netBearing}: ${Math.round(track.bearingDeg) % 360}°`,
    );
    // Put the path right of the panel (which covers the map's left), at zoom 6.
    await page.evaluate((mid) => { window.__forecastMap!.easeTo({ center: mid, zoom: 6, offset: [230, 80], duration: 0 }); }, track.points[36]);
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
