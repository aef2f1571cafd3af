import { createRoute } from '@tanstack/react-router';
import { GenerateForecastPage } from '../features/generate-forecast/generate-forecast-page.tsx';
import { adminRoute } from './admin-layout.tsx';

/** /generate-forecast (admin, superuser): forecast generation on the map page (issue 7). */
export const generateForecastRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'generate-forecast',
  component: GenerateForecastPage,
});
