import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { ru } from '../i18n/ru.ts';
import './screens.css';

const t = ru.errors;

/** The generic page for an unexpected error in any route (the router's errorComponent). */
export function ErrorPage({ error }: ErrorComponentProps) {
  // Details go to the console for whoever debugs; the visitor gets a calm Russian message.
  console.error(error);
  return (
    <div className="message-page" role="alert">
      <h1>{t.title}</h1>
      <p>{t.text}</p>
      <div className="message-page__actions">
        <button className="button button--primary" type="button" onClick={() => window.location.reload()}>
          {t.reload}
        </button>
        <a className="button" href="/">
          {t.home}
        </a>
      </div>
    </div>
  );
}

/** The page for an address that matches no route. */
export function NotFoundPage() {
  return (
    <div className="message-page">
      <h1>{t.notFoundTitle}</h1>
      <p>{t.notFoundText}</p>
      <div className="message-page__actions">
        <Link className="button button--primary" to="/">
          {t.home}
        </Link>
      </div>
    </div>
  );
}
