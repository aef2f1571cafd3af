/**
 * The daily cycle's chart inbox (CHART_SOURCE=dir:PATH): every `.zip` or `.imz` in the folder is a chart to import,
 * its service and valid time read from its names (valid-time.ts), as an upload without a form. What became of each
 * file is kept in `chart_inbox` (migration 15), keyed by its name: a file seen again with the same size and
 * modification time is passed over, so a bad file is refused once, with its Russian reason, and not tried again
 * on every run (a corrected file, written anew, is). A chart whose service and valid time are stored already is
 * skipped, not replaced. Files are left in the folder (the ice service's delivery is not ours to delete).
 */
import { readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../db/database.ts';
import { buildChart, inspectChart } from './build-chart.ts';
import { ChartError, chartReasonsRu } from './chart-error.ts';
import { ChartBodies } from './chart-files.ts';
import { chartSummary, findChartAt } from './chart-repository.ts';
import { storeChart } from './store-chart.ts';

/** `CHART_SOURCE`: none, or an inbox folder. */
export type ChartSourceConfig = { kind: 'dir'; path: string } | null;

/** `CHART_SOURCE` → what it names; throws an Error saying what is expected (config.ts reports it at start). */
export function parseChartSource(text: string): ChartSourceConfig {
  const value = text.trim();
  if (value === '' || value === 'off') return null;
  if (value.startsWith('dir:') && value.length > 4) return { kind: 'dir', path: value.slice(4) };
  throw new Error(`expected dir:PATH (a folder the ice service's charts are delivered to) or off, got ${JSON.stringify(text)}`);
}

export type InboxStatus = 'imported' | 'skipped' | 'failed';

/** What became of one file (a row of `chart_inbox`). */
export interface InboxEntry {
  name: string;
  status: InboxStatus;
  /** Russian: what was imported, why it was skipped or refused. */
  message: string;
  chart_id: number | null;
}

export interface InboxResult {
  /** Files taken up by this run (those seen before and unchanged are not listed). */
  files: InboxEntry[];
  /** Chart ids imported now (their forecasts are to be scored). */
  imported: number[];
}

const CHART_FILE = /\.(zip|imz)$/i;

/** A readable reason for a failure that is not a ChartError (an unreadable file, a database refusal). */
const reasonOf = (error: unknown) => (error instanceof ChartError ? error.message : `карта не загружена: ${(error as Error).message}`);

/** Take up the new and changed files of the inbox, oldest name first. `maxBytes`: IMPORT_MAX_BYTES. */
export async function takeChartInbox(db: Db, dataDir: string, folder: string, maxBytes: number, progress?: (message: string) => void): Promise<InboxResult> {
  const result: InboxResult = { files: [], imported: [] };
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => CHART_FILE.test(name)).sort();
  } catch (error) {
    throw new ChartError(`Папка ледовых карт ${folder} не читается: ${(error as Error).message}`);
  }
  const seen = new Map((await db.selectFrom('chart_inbox').selectAll().execute()).map((row) => [row.name, row]));
  for (const name of names) {
    const stat = statSync(join(folder, name));
    if (!stat.isFile()) continue;
    const mtime = Math.round(stat.mtimeMs);
    const before = seen.get(name);
    if (before && Number(before.bytes) === stat.size && Number(before.mtime_ms) === mtime) continue;
    progress?.(`ледовая карта ${name}`);
    let entry: InboxEntry;
    try {
      entry = stat.size > maxBytes ? failed(name, `Файл «${name}» больше IMPORT_MAX_BYTES (${maxBytes} байт)`) : await importOne(db, dataDir, folder, name);
    } catch (error) {
      entry = failed(name, reasonOf(error));
    }
    const row = { name, bytes: stat.size, mtime_ms: mtime, status: entry.status, message: entry.message, chart_id: entry.chart_id, seen_at: new Date().toISOString() };
    await db
      .insertInto('chart_inbox')
      .values(row)
      .onConflict((oc) => oc.column('name').doUpdateSet(row))
      .execute();
    result.files.push(entry);
    if (entry.status === 'imported' && entry.chart_id !== null) result.imported.push(entry.chart_id);
  }
  return result;
}

const failed = (name: string, message: string): InboxEntry => ({ name, status: 'failed', message, chart_id: null });

async function importOne(db: Db, dataDir: string, folder: string, name: string): Promise<InboxEntry> {
  const inspected = await inspectChart(new Uint8Array(await readFile(join(folder, name))), name);
  if (!inspected.named) return failed(name, chartReasonsRu.noValidTimeInInbox(name));
  const { source, validTime } = inspected.named;
  const existing = await findChartAt(db, source, validTime);
  if (existing) return { name, status: 'skipped', message: `Карта ${source} на ${validTime} уже загружена (№ ${existing.id})`, chart_id: existing.id };
  const { row } = await storeChart(db, dataDir, buildChart(inspected), { source, validTime, originalName: name, replace: false, userId: null });
  // As the import job does: the first viewer does not wait for the bodies' brotli 11.
  await new ChartBodies(dataDir).makeAhead(chartSummary(row), row.file, row.sha256);
  return { name, status: 'imported', message: `Ледовая карта ${source} на ${validTime} загружена: полигонов ${row.polygons}`, chart_id: row.id };
}

/** The inbox's files as the cycle's status lists them, newest first (at most `limit`). */
export async function inboxEntries(db: Db, limit = 20): Promise<(InboxEntry & { seen_at: string })[]> {
  const rows = await db.selectFrom('chart_inbox').select(['name', 'status', 'message', 'chart_id', 'seen_at']).orderBy('seen_at', 'desc').orderBy('name').limit(limit).execute();
  return rows.map((row) => ({ ...row, status: row.status as InboxStatus }));
}
