import { createRoute } from '@tanstack/react-router';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { requireAdmin } from '../features/auth/guards.ts';
import { signedInRoute } from './signed-in-layout.tsx';

/** Pathless layout of the admin pages: admins and superusers only, everyone else goes to /login. */
export const adminRoute = createRoute({
  getParentRoute: () => signedInRoute,
  id: 'admin',
  beforeLoad: ({ context }) => requireAdmin(context.user),
  pendingComponent: LoadingScreen,
});
