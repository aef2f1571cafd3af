import { createRoute } from '@tanstack/react-router';
import { LoginForm } from '../features/auth/login-form.tsx';
import { validateLoginSearch } from '../features/auth/redirect-target.ts';
import { rootRoute } from './root.tsx';

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: validateLoginSearch,
  component: LoginScreen,
});

function LoginScreen() {
  const { redirect } = loginRoute.useSearch();
  return (
    <main className="auth-screen">
      <LoginForm redirectTo={redirect} />
    </main>
  );
}
