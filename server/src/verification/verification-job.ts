/**
 * When the records are computed: after every change to the archive, never on a request.
 *  - after every job: `../jobs/with-verification.ts` runs `verifyInWorker` at the job's end;
 *  - `verifyInBackground(where, log)`: the same step on its own, started after the demo build at startup and
 *    not awaited; calls while one runs are folded into one more run after it.
 */
import type { FastifyInstance } from 'fastify';
import type { DatabaseTarget } from '../db/database.ts';
import { runInWorker } from '../threads/run-in-thread.ts';
import type { VerificationPass, VerificationTaskArgs } from './verification-task.ts';

const task = new URL('./verification-task.ts', import.meta.url);

/** Run the verification step (verifyArchive, then the records against the ice charts) in a worker thread. */
export function verifyInWorker(where: DatabaseTarget, options: { signal?: AbortSignal; onProgress?: (fraction: number, message?: string) => void } = {}): Promise<VerificationPass> {
  const args: VerificationTaskArgs = { dataDir: where.dataDir, databaseUrl: where.databaseUrl };
  return runInWorker<VerificationPass>(task, args, options);
}

export interface BackgroundLog {
  info: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
}

/** Background runs at startup: one at a time per process; `stop()` aborts the running one (app close). */
export class BackgroundVerification {
  private running: Promise<void> | null = null;
  private again = false;
  private readonly abort = new AbortController();

  constructor(
    private readonly where: DatabaseTarget,
    private readonly log: BackgroundLog,
  ) {}

  /** Start a run (or queue one more after the running one). Resolves when the records are current. */
  request(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      if (this.abort.signal.aborted) return;
      try {
        const result = await verifyInWorker(this.where, { signal: this.abort.signal });
        this.log.info({ ...result, failed: result.failed }, 'verification records up to date');
      } catch (error) {
        if (this.abort.signal.aborted) return;
        this.log.error({ err: error }, 'verification failed');
      }
    } while (this.again);
  }

  /** Abort the running verification (its finished records stay). */
  async stop(): Promise<void> {
    this.abort.abort(new Error('the server is shutting down'));
    await this.running?.catch(() => undefined);
  }
}

/** `app.verification`, stopped when the app closes. */
export function setupVerification(app: FastifyInstance): void {
  const background = new BackgroundVerification({ dataDir: app.config.dataDir, databaseUrl: app.config.databaseUrl }, app.log);
  app.decorate('verification', background);
  app.addHook('onClose', async () => background.stop());
}

/** Startup task: bring the records up to date after the demo build (or with the archive as it is), not awaited. */
export const verificationStartupTask = {
  name: 'verification records',
  run: async (app: FastifyInstance): Promise<void> => {
    void app.verification.request();
  },
};
