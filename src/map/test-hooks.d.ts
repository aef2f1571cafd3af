/**
 * What the app hands browser tests and the render benchmark on `window` (declared once here; the tools' type
 * check includes this file, since their page.evaluate callbacks read it).
 */
import type { Map } from 'maplibre-gl';

declare global {
  interface Window {
    /** The live map (project known lat/lon to pixels). Set by src/map/forecast-map.ts. */
    __forecastMap?: Map;
  }
}
