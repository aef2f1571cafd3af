/**
 * The decode worker's script URL as built: the app fetches it into the HTTP cache while the map
 * page's chunk is still on its way, so the worker that chunk starts finds its script there. Same file as the
 * `new Worker(new URL('./forecast.worker.ts', import.meta.url))` of forecast-client.ts (Vite names it once).
 */
import forecastWorkerUrl from './forecast.worker.ts?worker&url';

export { forecastWorkerUrl };
