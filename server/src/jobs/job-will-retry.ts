/**
 * The abort reason when a job stops but will run again (durable queue: its worker was told to stop, or lost its
 * lease to a sweeper): handlers keep what the next attempt needs, such as an uploaded file.
 */
export class JobWillRetry extends Error {
  override name = 'JobWillRetry';
}

/** Whether a handler that ends now should keep its inputs for another attempt. */
export const willRetry = (signal: AbortSignal): boolean => signal.aborted && signal.reason instanceof JobWillRetry;
