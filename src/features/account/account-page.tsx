import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { logoutAll } from '../../api/auth.ts';
import { ru } from '../../i18n/ru.ts';
import { useAuthSession, useCurrentUser } from '../auth/use-current-user.ts';
import { PasswordForm } from './password-form.tsx';
import './account.css';

const t = ru.account;

/** /account: who is signed in, password change, sign out on every device. */
export function AccountPage() {
  const user = useCurrentUser();
  const auth = useAuthSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  async function signOutEverywhere() {
    setError(null);
    try {
      await logoutAll();
    } catch {
      setError(t.logoutAllFailed);
      return;
    }
    auth.invalidate();
    await navigate({ to: '/login' });
  }

  return (
    <div className="account-page">
      <h1>{t.title}</h1>
      {user && (
        <p className="account-page__who">
          {user.username} · {user.email}
        </p>
      )}
      <PasswordForm />
      <section className="account-page__devices" aria-labelledby="devices-title">
        <h2 id="devices-title">{t.devicesTitle}</h2>
        <p>{t.devicesText}</p>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="button" className="button" onClick={() => void signOutEverywhere()}>
          {t.logoutAll}
        </button>
      </section>
    </div>
  );
}
