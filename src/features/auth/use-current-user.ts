/** Hooks that read the session from the router context, for components anywhere under the router. */
import { useRouteContext } from '@tanstack/react-router';
import type { CurrentUser } from '../../api/users.ts';
import type { AuthSession } from './session.ts';

/** The AuthSession given to the router (src/main.tsx). */
export function useAuthSession(): AuthSession {
  return useRouteContext({ from: '__root__' }).auth;
}

/**
 * The signed-in user that the signed-in layout's guard put into the context; null outside signed-in routes
 * (login, registration, error pages).
 */
export function useCurrentUser(): CurrentUser | null {
  const context: { user?: CurrentUser } = useRouteContext({ strict: false });
  return context.user ?? null;
}
