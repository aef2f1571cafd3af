import { ru } from '../i18n/ru.ts';
import './screens.css';

/** Shown while a guard checks the current user or a route loads. */
export function LoadingScreen() {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <span className="loading-screen__spinner" aria-hidden="true" />
      <span>{ru.app.loading}</span>
    </div>
  );
}
