/** Browser-side helpers for the map journeys and the render benchmark: wait for frames, read screen colours. */
import type { Page } from 'playwright-core';
import { decodePng } from './harness.ts';

export type Rgb = [number, number, number];

/** Wait until the page's map shows `drawn` ('<file>|<variable>|<lead>' or 'none') and has rendered since. */
export async function waitForDrawn(page: Page, drawn: (value: string) => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Within this wait's own deadline (Playwright's 30 s per look ran out first on a loaded machine, before the map was there).
    const value = await page.getByTestId('forecast-map').getAttribute('data-drawn', { timeout: Math.max(1, deadline - Date.now()) });
    if (value !== null && drawn(value)) break;
    if (Date.now() > deadline) throw new Error(`map never showed the expected field (last: ${value})`);
    await page.waitForTimeout(100);
  }
  await waitForIdle(page);
}

/** Resolve when MapLibre has finished rendering (after a forced repaint). */
export async function waitForIdle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const map = window.__forecastMap;
        if (!map) return resolve();
        map.once('idle', () => resolve());
        map.triggerRepaint();
      }),
  );
}

/** Screen position (page CSS pixels) of longitude/latitude, via the map's own projection; null if off screen. */
export async function projectToPage(page: Page, points: [lon: number, lat: number][]): Promise<([number, number] | null)[]> {
  return page.evaluate((pts) => {
    const map = window.__forecastMap!;
    const rect = map.getContainer().getBoundingClientRect();
    return pts.map(([lon, lat]) => {
      const p = map.project([lon, lat]);
      if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) return null;
      return [rect.left + p.x, rect.top + p.y] as [number, number];
    });
  }, points);
}

/** Colours at page points, read from a real screenshot (what a person sees), decoded by the browser itself. */
export async function readScreenColours(page: Page, points: [number, number][], screenshotFile?: string): Promise<Rgb[]> {
  const screen = await decodePng(page, await page.screenshot({ path: screenshotFile }));
  return points.map(([x, y]) => {
    const k = 4 * (Math.round(y) * screen.width + Math.round(x));
    return [screen.data[k], screen.data[k + 1], screen.data[k + 2]] as Rgb;
  });
}

/** Hide the basemap under a black background, so screen colours are the field's colour times its alpha. */
export async function blackBackground(page: Page): Promise<void> {
  await page.evaluate(() => {
    const map = window.__forecastMap!;
    for (const layer of map.getStyle().layers) {
      if (layer.type === 'background') map.setPaintProperty(layer.id, 'background-color', '#000000');
      else if (layer.type === 'raster' || layer.type === 'fill' || layer.type === 'line') {
        map.setLayoutProperty(layer.id, 'visibility', 'none');
      }
    }
  });
  await waitForIdle(page);
}

/** '#rrggbb' as bytes. */
export function hexColour(hex: string): Rgb {
  return [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16)) as Rgb;
}

export function colourDistance(a: Rgb, b: Rgb): number {
  return Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]), Math.abs(a[2] - b[2]));
}

/** The forecast-file requests a page makes (its own and its workers'), and whether any is still on the wire. */
export interface FileTraffic {
  urls: string[];
  /**
   * Resolve once no file request is in flight and none has started or ended for `quietMs`: the worker has what the
   * view and its background (issue 13: one slice at a time after the field is drawn) wanted.
   */
  settled(quietMs?: number, timeoutMs?: number): Promise<void>;
}

const FILE_REQUEST = /\/api\/v1\/(assim_forecast|forecast|analysis)\/hist\?/;

/** Watch a page's forecast-file requests from now on. */
export function watchFileTraffic(page: Page): FileTraffic {
  const urls: string[] = [];
  let inFlight = 0;
  let lastChange = Date.now();
  page.on('request', (request) => {
    if (!FILE_REQUEST.test(request.url())) return;
    urls.push(request.url());
    inFlight++;
    lastChange = Date.now();
  });
  const ended = (request: { url(): string }) => {
    if (!FILE_REQUEST.test(request.url())) return;
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    urls,
    async settled(quietMs = 4_000, timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      while (inFlight > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) throw new Error(`file requests never settled (${inFlight} in flight, ${urls.length} seen)`);
        await page.waitForTimeout(250);
      }
    },
  };
}
