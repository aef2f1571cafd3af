/**
 * Retention (RETAIN_DAYS > 0): files of dates older than that many days before today are deleted with their
 * index rows, date by date: the rows go first in one transaction (from then on nothing lists the date), then the
 * files are unlinked (a download already reading one keeps its open file and completes), with their compressed
 * copies and subsets (`D.nc.parts/`, previews included). A file left on disk by a process that died between the
 * two is found unlisted by the next run's sweep and removed. Provenance rows and the models' metrics stay.
 * Also: finished jobs older than the window, regridding mappings unused that long, temporaries older than an
 * hour. Retired dates are marked in `cycle_dates`, so neither the demo build nor the cycle makes them again.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { nowText, type Db } from '../db/database.ts';
import { LOCK_KEYS, withLock } from '../db/locks.ts';
import { type ArchiveContext } from '../archive/pipeline.ts';
import { FILES_DIR, isIsoDate, removeStaleTemporaries, resolveInside } from '../archive/file-store.ts';
import { COPY_SUFFIXES } from '../archive/copy-checksum.ts';
import { partsDir } from '../subsets/subset-store.ts';
import { INGEST_TMP_DIR } from '../ingest/fetch-file.ts';
import { MAPPING_DIR } from '../ingest/mapping-store.ts';
import { pruneCycleRecords, recordRetention } from './cycle-repository.ts';
import { diskUsage } from './disk-usage.ts';
import { addDays } from '../../../common/utc-day.ts';

export interface RetentionOptions {
  retainDays: number;
  /** 'YYYY-MM-DD': dates before today − retainDays are retired. */
  today: string;
  now?: Date;
}

export interface RetentionResult {
  /** Dates whose files were removed. */
  dates: string[];
  /** Files removed (data files with their copies and subsets, unlisted leftovers, caches, temporaries). */
  files: number;
  bytes: number;
  /** Finished jobs deleted. */
  jobs: number;
  /** DATA_DIR's size after the run. */
  disk_bytes: number;
}

/** A temporary untouched this long belongs to a write that died (a live one changes every second). */
const TEMPORARY_MAX_AGE_MS = 3600_000;

interface Tally {
  files: number;
  bytes: number;
}

/** Remove a file or folder and count what it held. */
function remove(path: string, tally: Tally): void {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isDirectory()) {
    for (const name of readdirSync(path)) remove(join(path, name), tally);
    rmSync(path, { recursive: true, force: true });
    return;
  }
  tally.files++;
  tally.bytes += stat.size;
  // unlink, never truncate: a reader holding the file open still reads all of it.
  rmSync(path, { force: true });
}

/** A data file and everything made from it. */
function removeWithCopies(path: string, tally: Tally): void {
  for (const variant of [path, ...COPY_SUFFIXES.map((suffix) => path + suffix), partsDir(path)]) remove(variant, tally);
}

/** The first date still kept. */
const firstKeptDate = (today: string, retainDays: number): string => addDays(today, -retainDays);

export async function retire(ctx: ArchiveContext, options: RetentionOptions): Promise<RetentionResult> {
  const now = options.now ?? new Date();
  const cutoff = firstKeptDate(options.today, options.retainDays);
  const tally: Tally = { files: 0, bytes: 0 };
  // Under the metrics lock: a recomputation elsewhere reads these files.
  const dates = await withLock(ctx.db, LOCK_KEYS.metrics, async () => {
    const rows = await ctx.db.selectFrom('forecast_files').select(['date', 'path']).where('date', '<', cutoff).orderBy('date').execute();
    const byDate = new Map<string, string[]>();
    for (const row of rows) byDate.set(row.date, [...(byDate.get(row.date) ?? []), row.path]);
    for (const [date, paths] of byDate) {
      await ctx.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('forecast_files').where('date', '=', date).execute();
        await trx
          .insertInto('cycle_dates')
          .values({ date, status: 'retired', message: 'файлы удалены по сроку хранения', updated_at: nowText() })
          .onConflict((oc) => oc.column('date').doUpdateSet({ status: 'retired', message: 'файлы удалены по сроку хранения', next_attempt_at: null, updated_at: nowText() }))
          .execute();
      });
      for (const rel of paths) removeWithCopies(resolveInside(ctx.dataDir, rel), tally);
    }
    await sweepUnlisted(ctx.db, ctx.dataDir, cutoff, tally);
    return [...byDate.keys()];
  });
  const cutoffTime = new Date(now.getTime() - options.retainDays * 86_400_000).toISOString();
  const jobs = await ctx.db
    .deleteFrom('jobs')
    .where('status', 'in', ['succeeded', 'failed'])
    .where('finished_at', '<', cutoffTime)
    .executeTakeFirst();
  removeOlderThan(join(ctx.dataDir, MAPPING_DIR), now.getTime() - options.retainDays * 86_400_000, tally);
  removeOlderThan(join(ctx.dataDir, INGEST_TMP_DIR), now.getTime() - TEMPORARY_MAX_AGE_MS, tally);
  const temporaries = removeStaleTemporaries(ctx.dataDir, TEMPORARY_MAX_AGE_MS);
  tally.files += temporaries.files;
  tally.bytes += temporaries.bytes;
  await pruneCycleRecords(ctx.db, cutoffTime);
  const result = { dates, files: tally.files, bytes: tally.bytes, jobs: Number(jobs.numDeletedRows), disk_bytes: diskUsage(ctx.dataDir) };
  await recordRetention(ctx.db, { dates, files: result.files, bytes: result.bytes, disk_bytes: result.disk_bytes });
  ctx.log?.info(result, 'retention: old files removed');
  return result;
}

/** Files of `forecast-data/<kind>/<owner>/<date>.nc…` before the cutoff that no index row lists. */
async function sweepUnlisted(db: Db, dataDir: string, cutoff: string, tally: Tally): Promise<void> {
  const root = join(dataDir, FILES_DIR);
  if (!existsSync(root)) return;
  const listed = new Set((await db.selectFrom('forecast_files').select('path').where('date', '<', cutoff).execute()).map((row) => row.path));
  for (const kind of readdirSync(root)) {
    const kindDir = join(root, kind);
    if (!statSync(kindDir).isDirectory()) continue;
    for (const owner of readdirSync(kindDir)) {
      const ownerDir = join(kindDir, owner);
      if (!statSync(ownerDir).isDirectory()) continue;
      for (const name of readdirSync(ownerDir)) {
        const date = name.slice(0, 10);
        if (!isIsoDate(date) || date >= cutoff) continue;
        if (listed.has(`${FILES_DIR}/${kind}/${owner}/${date}.nc`)) continue;
        remove(join(ownerDir, name), tally);
      }
    }
  }
}

/** Files in `dir` (not below) last modified before `beforeMs`. */
function removeOlderThan(dir: string, beforeMs: number, tally: Tally): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isFile() && stat.mtimeMs < beforeMs) remove(path, tally);
  }
}
