import { createRoute } from '@tanstack/react-router';
import { DatasetsPage } from '../features/datasets/datasets-page.tsx';
import { signedInRoute } from './signed-in-layout.tsx';

/** /datasets: the dataset cards. */
export const datasetsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'datasets',
  component: DatasetsPage,
});
