import { createRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { ru } from '../i18n/ru.ts';
import { adminRoute } from './admin-layout.tsx';

/** /generate-model (admin, superuser): model generation (issue 7). */
export const generateModelRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'generate-model',
  // Placeholder until its issue lands; then: component: <PageComponent> from src/features/<name>/.
  component: () => <PlaceholderPage title={ru.placeholders.generateModel} />,
});
