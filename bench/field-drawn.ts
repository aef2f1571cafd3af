/**
 * Waiting for a field on the map page, as the data-path benches time it (bench:switch, bench:slow-link): the field
 * whose `data-drawn` ends with `suffix` is drawn — 'first' = on the first view's canvas or on the map; 'map' = on the
 * map, with the first view gone (MapLibre has rendered it).
 */
import type { Page } from 'playwright-core';

export type DrawnOn = 'first' | 'map';

export async function fieldDrawn(page: Page, suffix: string, wait: DrawnOn, options: { polling: number | 'raf'; timeoutMs: number }): Promise<void> {
  try {
    await page.waitForFunction(
      ({ end, wait }) => {
        const map = document.querySelector('[data-testid="forecast-map"]');
        const onMap = map?.getAttribute('data-drawn')?.endsWith(end) ?? false;
        const firstView = document.querySelector('[data-testid="first-view"]');
        if (wait === 'map') return onMap && firstView === null;
        return onMap || (firstView?.getAttribute('data-field-drawn')?.endsWith(end) ?? false);
      },
      { end: suffix, wait },
      { polling: options.polling, timeout: options.timeoutMs },
    );
  } catch (error) {
    const shown = await page.evaluate(() => document.body.innerText.slice(0, 400)).catch(() => '?');
    throw new Error(`no field ${suffix} at ${page.url()}; the page shows: ${shown}`, { cause: error });
  }
}
