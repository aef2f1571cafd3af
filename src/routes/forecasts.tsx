import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validateForecastSearch } from '../features/forecast-map/url-search.ts';
import { signedInRoute } from './signed-in-layout.tsx';

/** /forecasts: the forecast map; ?date=&assimilated=&lead=&variable= select what it shows (issue 5). */
export const forecastsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'forecasts',
  validateSearch: validateForecastSearch,
  // Its own chunk (MapLibre, deck.gl, the decode worker's client): sign-in and the dashboard never load it (issue 13).
  component: lazyRouteComponent(() => import('../features/forecast-map/forecast-map-page.tsx'), 'ForecastMapPage'),
});
