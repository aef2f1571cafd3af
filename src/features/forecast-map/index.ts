/**
 * The forecast map's public face: what another page may use to show forecasts on the same map (the
 * /generate-forecast page). Everything else in this folder is the /forecasts page's own.
 */
import './forecast-map.css';

export { ForecastLoader } from './forecast-loader.ts';
export { ForecastMapView } from './forecast-map-view.tsx';
export { MapLegend } from './map-legend.tsx';
export { createForecastMapStore } from './store/forecast-map-store.ts';
export { ForecastMapStoreContext } from './store/store-context.ts';
export { ViewControls } from './view-controls.tsx';
export { IceClassSelect } from './polaris/ice-class-select.tsx';
