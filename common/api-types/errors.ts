/**
 * `detail` texts of API errors that the app tells apart (the server sends them, the client maps them to Russian
 * words): one definition for both sides.
 */

/** 503 with `Retry-After` while the database does not answer (restarting, stopped, unreachable). */
export const DATABASE_UNAVAILABLE = 'Database unavailable';
