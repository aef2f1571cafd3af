import { createRoute } from '@tanstack/react-router';
import { AccountPage } from '../features/account/account-page.tsx';
import { signedInRoute } from './signed-in-layout.tsx';

/** /account (any signed-in user): password change and sign-out on every device. */
export const accountRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'account',
  component: AccountPage,
});
