import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validateForecastSearch } from '../features/forecast-map/url-search.ts';
import { signedInRoute } from './signed-in-layout.tsx';
import { forecastWorkerUrl } from '../../workers/forecast-worker-url.ts';

const loadPage = () => import('../features/forecast-map/forecast-map-page.tsx');

// A ship opening /forecasts directly starts fetching the page's chunk with the app, in parallel with
// the session check, instead of one round trip (600 ms on a satellite link) after it.
if (typeof location !== 'undefined' && location.pathname === '/forecasts') {
  void loadPage().catch(() => undefined);
  // The decode worker's script too (15 KiB), into the HTTP cache, so the worker the page starts finds it there.
  if (import.meta.env.PROD) void fetch(forecastWorkerUrl, { credentials: 'same-origin' }).then((r) => r.arrayBuffer()).catch(() => undefined);
}

/** /forecasts: the forecast map; ?date=&assimilated=&lead=&variable= select what it shows (a link reopens the view). */
export const forecastsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'forecasts',
  validateSearch: validateForecastSearch,
  // Its own chunk (MapLibre, deck.gl, the decode worker's client): sign-in and the dashboard never load it, which
  // keeps them quick on a slow link.
  component: lazyRouteComponent(loadPage, 'ForecastMapPage'),
});
