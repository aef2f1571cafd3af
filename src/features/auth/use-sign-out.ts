import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useAuthSession } from './use-current-user.ts';

/** Sign out on the server, forget the cached user, then show the login screen. */
export function useSignOut(): () => Promise<void> {
  const auth = useAuthSession();
  const navigate = useNavigate();
  return useCallback(async () => {
    await auth.signOut();
    await navigate({ to: '/login' });
  }, [auth, navigate]);
}
