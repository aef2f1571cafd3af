/**
 * When the archive is scored (`scoreArchive`, score-archive.ts): after every change to it, never on a request,
 * always in a thread of its own (`scoreInThread`):
 *  - at the end of every job, the daily cycle's included (`../jobs/with-scoring.ts`);
 *  - `app.scoring` (`BackgroundScoring`): at startup, after the demo build, not awaited; calls made while one
 *    runs are folded into one more run after it.
 */
import type { FastifyInstance } from 'fastify';
import type { DatabaseTarget } from '../db/database.ts';
import { runInThread } from '../threads/run-in-thread.ts';
import type { ScoringTaskArgs } from './scoring-task.ts';
import type { ChartScoreResult, ScoreResult } from './score-archive.ts';

const task = new URL('./scoring-task.ts', import.meta.url);

/** What a step scores: everything (absent), or only the records against these charts (`scoreCharts`). */
export interface ScoringScope {
  chartIds?: number[];
}

type ThreadOptions = { signal?: AbortSignal; onProgress?: (fraction: number, message?: string) => void };

/** Run `scoreArchive` on a thread of its own. */
export function scoreInThread(where: DatabaseTarget, options: ThreadOptions = {}): Promise<ScoreResult> {
  const args: ScoringTaskArgs = { dataDir: where.dataDir, databaseUrl: where.databaseUrl };
  return runInThread<ScoreResult>(task, args, options);
}

/** Run `scoreCharts` (the records against these charts only) on a thread of its own. */
export function scoreChartsInThread(where: DatabaseTarget, chartIds: number[], options: ThreadOptions = {}): Promise<ChartScoreResult> {
  const args: ScoringTaskArgs = { dataDir: where.dataDir, databaseUrl: where.databaseUrl, chartIds };
  return runInThread<ChartScoreResult>(task, args, options);
}

export interface BackgroundLog {
  info: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
}

/** Background runs at startup: one at a time per process; `stop()` aborts the running one (app close). */
export class BackgroundScoring {
  private running: Promise<void> | null = null;
  private again = false;
  private readonly abort = new AbortController();

  constructor(
    private readonly where: DatabaseTarget,
    private readonly log: BackgroundLog,
  ) {}

  /** Start a run (or queue one more after the running one). Resolves when the scores are current. */
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
        const result = await scoreInThread(this.where, { signal: this.abort.signal });
        this.log.info({ ...result, failed: result.failed }, 'scores up to date');
      } catch (error) {
        if (this.abort.signal.aborted) return;
        this.log.error({ err: error }, 'scoring failed');
      }
    } while (this.again);
  }

  /** Abort the running scoring (its finished records stay). */
  async stop(): Promise<void> {
    this.abort.abort(new Error('the server is shutting down'));
    await this.running?.catch(() => undefined);
  }
}

/** `app.scoring`, stopped when the app closes. */
export function setupScoring(app: FastifyInstance): void {
  const background = new BackgroundScoring({ dataDir: app.config.dataDir, databaseUrl: app.config.databaseUrl }, app.log);
  app.decorate('scoring', background);
  app.addHook('onClose', async () => background.stop());
}

/** Startup task: bring the scores up to date after the demo build (or with the archive as it is), not awaited. */
export const scoringStartupTask = {
  name: 'verification records',
  run: async (app: FastifyInstance): Promise<void> => {
    void app.scoring.request();
  },
};
