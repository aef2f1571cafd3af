import { createRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { ru } from '../i18n/ru.ts';
import { adminRoute } from './admin-layout.tsx';

/** /upload (admin, superuser): data upload (issue 7). */
export const uploadRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'upload',
  // Placeholder until its issue lands; then: component: <PageComponent> from src/features/<name>/.
  component: () => <PlaceholderPage title={ru.placeholders.upload} />,
});
