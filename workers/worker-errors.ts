/**
 * Every way a call to the decode worker can fail, as a closed union the page switches on (no regular
 * expressions over messages). The worker throws classes (DownloadError, the decoder's NetcdfError family,
 * the AbortError DOMException); across comlink they arrive as plain Errors carrying `name` (and `status`
 * for downloads, which comlink's own error handler drops: `keepErrorFields()` registers one that keeps it).
 */
import * as Comlink from 'comlink';
import { netcdfErrorNames, type NetcdfErrorName } from '../netcdf/errors.ts';

/** A download that failed: `status` is the HTTP status, 0 when no response came (network, broken off). */
export class DownloadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

/** The one cancellation shape: a DOMException named 'AbortError', as fetch and AbortSignal use. */
export function abortError(): DOMException {
  return new DOMException('The request was aborted', 'AbortError');
}

export type WorkerFailure =
  | { name: 'DownloadError'; message: string; status: number }
  | { name: 'AbortError'; message: string }
  | { name: NetcdfErrorName; message: string }
  /** A local file's grid cannot be placed: the message is the Russian reason to show. */
  | { name: 'RegridError'; message: string }
  /** Anything else: a bug, not a property of the file (logged, shown as unreadable). */
  | { name: 'InternalError'; message: string };

const netcdfNames: ReadonlySet<string> = new Set(netcdfErrorNames);

/** What a thrown value means, on either side of comlink. */
export function workerFailure(error: unknown): WorkerFailure {
  const fields = (error && typeof error === 'object' ? error : {}) as { name?: unknown; message?: unknown; status?: unknown };
  const name = typeof fields.name === 'string' ? fields.name : '';
  const message = typeof fields.message === 'string' ? fields.message : String(error);
  if (name === 'DownloadError') return { name, message, status: typeof fields.status === 'number' ? fields.status : 0 };
  if (name === 'AbortError' || name === 'RegridError') return { name, message };
  if (netcdfNames.has(name)) return { name: name as NetcdfErrorName, message };
  return { name: 'InternalError', message: name ? `${name}: ${message}` : message };
}

/**
 * Make comlink carry a thrown error as its WorkerFailure (name, message and a download's status) instead of
 * name and message alone. Call once in the worker (the side that serialises); the page's side rebuilds an
 * Error with every field it receives.
 */
export function keepErrorFields(): void {
  const base = Comlink.transferHandlers.get('throw') as Comlink.TransferHandler<{ value: unknown }, unknown>;
  Comlink.transferHandlers.set('throw', {
    canHandle: base.canHandle,
    serialize: ({ value }) => [{ isError: true, value: { ...workerFailure(value), stack: (value as Error | undefined)?.stack } }, []],
    deserialize: base.deserialize,
  } satisfies Comlink.TransferHandler<{ value: unknown }, unknown>);
}
