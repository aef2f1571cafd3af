/**
 * Throw `new HttpError(404, 'Forecast not found')` from a handler or hook: the error handler answers
 * with that status and `{"detail": ...}`. `detail` may be a string or a JSON value.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: unknown,
    /** Extra reply headers, e.g. Retry-After for 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : JSON.stringify(detail));
    this.name = 'HttpError';
  }
}
