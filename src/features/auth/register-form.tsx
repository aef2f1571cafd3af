import { useNavigate } from '@tanstack/react-router';
import { register } from '../../api/auth.ts';
import { isApiError } from '../../api/client.ts';
import { TextField } from '../../components/text-field.tsx';
import { ru } from '../../i18n/ru.ts';
import { AuthCard } from './auth-card.tsx';

const t = ru.register;

/**
 * The server's `detail` in the user's words: its known codes (duplicates) and validation sentences
 * (422, e.g. 'body/password must NOT have fewer than 8 characters') are translated; anything else is shown as sent.
 */
function explainDetail(status: number | null, detail: string): string {
  if (detail === 'REGISTER_USER_ALREADY_EXISTS') return t.emailTaken;
  if (detail === 'REGISTER_USERNAME_ALREADY_EXISTS') return t.usernameTaken;
  if (detail in ru.accountData) return ru.accountData[detail as keyof typeof ru.accountData];
  if (status === 429) return t.tooManyAttempts;
  if (status === 422) {
    if (/\bpassword\b/.test(detail)) return t.badPassword;
    if (/\bemail\b/.test(detail)) return t.badEmail;
    if (/\busername\b/.test(detail)) return t.badUsername;
  }
  return detail;
}

/** What a failed registration shows: the server's `detail` (e.g. a duplicate email), or why there is none. */
function registrationFailureMessage(error: unknown): string {
  if (isApiError(error, 'status') && error.detail) return `${t.failed}: ${explainDetail(error.status, error.detail)}`;
  if (isApiError(error, 'network') || isApiError(error, 'timeout')) return t.unavailable;
  return t.failed;
}

/** /register: creates a plain user (the server assigns role 'user' whatever is sent), then goes to /login. */
export function RegisterForm() {
  const navigate = useNavigate();

  async function submit(data: FormData): Promise<string | null> {
    try {
      await register({
        email: String(data.get('email') ?? '').trim(),
        username: String(data.get('username') ?? '').trim(),
        password: String(data.get('password') ?? ''),
        is_superuser: false,
        role_id: 1,
      });
    } catch (cause) {
      return registrationFailureMessage(cause);
    }
    window.alert(t.success);
    await navigate({ to: '/login' });
    return null;
  }

  return (
    <AuthCard form="register" submit={submit}>
      <TextField label={t.username} name="username" type="text" placeholder={t.username} autoComplete="username" required />
      <TextField label={t.email} name="email" type="email" placeholder={t.email} autoComplete="email" required />
      <TextField
        label={t.password}
        name="password"
        type="password"
        placeholder={t.password}
        autoComplete="new-password"
        hint={t.passwordHint}
        hintId="register-password-hint"
        required
      />
    </AuthCard>
  );
}
