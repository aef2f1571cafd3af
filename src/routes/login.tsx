import { createRoute } from '@tanstack/react-router';
import { LoginForm } from '../features/auth/login-form.tsx';
import { rootRoute } from './root.tsx';

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  component: LoginScreen,
});

function LoginScreen() {
  return (
    <main className="auth-screen">
      <LoginForm />
    </main>
  );
}
