/**
 * MapLibre starts its own worker (`maplibre-gl-worker.mjs`, ~119 KiB brotli) only once its chunk has
 * run, one more round trip and download after the map's code. Fetching it together with the map's chunk puts it
 * in the HTTP cache by the time MapLibre asks, so the map is complete (and the link free for the view's
 * slices) sooner. Same URL as the map's own import: one file in the build.
 */
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

let started = false;

export function prefetchMapWorker(): void {
  if (started || typeof fetch === 'undefined' || !import.meta.env.PROD) return;
  started = true;
  void fetch(maplibreWorkerUrl, { credentials: 'same-origin' })
    .then((response) => response.arrayBuffer())
    .catch(() => undefined); // MapLibre asks again itself
}
