/**
 * A local file on the map and the analysis run (issue 10), in Chromium against the real server. Each real
 * fixture with an ice variable is dropped on the map (bytes handed to the page, never uploaded): the colour at
 * the pyproj reference's points (common/regrid/reference/expected.json) must be the ramp's colour of the
 * reference value. With 'Арктика целиком' chosen a file lands on the whole Arctic's grid (netCDF4-python + pyproj
 * give the colours and the readout). A file whose grid cannot be placed shows the Russian reason. 'Анализ' draws
 * the analysis.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import expected from '../../common/regrid/reference/expected.json' with { type: 'json' };
import cfReference from '../../common/cf-time/reference/expected.json' with { type: 'json' };
import { genericRamp } from '../../src/features/forecast-map/local-file/local-ramps.ts';
import { iceRamp, type ColourRamp } from '../../src/map/colour-ramps.ts';
import { colourForValue } from '../../src/testing/shader-colours.ts';
import { ru } from '../../src/i18n/ru.ts';
import { demoAccounts, newPage, screenshotPath, signIn, type RunningServer } from './harness.ts';
import { useJourney } from './journey.ts';
import { blackBackground, colourDistance, projectToPage, readScreenColours, waitForDrawn, waitForIdle, type Rgb } from './forecast-map-helpers.ts';

const FIXTURES = join(import.meta.dirname, '../../../shared/fixtures/netcdf');
/** Valid cells: alpha 200/255 times the layer's opacity 0.7, over a black background (as forecast-map.e2e.ts). */
const FIELD_ALPHA = (200 / 255) * 0.7;
/**
 * Per channel: 4 for blending and rounding on the software GPU (as the forecast map journey), plus 2 for the
 * local view's own grid: it shows the source cell nearest to its footprint cell's centre (up to 0.33° from the
 * point for the 1° CMIP grid), so only the reference's `uniform` points are used, where every value within
 * ±0.35° agrees within 0.5 % (≤ 1 colour step of the ramp's 256).
 */
const TOLERANCE = 6;

let server: RunningServer;
let browser: Browser;
let page: Page;
const uploads: string[] = [];

/** One ice variable per real file (the first case of each file in the reference). */
const cases = expected.cases.filter((c, k) => expected.cases.findIndex((d) => d.file === c.file) === k);

async function dropFile(path: string): Promise<void> {
  const base64 = readFileSync(join(FIXTURES, path)).toString('base64');
  const name = path.split('/').pop()!;
  const transfer = await page.evaluateHandle(
    ({ data, fileName }) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], fileName, { type: 'application/x-netcdf' }));
      return dt;
    },
    { data: base64, fileName: name },
  );
  await page.getByTestId('local-file-drop').locator('.forecast-map').dispatchEvent('dragover', { dataTransfer: transfer });
  await page.getByTestId('local-file-drop').locator('.forecast-map').dispatchEvent('drop', { dataTransfer: transfer });
}

async function localDrawn(predicate: (value: string) => boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = (await page.getByTestId('forecast-map').getAttribute('data-local-drawn')) ?? '';
    if (predicate(value)) break;
    if (Date.now() > deadline) {
      throw new Error(`local file never drawn as expected (last: ${value}; panel: ${await page.getByTestId('local-file').innerText()})`);
    }
    await page.waitForTimeout(200);
  }
  await waitForIdle(page);
}

/** The points the map shows inside its free area (not under the sidebar, legend or top bar), on a black background. */
async function visibleOnMap<T extends { lon: number; lat: number }>(points: T[]): Promise<(T & { xy: [number, number] })[]> {
  await blackBackground(page);
  const screen = await projectToPage(page, points.map((p) => [p.lon, p.lat]));
  const viewport = page.viewportSize()!;
  return points
    .map((p, k) => ({ ...p, xy: screen[k]! }))
    .filter((p) => p.xy && p.xy[0] > 320 && p.xy[0] < viewport.width - 300 && p.xy[1] > 180 && p.xy[1] < viewport.height - 40);
}

/** Where the screen's colour is not the ramp's for the expected value (over the black background), as lines to print. */
async function offRamp<T extends { lon: number; lat: number; xy: [number, number] }>(
  visible: T[],
  expected: (p: T) => number,
  ramp: ColourRamp,
  range: readonly [number, number],
  screenshot: string,
): Promise<string[]> {
  const colours = await readScreenColours(page, visible.map((p) => p.xy), screenshotPath(screenshot));
  return visible.flatMap((p, k) => {
    const want = colourForValue(ramp, expected(p), range).slice(0, 3).map((v) => Math.round(v * FIELD_ALPHA)) as Rgb;
    return colourDistance(colours[k], want) > TOLERANCE ? [`${p.lat}N ${p.lon}E (${expected(p)}): ${colours[k]} ≠ ${want}`] : [];
  });
}

useJourney(async (started) => {
  ({ server, browser } = started);
  let context;
  ({ context, page } = await newPage(browser));
  await context.route('https://gibs.earthdata.nasa.gov/**', (route) => route.abort('internetdisconnected'));
  page.on('request', (request) => {
    if (request.method() !== 'GET') uploads.push(`${request.method()} ${request.url()}`);
  });
  await signIn(page, server.url, demoAccounts.user);
  await page.goto(`${server.url}/forecasts`);
  await waitForDrawn(page, (drawn) => drawn !== 'none', 150_000);
  uploads.length = 0;
});

describe('a local file on the map', () => {
  for (const c of cases) {
    it(`${c.file}: ${c.variable} drawn in the reference's colours`, async () => {
      await dropFile(c.file);
      await expect.poll(() => page.getByTestId('local-file-name').textContent(), { timeout: 30_000 }).toBe(c.file.split('/').pop());
      const select = page.getByTestId('local-variable');
      await expect.poll(() => select.locator('option').count(), { timeout: 60_000 }).toBeGreaterThan(0);
      if ((await select.inputValue()) !== c.variable) await select.selectOption(c.variable);
      await localDrawn((v) => v.endsWith(`|${c.variable}|0`));
      // A recognised concentration (CF standard_name) is shown as a fraction on the ice ramp over [0, 1],
      // whatever the file's units; a variable without a standard_name (neXtSIM's cice) on the generic ramp
      // over the data's range, which the legend states.
      const title = await page.getByTestId('legend').locator('h3').textContent();
      const recognised = title === ru.forecastMap.legendTitles.sea_ice_fraction_BREMEN;
      expect(recognised).toBe(c.variable !== 'data/cice');
      const percent = c.points.some((p) => (p.nearest ?? 0) > 1.5);
      const scale = recognised && percent ? 100 : 1;
      const ramp = recognised ? iceRamp : genericRamp;
      const range = recognised
        ? ([0, 1] as [number, number])
        : (((await page.getByTestId('legend').getAttribute('data-range')) ?? '').split(',').map(Number) as [number, number]);
      const points = c.points.filter((p) => p.uniform && p.nearest !== null) as { lat: number; lon: number; nearest: number }[];
      expect(points.length).toBeGreaterThanOrEqual(10);
      // Centre the view on the points (the ROMS file only reaches 50–52°E of the forecast grid).
      const lon = points.reduce((s, p) => s + p.lon, 0) / points.length;
      const lat = points.reduce((s, p) => s + p.lat, 0) / points.length;
      await page.evaluate(([x, y]) => { window.__forecastMap!.jumpTo({ center: [x, y], zoom: 2.6 }); }, [lon, lat]);
      const visible = await visibleOnMap(points);
      expect(visible.length).toBeGreaterThanOrEqual(5);
      const wrong = await offRamp(visible, (p) => p.nearest / scale, ramp, range, `local-file-${c.variable.replace('/', '-')}`);
      expect(wrong, `${wrong.length} of ${visible.length}`).toEqual([]);
      expect(uploads, 'nothing is sent to the server').toEqual([]);
    });
  }

  it("'Открыть файл' picks a file; a variable with a time axis offers its steps (ROMS hice, 5 days)", async () => {
    await page.getByTestId('local-file-input').setInputFiles(join(FIXTURES, 'arctic/Arctic20_1to5Feb_2016.nc'));
    await localDrawn((v) => v.includes('Arctic20_1to5Feb_2016.nc') && v.endsWith('|aice|0'));
    await page.getByTestId('local-variable').selectOption('hice');
    await localDrawn((v) => v.endsWith('|hice|0'));
    expect(await page.getByTestId('legend').locator('h3').textContent()).toBe(ru.forecastMap.legendTitles.sithick_GLORYS);
    expect(await page.getByTestId('local-time').locator('option').count()).toBe(5);
    // Each step named by its date and time (the file's CF time axis), the 5th day chosen.
    expect(await page.getByTestId('local-time').locator('option').allTextContents()).toEqual([1, 2, 3, 4, 5].map((d) => `2016-02-0${d} 12:00`));
    await page.getByTestId('local-time').selectOption({ value: '4' });
    await localDrawn((v) => v.endsWith('|hice|4'));
    expect(uploads, 'nothing is sent to the server').toEqual([]);
  });

  it("'Открыть файл' with a CMIP6 365_day file (CanESM5 siconc): months named by their real dates, September drawn", async () => {
    await page.getByTestId('local-file-input').setInputFiles(join(FIXTURES, 'arctic-more/sic_SImon_CCCma-CanESM5_ssp245_r13i1p2f1_2020.nc'));
    await localDrawn((v) => v.includes('CanESM5') && v.endsWith('|siconc|0'));
    // cftime's dates of the file's 365_day axis (common/cf-time/reference); read as Gregorian they began 2019-12-06.
    const reference = cfReference.cases.find((c) => String((c as { fixture?: string }).fixture ?? '').includes('CanESM5')) as { dates: number[][] };
    const two = (n: number) => String(n).padStart(2, '0');
    const labels = reference.dates.map(([y, m, d, h, mi]) => `${y}-${two(m)}-${two(d)} ${two(h)}:${two(mi)}`);
    const steps = page.getByTestId('local-time');
    expect(await steps.locator('option').allTextContents()).toEqual(labels);
    expect(labels[0]).toBe('2020-01-16 12:00');
    // January, then September, over the Kara and Laptev Seas: the drawn field follows the chosen month.
    await page.evaluate(() => { window.__forecastMap!.jumpTo({ center: [90, 78], zoom: 2.6 }); });
    await blackBackground(page);
    const points = (await projectToPage(page, [60, 70, 80, 90, 100, 110, 120].flatMap((lon) => [74, 77, 80].map((lat) => [lon, lat] as [number, number])))).filter(
      (p): p is [number, number] => p !== null && p[0] > 330 && p[0] < 960 && p[1] > 180 && p[1] < 760,
    );
    expect(points.length).toBeGreaterThan(8);
    const january = await readScreenColours(page, points, screenshotPath('local-file-canesm5-january'));
    await steps.selectOption({ label: '2020-09-16 00:00' });
    await localDrawn((v) => v.endsWith('|siconc|8'));
    const september = await readScreenColours(page, points, screenshotPath('local-file-canesm5-september'));
    expect(september.filter((c, k) => colourDistance(c, january[k]) > TOLERANCE).length, 'colours that changed').toBeGreaterThan(points.length / 3);
    expect(uploads, 'nothing is sent to the server').toEqual([]);
  });

  it("'Арктика целиком': an NSIDC file lands on the whole Arctic's grid, drawn and read out as netCDF4-python + pyproj give it", async () => {
    await page.getByTestId('region-select').selectOption({ label: 'Арктика целиком' });
    await expect.poll(() => new URL(page.url()).searchParams.get('region')).toBe('arctic');
    const file = 'arctic-more/seaice_conc_daily_nh_20211231_f17_v04r00.nc';
    await page.getByTestId('local-file-input').setInputFiles(join(FIXTURES, file));
    await localDrawn((v) => v.startsWith('arctic|') && v.includes('seaice_conc_daily') && v.endsWith('|cdr_seaice_conc|0'));
    expect(await page.getByTestId('local-file-region').textContent()).toBe('Пересчитан на сетку района «Арктика целиком».');
    // Every 3° of latitude (70–88°N) and 20° of longitude: pyproj's arctic cell and its nearest NSIDC cell
    // (common/regrid/reference/arctic-points.py); where the 3 × 3 NSIDC cells around it agree, a pixel a few km off
    // (the whole Arctic's view: about 10 km a pixel) shows that value in the ice ramp's colour.
    const lattice = [70, 73, 76, 79, 82, 85, 88].flatMap((lat) => Array.from({ length: 18 }, (_, k) => [-180 + 20 * k, lat] as [number, number]));
    const script = join(import.meta.dirname, '../../common/regrid/reference/arctic-points.py');
    const reference = JSON.parse(
      execFileSync('/usr/bin/python3', [script, join(FIXTURES, file), 'cdr_seaice_conc', 'xgrid', 'ygrid', JSON.stringify(lattice)], { encoding: 'utf8' }),
    ) as { value: number | null; uniform: boolean }[];
    const chosen = lattice.map((p, k) => ({ lon: p[0], lat: p[1], ...reference[k] })).filter((p) => p.uniform) as { lon: number; lat: number; value: number }[];
    const visible = await visibleOnMap(chosen);
    // Both open water (0) and pack ice (≥ 0.9) among them, on both sides of 180°.
    expect(visible.length).toBeGreaterThanOrEqual(10);
    expect(visible.some((p) => p.value === 0) && visible.some((p) => p.value >= 0.9)).toBe(true);
    expect(visible.some((p) => p.lon < 0) && visible.some((p) => p.lon > 0)).toBe(true);
    const wrong = await offRamp(visible, (p) => p.value, iceRamp, [0, 1], 'local-file-arctic-nsidc');
    expect(wrong, `${wrong.length} of ${visible.length}`).toEqual([]);
    // The readout under the cursor reads the same cell.
    const ice = visible.find((p) => p.value >= 0.9)!;
    await page.mouse.move(ice.xy[0], ice.xy[1]);
    await expect.poll(() => page.getByTestId('hover-readout').textContent()).toContain(`Доля льда: ${ice.value.toFixed(3)}`);
    await page.mouse.move(5, 400);
    // Back on the sector the file is shown on its own footprint again.
    await page.getByTestId('region-select').selectOption({ label: 'Карское море и море Лаптевых' });
    await localDrawn((v) => v.startsWith('sector|') && v.endsWith('|cdr_seaice_conc|0'));
    expect(await page.getByTestId('local-file-region').count()).toBe(0);
    expect(uploads, 'nothing is sent to the server').toEqual([]);
  });

  it('a file whose grid cannot be placed: the Russian reason, nothing drawn', async () => {
    await dropFile('arctic-more/sit_monthly_mean23.nc');
    await expect
      .poll(() => page.getByTestId('local-file-error').textContent(), { timeout: 60_000 })
      .toMatch(/^Проекция сетки не поддерживается: переменная проекции «crs»/);
    expect(await page.getByTestId('forecast-map').getAttribute('data-local-drawn')).toBe('none');
    await page.getByRole('button', { name: ru.localFile.close }).click();
    await expect.poll(() => page.getByTestId('local-file-error').count()).toBe(0);
  });
});

describe('the analysis run', () => {
  it("'Анализ' draws the date's analysis at time index 0, with the lead buttons disabled, and run=analysis in the URL", async () => {
    let dates: string[] = [];
    const deadline = Date.now() + 120_000;
    while (dates.length === 0 && Date.now() < deadline) {
      dates = await page.evaluate(async () => ((await (await fetch('/api/v1/analysis/info')).json()) as { available_dates: string[] }).available_dates);
      if (dates.length === 0) await page.waitForTimeout(1000);
    }
    expect(dates.length).toBeGreaterThan(0);
    const date = dates[dates.length - 1];
    await page.goto(`${server.url}/forecasts?date=${date}&run=analysis&assimilated=false&lead=48`);
    await waitForDrawn(page, (drawn) => drawn.includes('/api/v1/analysis/hist?date=') && drawn.endsWith('|sithick_GLORYS|0'));
    expect(await page.getByRole('button', { name: ru.analysisRun.analysis }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: '+48h' }).isDisabled()).toBe(true);
    await blackBackground(page);
    const screen = (await projectToPage(page, [[75, 80], [90, 84], [60, 78]])).filter(Boolean) as [number, number][];
    const colours = await readScreenColours(page, screen, screenshotPath('analysis-run'));
    expect(colours.some((c) => c.some((v) => v > 20)), `colours ${JSON.stringify(colours)}`).toBe(true);
    // Back to the forecast: the +48 h lead applies again.
    await page.getByRole('button', { name: ru.analysisRun.analysis }).click();
    await waitForDrawn(page, (drawn) => drawn.includes('/forecast/hist?date=') && drawn.endsWith('|sithick_GLORYS|1'));
    expect(new URL(page.url()).searchParams.get('run')).toBeNull();
  });
});
