/**
 * What the app hands browser tests and the render benchmark on `window` (declared once here; the tools' type
 * check includes this file, since their page.evaluate callbacks read it). Present only in builds made with
 * VITE_TEST_HOOKS=1; a plain production build drops it (tests/e2e/test-hooks.e2e.ts).
 */
import type { Map } from 'maplibre-gl';

declare global {
  interface Window {
    /** The live map (project known lat/lon to pixels). Set by src/map/forecast-map.ts in VITE_TEST_HOOKS=1 builds. */
    __forecastMap?: Map;
  }
}
