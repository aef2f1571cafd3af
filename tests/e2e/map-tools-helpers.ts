/**
 * Helpers of the map tools journeys (map-tools-overlays.e2e.ts, map-tools-series.e2e.ts): their shared set-up, the
 * server's files read in Node, screen differences.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { decodePng, demoAccounts, newPage, signIn } from './harness.ts';
import { useJourney, type Journey } from './journey.ts';
import { watchFileTraffic, type FileTraffic } from './forecast-map-helpers.ts';
import type { RegularGrid } from '../../workers/forecast.api.ts';
import { describeFile } from '../../workers/forecast/file-meta.ts';
import { openNetcdf } from '../../netcdf/open-netcdf.ts';

export type FileKind = 'forecast' | 'assim_forecast' | 'analysis';

export interface NodeFile {
  grid: RegularGrid;
  /** One lead of a variable, as float32 (NaN missing). */
  slice: (variable: string, leadIndex: number) => Float32Array;
}

/** A file as the server keeps it (DATA_DIR/forecast-data/<kind>/<owner>/<date>.nc), decoded by our decoder. */
export async function readServerFile(dataDir: string, kind: FileKind, owner: string, date: string): Promise<NodeFile> {
  const bytes = new Uint8Array(readFileSync(join(dataDir, 'forecast-data', kind, owner, `${date}.nc`)));
  const dataset = await openNetcdf(bytes);
  const meta = describeFile(date, dataset);
  if (!meta.grid || meta.grid.kind === 'projected') throw new Error(`${kind} ${date} has no regular latitude/longitude grid`);
  return { grid: meta.grid, slice: (variable, leadIndex) => Float32Array.from(dataset.read(variable, leadIndex)) };
}

/** Page pixels whose colour differs (max channel difference > threshold) between two screenshots. */
export async function changedPixels(
  page: Page,
  before: Buffer,
  after: Buffer,
  region: { x0: number; y0: number; x1: number; y1: number; skip: { x0: number; y0: number; x1: number; y1: number }[] },
  threshold = 40,
): Promise<{ x: number; y: number; rgb: [number, number, number] }[]> {
  const [ia, ib] = [await decodePng(page, before), await decodePng(page, after)];
  const r = region;
  const out: { x: number; y: number; rgb: [number, number, number] }[] = [];
  for (let y = Math.max(0, r.y0); y < Math.min(ia.height, r.y1); y++) {
    for (let x = Math.max(0, r.x0); x < Math.min(ia.width, r.x1); x++) {
      if (r.skip.some((s) => x >= s.x0 && x < s.x1 && y >= s.y0 && y < s.y1)) continue;
      const k = (y * ia.width + x) * 4;
      const d = Math.max(Math.abs(ia.data[k] - ib.data[k]), Math.abs(ia.data[k + 1] - ib.data[k + 1]), Math.abs(ia.data[k + 2] - ib.data[k + 2]));
      if (d > threshold) out.push({ x, y, rgb: [ib.data[k], ib.data[k + 1], ib.data[k + 2]] });
    }
  }
  return out;
}

/** Page rectangle of an element (CSS pixels), with a margin. */
export async function boxOf(page: Page, testId: string, margin = 4): Promise<{ x0: number; y0: number; x1: number; y1: number }> {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} is not on screen`);
  return { x0: box.x - margin, y0: box.y - margin, x1: box.x + box.width + margin, y1: box.y + box.height + margin };
}

export interface MapToolsJourney extends Journey {
  context: BrowserContext;
  /** Signed in as the demo user; tiles fail on purpose (no internet here), so the offline basemap shows. */
  page: Page;
  /** A forecast date whose +24 h valid date has an analysis, so all three runs exist; and that analysis's date. */
  date: string;
  analysisDate: string;
  fileTraffic: FileTraffic;
  /** What the page logged as an error, but the tiles' failed loads. */
  consoleErrors: string[];
}

/** One server (demo data) and one signed-in page for the file's journeys, once the demo build has such a date. */
export function useMapToolsJourney(setUp: (journey: MapToolsJourney) => void): void {
  useJourney(async ({ server, browser }) => {
    const { context, page } = await newPage(browser);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) consoleErrors.push(message.text());
    });
    const fileTraffic = watchFileTraffic(page);
    await context.route('https://gibs.earthdata.nasa.gov/**', (route) => route.abort('internetdisconnected'));
    await signIn(page, server.url, demoAccounts.user);
    const deadline = Date.now() + 150_000;
    for (;;) {
      const forecasts = (await getJson<{ available_dates?: string[] }>(page, '/api/v1/forecast/info')).available_dates ?? [];
      const analyses = (await getJson<{ available_dates?: string[] }>(page, '/api/v1/analysis/info')).available_dates ?? [];
      const date = forecasts.find((d) => analyses.includes(addDay(d)));
      if (date) {
        setUp({ server, browser, context, page, date, analysisDate: addDay(date), fileTraffic, consoleErrors });
        return;
      }
      if (Date.now() > deadline) throw new Error(`no forecast date with a next-day analysis:\n${server.output()}`);
      await page.waitForTimeout(500);
    }
  });
}

/** An API answer as the signed-in page gets it. */
export async function getJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => (await fetch(url, { credentials: 'include' })).json(), path) as Promise<T>;
}

/** The day after `day` ('YYYY-MM-DD'). */
export function addDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The model whose runs of `kind` the demo data holds. */
export function modelOwner(dataDir: string, kind: 'forecast' | 'assim_forecast'): string {
  return readdirSync(join(dataDir, 'forecast-data', kind))[0];
}

/** The map's area on the page, without the zoom and globe buttons and the legend. */
export async function mapRegion(page: Page): Promise<{ x0: number; y0: number; x1: number; y1: number; skip: { x0: number; y0: number; x1: number; y1: number }[] }> {
  const map = await boxOf(page, 'forecast-map', 0);
  const legend = await boxOf(page, 'legend', 8);
  return { x0: map.x0, y0: map.y0, x1: map.x1 - 50, y1: map.y1 - 24, skip: [legend] };
}
