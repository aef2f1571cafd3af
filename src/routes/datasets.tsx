import { createRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { ru } from '../i18n/ru.ts';
import { signedInRoute } from './signed-in-layout.tsx';

/** /datasets: the dataset cards (issue 7). */
export const datasetsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'datasets',
  // Placeholder until its issue lands; then: component: <PageComponent> from src/features/<name>/.
  component: () => <PlaceholderPage title={ru.placeholders.datasets} />,
});
