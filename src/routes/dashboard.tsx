import { createRoute } from '@tanstack/react-router';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { signedInRoute } from './signed-in-layout.tsx';

export const dashboardRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/',
  component: DashboardPage,
});
