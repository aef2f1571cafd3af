import { useState, type FormEvent } from 'react';
import { isApiError } from '../../api/client.ts';
import { changePassword } from '../../api/users.ts';
import { TextField } from '../../components/text-field.tsx';
import { ru } from '../../i18n/ru.ts';

const t = ru.account;

/** What a failed change shows, from the server's `detail`. */
function passwordFailureMessage(error: unknown): string {
  if (isApiError(error, 'status')) {
    if (error.detail === 'BAD_CURRENT_PASSWORD') return t.badCurrent;
    if (error.detail === 'PASSWORD_TOO_SHORT') return t.tooShort;
    if (error.detail === 'PASSWORD_BLANK') return t.blank;
    if (error.detail === 'PASSWORD_TOO_COMMON') return t.tooCommon;
    if (error.status === 429) return t.tooManyAttempts;
    if (error.status === 401) return ru.loadErrors.unauthorized;
  }
  if (isApiError(error, 'network') || isApiError(error, 'timeout')) return ru.loadErrors.network;
  return t.failed;
}

/** Current password, new password twice; on success the other devices are signed out by the server. */
export function PasswordForm() {
  const [state, setState] = useState<{ busy: boolean; error: string | null; done: boolean }>({
    busy: false,
    error: null,
    done: false,
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const next = String(data.get('new_password') ?? '');
    if (next !== String(data.get('repeat_password') ?? '')) {
      setState({ busy: false, error: t.mismatch, done: false });
      return;
    }
    setState({ busy: true, error: null, done: false });
    try {
      await changePassword(String(data.get('current_password') ?? ''), next);
    } catch (error) {
      setState({ busy: false, error: passwordFailureMessage(error), done: false });
      return;
    }
    form.reset();
    setState({ busy: false, error: null, done: true });
  }

  return (
    <form className="account-form" onSubmit={onSubmit} aria-labelledby="password-title">
      <h2 id="password-title">{t.passwordTitle}</h2>
      <TextField label={t.current} name="current_password" type="password" autoComplete="current-password" required />
      <TextField label={t.next} name="new_password" type="password" autoComplete="new-password" minLength={8} hint={t.hint} required />
      <TextField label={t.repeat} name="repeat_password" type="password" autoComplete="new-password" minLength={8} required />
      {state.error && (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      )}
      {state.done && <p role="status">{t.changed}</p>}
      <button className="button button--primary" type="submit" disabled={state.busy}>
        {state.busy ? t.saving : t.save}
      </button>
    </form>
  );
}
