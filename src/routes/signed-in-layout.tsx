import { createRoute, Outlet } from '@tanstack/react-router';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { NavBar } from '../components/nav-bar.tsx';
import { requireUser } from '../features/auth/guards.ts';
import { useSignOut } from '../features/auth/use-sign-out.ts';
import { OfflineNotice } from '../offline/offline-notice.tsx';
import { rootRoute } from './root.tsx';

/**
 * Pathless layout of every signed-in page: the guard fetches the current user (cached after the first time)
 * and redirects to /login without one; children find it in their context as `user`.
 */
export const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: ({ context }) => requireUser(context.auth),
  // 'Загрузка...' at once while the user is being checked (no blank page on a slow server).
  pendingComponent: LoadingScreen,
  pendingMs: 0,
  pendingMinMs: 0,
  component: SignedInLayout,
});

function SignedInLayout() {
  const { user } = signedInRoute.useRouteContext();
  const signOut = useSignOut();
  return (
    <div className="app-shell">
      <NavBar user={user} onSignOut={() => void signOut()} />
      <OfflineNotice />
      <main className="app-main">
        <Outlet />
      </main>
    </div>
  );
}
