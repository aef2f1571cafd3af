/**
 * A bench's timed part in a Chromium module worker: the page's route serves the bundled bench worker as
 * `/worker.js`; it gets one message (what to run) and answers `{results}` or `{error}`.
 */
import type { Page } from 'playwright-core';

/** Start `/worker.js` in `page`, post `message`, and return the worker's results; throws with its error. */
export async function resultsFromPageWorker<R>(page: Page, message: Record<string, unknown>): Promise<R[]> {
  const reply = await page.evaluate(
    (sent) =>
      new Promise<{ results?: unknown[]; error?: string }>((done) => {
        const worker = new Worker('/worker.js', { type: 'module' });
        worker.onmessage = (event) => done(event.data);
        worker.onerror = (event) => done({ error: event.message });
        worker.postMessage(sent);
      }),
    message,
  );
  if (!reply.results) throw new Error(`Chromium worker failed: ${reply.error}`);
  return reply.results as R[];
}
