import { createRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { ru } from '../i18n/ru.ts';
import { adminRoute } from './admin-layout.tsx';

/** /generate-forecast (admin, superuser): forecast generation on the map page (issue 7). */
export const generateForecastRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'generate-forecast',
  // Placeholder until its issue lands; then: component: <PageComponent> from src/features/<name>/.
  component: () => <PlaceholderPage title={ru.placeholders.generateForecast} />,
});
