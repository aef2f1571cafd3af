import { Link } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ru } from '../../i18n/ru.ts';

export interface AuthCardProps {
  /** The title's element id (the form is labelled by it). */
  titleId: string;
  title: string;
  submitText: string;
  submittingText: string;
  /** The line under the button: a question and the link to the other form. */
  switchText: string;
  switchLink: { to: '/login' | '/register'; text: string };
  /**
   * Runs with the form's fields while the button is busy. Resolves to the message to show when it failed (the
   * button is free again), or null when it succeeded (the page moves on; the button stays busy until then).
   */
  submit: (data: FormData) => Promise<string | null>;
  /** The fields. */
  children: ReactNode;
}

/** The frame the sign-in and registration forms share: logo, title, fields, the error line, submit, the switch link. */
export function AuthCard({ titleId, title, submitText, submittingText, switchText, switchLink, submit, children }: AuthCardProps) {
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
        {title}
      </h1>
      {children}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button className="button button--primary button--wide" type="submit" disabled={busy}>
        {busy ? submittingText : submitText}
      </button>
      <p className="auth-card__switch">
        {switchText} <Link to={switchLink.to}>{switchLink.text}</Link>
      </p>
    </form>
  );
}
