/**
 * The current user, fetched from GET /users/me once and cached, so that moving between pages costs no request.
 * The router gets one AuthSession in its context; sign-in and sign-out invalidate the cache so that the next
 * guard fetches again.
 */
import { logout } from '../../api/auth.ts';
import { isStatusError } from '../../api/client.ts';
import { fetchCurrentUser, type CurrentUser } from '../../api/users.ts';

export interface AuthSession {
  /** The signed-in user, or null when there is no valid session or the check failed (a failure is not cached). */
  ensureUser(): Promise<CurrentUser | null>;
  /** What the last successful check returned, without a request; undefined before the first check. */
  cachedUser(): CurrentUser | null | undefined;
  /** Forget the cached user (after sign-in), so the next ensureUser() asks the server. */
  invalidate(): void;
  /** Ask the server to clear the cookies, and forget the user whatever it answered. */
  signOut(): Promise<void>;
}

export function createAuthSession(fetchUser: () => Promise<CurrentUser> = fetchCurrentUser): AuthSession {
  let pending: Promise<CurrentUser | null> | null = null;
  let known: CurrentUser | null | undefined;
  let generation = 0;

  const check = (): Promise<CurrentUser | null> => {
    const mine = ++generation;
    const request = fetchUser().then(
      (user) => {
        if (mine === generation) known = user;
        return user;
      },
      (error: unknown) => {
        // 401 is a definite answer (not signed in) and is cached; anything else (server down, 5xx) is
        // retried on the next navigation. Either way the guard sends the visitor to /login.
        if (mine === generation) {
          if (isStatusError(error, 401)) known = null;
          else pending = null;
        }
        if (!isStatusError(error, 401)) console.warn('Could not check the current user:', error);
        return null;
      },
    );
    return request;
  };

  const invalidate = (): void => {
    generation++;
    pending = null;
    known = undefined;
  };

  return {
    ensureUser() {
      pending ??= check();
      return pending;
    },
    cachedUser: () => known,
    invalidate,
    async signOut() {
      try {
        await logout();
      } catch (error) {
        // The server may be unreachable; the visitor still leaves, and the next guard asks again.
        console.warn('Sign-out request failed:', error);
      } finally {
        invalidate();
      }
    },
  };
}
