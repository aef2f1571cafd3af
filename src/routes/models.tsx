import { createRoute } from '@tanstack/react-router';
import { ModelsPage } from '../features/models/models-page.tsx';
import { signedInRoute } from './signed-in-layout.tsx';

/** /models: the model cards. */
export const modelsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'models',
  component: ModelsPage,
});
