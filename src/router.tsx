/**
 * The route tree (code-based) and the router factory. Access rules live in the two pathless layouts:
 * signed-in-layout (any signed-in user) and admin-layout (admin or superuser).
 *
 *   root
 *   ├── /login, /register                         public, no top bar
 *   └── signed-in (layout: top bar)               guard: requireUser
 *       ├── /, /forecasts, /models, /datasets, /account, /verification
 *       └── admin (layout)                        guard: requireAdmin
 *           └── /upload, /generate-model, /generate-forecast, /jobs
 */
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { ErrorPage, NotFoundPage } from './components/error-page.tsx';
import { LoadingScreen } from './components/loading-screen.tsx';
import type { AuthSession } from './features/auth/session.ts';
import { accountRoute } from './routes/account.tsx';
import { adminRoute } from './routes/admin-layout.tsx';
import { dashboardRoute } from './routes/dashboard.tsx';
import { datasetsRoute } from './routes/datasets.tsx';
import { forecastsRoute } from './routes/forecasts.tsx';
import { generateForecastRoute } from './routes/generate-forecast.tsx';
import { generateModelRoute } from './routes/generate-model.tsx';
import { jobsRoute } from './routes/jobs.tsx';
import { loginRoute } from './routes/login.tsx';
import { modelsRoute } from './routes/models.tsx';
import { registerRoute } from './routes/register.tsx';
import { rootRoute } from './routes/root.tsx';
import { signedInRoute } from './routes/signed-in-layout.tsx';
import { uploadRoute } from './routes/upload.tsx';
import { verificationRoute } from './routes/verification.tsx';

const routeTree = rootRoute.addChildren([
  loginRoute,
  registerRoute,
  signedInRoute.addChildren([
    dashboardRoute,
    forecastsRoute,
    modelsRoute,
    datasetsRoute,
    accountRoute,
    verificationRoute,
    adminRoute.addChildren([uploadRoute, generateModelRoute, generateForecastRoute, jobsRoute]),
  ]),
]);

/** One router per app (and per test: pass a memory history). */
export function createAppRouter(auth: AuthSession, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { auth },
    history,
    defaultPendingComponent: LoadingScreen,
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    // Pages read the server's state on mount; nothing to gain from preloading on hover.
    defaultPreload: false,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
