import { createRoute } from '@tanstack/react-router';
import { GenerateModelPage } from '../features/generate-model/generate-model-page.tsx';
import { adminRoute } from './admin-layout.tsx';

/** /generate-model (admin, superuser): model generation. */
export const generateModelRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'generate-model',
  component: GenerateModelPage,
});
