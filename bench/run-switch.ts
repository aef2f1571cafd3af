/**
 * The run switch of `bench:slow-link` with ZOOM: 'Ассимилированный прогноз' checked from inside the page (the DOM's
 * click, as the bench's other switches, not Playwright's), timed with the page's clock from the click to the other
 * run's field drawn (`data-drawn` names that run's file, `/assim_forecast/`, and ends with `suffix`). Zoomed in on a
 * slow link, that file's first view is the window under the view (FirstSlice.window, workers/README.md).
 */
import type { Page } from 'playwright-core';
import { ru } from '../src/i18n/ru.ts';

export async function timedRunSwitch(page: Page, suffix: string, timeoutMs: number): Promise<number> {
  // A string, not a function: tsx would wrap a named function in a helper the page does not have.
  const script = `new Promise((resolve, reject) => {
    const label = ${JSON.stringify(ru.forecastMap.assimilated)}, end = ${JSON.stringify(suffix)};
    const map = document.querySelector('[data-testid="forecast-map"]');
    const box = [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === label)?.querySelector('input[type="checkbox"]');
    if (!map || !box) return reject(new Error('no map or no checkbox ' + label));
    const timeout = setTimeout(() => reject(new Error('the other run not drawn in ${timeoutMs} ms')), ${timeoutMs});
    const observer = new MutationObserver(() => {
      const drawn = map.getAttribute('data-drawn') || '';
      if (!drawn.includes('/assim_forecast/') || !drawn.endsWith(end)) return;
      clearTimeout(timeout);
      observer.disconnect();
      resolve(performance.now() - started);
    });
    observer.observe(map, { attributes: true, attributeFilter: ['data-drawn'] });
    const started = performance.now();
    box.click();
  })`;
  return (await page.evaluate(script)) as number;
}
