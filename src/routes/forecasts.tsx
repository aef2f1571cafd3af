import { createRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { ru } from '../i18n/ru.ts';
import { signedInRoute } from './signed-in-layout.tsx';

/** /forecasts: the forecast map (issue 5 adds validateSearch for date, lead, variable, assim). */
export const forecastsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'forecasts',
  // Placeholder until its issue lands; then: component: <PageComponent> from src/features/<name>/.
  component: () => <PlaceholderPage title={ru.placeholders.forecasts} />,
});
