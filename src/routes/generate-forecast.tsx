import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin-layout.tsx';

/** /generate-forecast (admin, superuser): forecast generation on the map page. */
export const generateForecastRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'generate-forecast',
  // The map page's chunk, loaded only here and on /forecasts (other pages stay light on a slow link).
  component: lazyRouteComponent(() => import('../features/generate-forecast/generate-forecast-page.tsx'), 'GenerateForecastPage'),
});
