import { createRoute } from '@tanstack/react-router';
import { RegisterForm } from '../features/auth/register-form.tsx';
import { rootRoute } from './root.tsx';

export const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'register',
  component: RegisterScreen,
});

function RegisterScreen() {
  return (
    <main className="auth-screen">
      <RegisterForm />
    </main>
  );
}
