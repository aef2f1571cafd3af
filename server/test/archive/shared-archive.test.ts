/**
 * Two servers starting together on one PostgreSQL database and one (shared) DATA_DIR: the demo build and the
 * metrics recomputation run once, the second process waits for the first and then finds the work done.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import type { ArchiveContext } from '../../src/archive/pipeline.ts';
import { buildDemoArchive } from '../../src/cycle/demo-archive.ts';
import { recomputeMetrics } from '../../src/verification/hindcast-metrics.ts';
import { testTarget } from '../engines.ts';
import { SMALL_GRID } from '../grid/small-grid.ts';

/** Two archive contexts, each with its own connection pool, on one fresh PostgreSQL database and one DATA_DIR. */
async function twoProcesses(): Promise<[ArchiveContext & { databaseUrl: string }, ArchiveContext]> {
  const target = await testTarget('postgres');
  const open = async () => {
    const db = await openDatabase(target);
    onTestFinished(() => db.destroy());
    return { db, dataDir: target.dataDir, grid: SMALL_GRID };
  };
  return [{ ...(await open()), databaseUrl: target.databaseUrl! }, await open()];
}

describe('the first-start demo build on two servers sharing PostgreSQL', () => {
  it('is done by one; the other waits, then finds the files and metrics in place', async () => {
    const [a, b] = await twoProcesses();
    const results = await Promise.all([buildDemoArchive(a, 2, '2026-02-10'), buildDemoArchive(b, 2, '2026-02-10')]);
    expect(results.map((result) => result.dates)).toEqual([
      ['2026-02-09', '2026-02-10'],
      ['2026-02-09', '2026-02-10'],
    ]);
    // Exactly one of them computed the three seeded models' metrics.
    expect(results.map((result) => result.recomputed.length).sort()).toEqual([0, 3]);
    const files = await a.db.selectFrom('forecast_files').select(['path', 'bytes']).orderBy('path').execute();
    expect(files).toHaveLength(3 + 2 * 2); // analyses of 2026-02-08..10, forecast + assim_forecast of two days
    for (const file of files) expect(statSync(join(a.dataDir, file.path)).size).toBe(file.bytes);
  });

  it('recomputes metrics once when two processes ask at the same time', async () => {
    const [a, b] = await twoProcesses();
    await buildDemoArchive(a, 2, '2026-02-10');
    // Forget what the metrics were computed from, so each process, alone, would recompute all three models.
    await a.db.deleteFrom('model_metrics_state').execute();
    const results = await Promise.all([recomputeMetrics(a), recomputeMetrics(b)]);
    expect(results.map((result) => result.recomputed.length).sort()).toEqual([0, 3]);
    expect(results.flatMap((result) => result.unchanged).sort()).toEqual(['model_1', 'model_2', 'model_3']);
  });

  it('computes the metrics in a worker thread that opens the same PostgreSQL database', async () => {
    const [a] = await twoProcesses();
    const result = await buildDemoArchive(a, 2, '2026-02-10', { metricsInThread: true, databaseUrl: a.databaseUrl });
    expect(result.recomputed).toEqual(['model_1', 'model_2', 'model_3']);
    const rows = await a.db.selectFrom('model_metrics_state').select('model_id').orderBy('model_id').execute();
    expect(rows.map((row) => row.model_id)).toEqual(['model_1', 'model_2', 'model_3']);
  });
});
