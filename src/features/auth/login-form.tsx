import { useNavigate, useRouter } from '@tanstack/react-router';
import { login } from '../../api/auth.ts';
import { isApiError } from '../../api/client.ts';
import { TextField } from '../../components/text-field.tsx';
import { ru } from '../../i18n/ru.ts';
import { pluralForm } from '../../i18n/plural-form.ts';
import { databaseUnavailableMessage } from '../../loading/load-error.ts';
import { AuthCard } from './auth-card.tsx';
import { useAuthSession } from './use-current-user.ts';

const t = ru.login;


/** The message a failed sign-in shows; wrong email and wrong password read the same, as the server answers. */
function loginFailureMessage(error: unknown): string {
  if (isApiError(error, 'status') && error.status === 429) {
    const seconds = error.retryAfterSeconds;
    return seconds === null ? t.tooManyAttempts : t.tooManyAttemptsWait(seconds, pluralForm(seconds));
  }
  const database = databaseUnavailableMessage(error);
  if (database) return database;
  if (isApiError(error, 'status') && error.status !== null && error.status >= 500) return t.unavailable;
  if (isApiError(error, 'network') || isApiError(error, 'timeout')) return t.unavailable;
  return t.badCredentials;
}

/**
 * /login: email + password; success opens `redirectTo` (a same-origin path, checked by the route) or the
 * dashboard, failure alerts (as users of the old tool expect).
 */
export function LoginForm({ redirectTo }: { redirectTo?: string }) {
  const auth = useAuthSession();
  const navigate = useNavigate();
  const router = useRouter();

  async function submit(data: FormData): Promise<string | null> {
    try {
      await login(String(data.get('email') ?? ''), String(data.get('password') ?? ''));
    } catch (cause) {
      const message = loginFailureMessage(cause);
      window.alert(message);
      return message;
    }
    auth.invalidate();
    if (redirectTo) router.history.push(redirectTo);
    else await navigate({ to: '/' });
    return null;
  }

  return (
    <AuthCard form="login" submit={submit}>
      <TextField label={t.email} name="email" type="email" placeholder={t.email} autoComplete="username" required />
      <TextField label={t.password} name="password" type="password" placeholder={t.password} autoComplete="current-password" required />
    </AuthCard>
  );
}
