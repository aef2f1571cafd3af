import { createRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { ru } from '../i18n/ru.ts';
import { signedInRoute } from './signed-in-layout.tsx';

/** /models: the model cards (issue 7). */
export const modelsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'models',
  // Placeholder until its issue lands; then: component: <PageComponent> from src/features/<name>/.
  component: () => <PlaceholderPage title={ru.placeholders.models} />,
});
