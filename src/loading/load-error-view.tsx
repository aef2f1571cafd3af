import { ru } from '../i18n/ru.ts';
import { loadErrorMessage } from './load-error.ts';

/** A failed load: the reason in words and a retry button, never a blank page. */
export function LoadErrorView({ error, fallback, onRetry }: { error: unknown; fallback?: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="load-error">
      <p>{loadErrorMessage(error, fallback)}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {ru.loadErrors.retry}
        </button>
      )}
    </div>
  );
}
