import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { login } from '../../api/auth.ts';
import { isApiError } from '../../api/client.ts';
import { ru } from '../../i18n/ru.ts';
import { useAuthSession } from './use-current-user.ts';

const t = ru.login;

/** The message a failed sign-in shows; wrong email and wrong password read the same, as the server answers. */
export function loginFailureMessage(error: unknown): string {
  if (isApiError(error, 'status') && error.status === 429) return t.tooManyAttempts;
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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await login(String(data.get('email') ?? ''), String(data.get('password') ?? ''));
    } catch (cause) {
      const message = loginFailureMessage(cause);
      setBusy(false);
      setError(message);
      window.alert(message);
      return;
    }
    auth.invalidate();
    if (redirectTo) router.history.push(redirectTo);
    else await navigate({ to: '/' });
  }

  return (
    <form className="auth-card" onSubmit={onSubmit} aria-labelledby="login-title">
      <img className="auth-card__logo" src="/logo.svg" alt={ru.app.logoAlt} width={56} height={56} />
      <h1 id="login-title" className="auth-card__title">
        {t.title}
      </h1>
      <label className="field">
        <span className="field__label">{t.email}</span>
        <input name="email" type="email" placeholder={t.email} autoComplete="username" required />
      </label>
      <label className="field">
        <span className="field__label">{t.password}</span>
        <input name="password" type="password" placeholder={t.password} autoComplete="current-password" required />
      </label>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button className="button button--primary button--wide" type="submit" disabled={busy}>
        {busy ? t.submitting : t.submit}
      </button>
      <p className="auth-card__switch">
        {t.noAccount} <Link to="/register">{t.toRegister}</Link>
      </p>
    </form>
  );
}
