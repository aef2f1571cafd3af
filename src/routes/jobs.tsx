import { createRoute } from '@tanstack/react-router';
import { JobsPage } from '../features/jobs-list/jobs-page.tsx';
import { adminRoute } from './admin-layout.tsx';

/** /jobs (admin, superuser): 'Задания', every background job. */
export const jobsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'jobs',
  component: JobsPage,
});
