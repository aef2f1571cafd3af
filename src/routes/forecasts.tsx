import { createRoute } from '@tanstack/react-router';
import { ForecastMapPage } from '../features/forecast-map/forecast-map-page.tsx';
import { validateForecastSearch } from '../features/forecast-map/url-search.ts';
import { signedInRoute } from './signed-in-layout.tsx';

/** /forecasts: the forecast map; ?date=&assimilated=&lead=&variable= select what it shows (issue 5). */
export const forecastsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'forecasts',
  validateSearch: validateForecastSearch,
  component: ForecastMapPage,
});
