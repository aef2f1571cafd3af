/** The message a screen shows when a request fails: 401, 403, an unreachable server and an absent database get their own words. */
import { DATABASE_UNAVAILABLE } from '../../common/api-types/errors.ts';
import { isApiError, isStatusError } from '../api/client.ts';
import { pluralForm } from '../i18n/plural-form.ts';
import { ru } from '../i18n/ru.ts';

/** The server's 503 for a database that does not answer, in Russian with the wait it named; null for any other error. */
export function databaseUnavailableMessage(error: unknown): string | null {
  if (!isStatusError(error, 503) || error.detail !== DATABASE_UNAVAILABLE) return null;
  const seconds = error.retryAfterSeconds;
  return seconds === null ? ru.loadErrors.databaseUnavailable : ru.loadErrors.databaseUnavailableWait(seconds, pluralForm(seconds));
}

export function loadErrorMessage(error: unknown, fallback: string = ru.loadErrors.generic): string {
  if (isApiError(error, 'network') || isApiError(error, 'timeout')) return ru.loadErrors.network;
  if (isApiError(error, 'status')) {
    if (error.status === 401) return ru.loadErrors.unauthorized;
    if (error.status === 403) return ru.loadErrors.forbidden;
    const database = databaseUnavailableMessage(error);
    if (database) return database;
    return error.detail ? `${fallback}: ${error.detail}` : fallback;
  }
  return fallback;
}
