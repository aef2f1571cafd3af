/**
 * Route guards for beforeLoad (TanStack Router's authenticated-routes pattern). They keep the interface honest;
 * the server still checks every request, so they are not an authorization boundary.
 */
import { redirect } from '@tanstack/react-router';
import type { CurrentUser } from '../../api/users.ts';
import { isAdmin } from './roles.ts';
import type { AuthSession } from './session.ts';

/**
 * Resolves with the signed-in user for the route context; otherwise throws a redirect to /login, which
 * brings the visitor back to `from` (the path, search and hash asked for) after signing in.
 */
export async function requireUser(auth: AuthSession, from?: string): Promise<{ user: CurrentUser }> {
  const user = await auth.ensureUser();
  if (!user) throw redirect({ to: '/login', search: from && from !== '/' ? { redirect: from } : {} });
  return { user };
}

/** Throws a redirect to /login unless the user is an admin or superuser. */
export function requireAdmin(user: CurrentUser | null | undefined): void {
  if (!isAdmin(user)) throw redirect({ to: '/login' });
}
