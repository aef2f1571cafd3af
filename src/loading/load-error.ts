/** The message a screen shows when a request fails: 401, 403 and an unreachable server get their own words. */
import { isApiError } from '../api/client.ts';
import { ru } from '../i18n/ru.ts';

export function loadErrorMessage(error: unknown, fallback: string = ru.loadErrors.generic): string {
  if (isApiError(error, 'network') || isApiError(error, 'timeout')) return ru.loadErrors.network;
  if (isApiError(error, 'status')) {
    if (error.status === 401) return ru.loadErrors.unauthorized;
    if (error.status === 403) return ru.loadErrors.forbidden;
    return error.detail ? `${fallback}: ${error.detail}` : fallback;
  }
  return fallback;
}
