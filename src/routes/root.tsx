import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { ErrorPage, NotFoundPage } from '../components/error-page.tsx';
import type { RouterContext } from '../features/auth/router-context.ts';

/** The root: every page renders inside it; public pages (login, register) have no top bar. */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
});
