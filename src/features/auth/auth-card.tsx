import { Link } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ru } from '../../i18n/ru.ts';

/** What each form's card says, and the other form its switch line leads to. */
const CARDS = {
  login: { texts: ru.login, switchText: ru.login.noAccount, switchLink: { to: '/register', text: ru.login.toRegister } },
  register: { texts: ru.register, switchText: ru.register.haveAccount, switchLink: { to: '/login', text: ru.register.toLogin } },
} as const;

export interface AuthCardProps {
  /** Which form: its title and button texts, the title's element id (`login-title`), the switch link. */
  form: keyof typeof CARDS;
  /**
   * Runs with the form's fields while the button is busy. Resolves to the message to show when it failed (the
   * button is free again), or null when it succeeded (the page moves on; the button stays busy until then).
   */
  submit: (data: FormData) => Promise<string | null>;
  /** The fields. */
  children: ReactNode;
}

/** The frame the sign-in and registration forms share: logo, title, fields, the error line, submit, the switch link. */
export function AuthCard({ form, submit, children }: AuthCardProps) {
  const { texts, switchText, switchLink } = CARDS[form];
  const titleId = `${form}-title`;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const failure = await submit(data);
    if (failure === null) return;
    setBusy(false);
    setError(failure);
  }

  return (
    <form className="auth-card" onSubmit={onSubmit} aria-labelledby={titleId}>
      <img className="auth-card__logo" src="/logo.svg" alt={ru.app.logoAlt} width={56} height={56} />
      <h1 id={titleId} className="auth-card__title">
        {texts.title}
      </h1>
      {children}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button className="button button--primary button--wide" type="submit" disabled={busy}>
        {busy ? texts.submitting : texts.submit}
      </button>
      <p className="auth-card__switch">
        {switchText} <Link to={switchLink.to}>{switchLink.text}</Link>
      </p>
    </form>
  );
}
