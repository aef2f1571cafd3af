/**
 * A full disk, whichever layer meets it: Node's ENOSPC (or EDQUOT, a quota), SQLite's SQLITE_FULL ("database or
 * disk is full"), PostgreSQL's disk_full (SQLSTATE 53100). Errors that crossed a worker thread arrive as name and
 * message only, so the message is recognised too. Such a failure is told to people in Russian, with what the
 * operator can do about it.
 */

export const DISK_FULL_PREFIX = 'Недостаточно места на диске: ';

const CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);
const MESSAGES = /\bENOSPC\b|\bEDQUOT\b|no space left on device|database or disk is full|could not extend file|disk quota exceeded/i;

export function isDiskFull(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && CODES.has(code)) return true;
    if (typeof message === 'string' && (MESSAGES.test(message) || message.startsWith(DISK_FULL_PREFIX))) return true;
  }
  return false;
}

/**
 * The Russian reason of a disk-full failure: what could not be done (e.g. 'не удалось записать прогноз'), and the
 * remedy. 'Недостаточно места на диске: не удалось записать прогноз; освободите место в DATA_DIR …'.
 */
export function diskFullReason(what: string): string {
  const lowered = what.charAt(0).toLowerCase() + what.slice(1);
  return `${DISK_FULL_PREFIX}${lowered}; освободите место в DATA_DIR (или увеличьте диск) и повторите`;
}

/** A failure told to people: the disk-full reason when the disk was full, else the error's own message. */
export function failureMessage(error: unknown, what = 'не удалось записать данные'): string {
  if (error instanceof Error && error.message.startsWith(DISK_FULL_PREFIX)) return error.message;
  if (isDiskFull(error)) return diskFullReason(what);
  return error instanceof Error ? error.message : String(error);
}

/** Thrown where the disk was full; its message is already the Russian reason. */
export class DiskFullError extends Error {
  override name = 'DiskFullError';
  constructor(message: string, options?: ErrorOptions) {
    super(message.startsWith(DISK_FULL_PREFIX) ? message : `${DISK_FULL_PREFIX}${message}`, options);
  }
}
