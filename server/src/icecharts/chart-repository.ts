/** The only SQL for the `ice_charts` table (migration 12), async over Kysely (SQLite or PostgreSQL). */
import type { IceChartSummary } from '../../../common/api-types/icecharts.ts';
import type { Db } from '../db/database.ts';

export interface ChartRow {
  id: number;
  source: string;
  valid_time: string;
  polygons: number;
  bbox: [number, number, number, number];
  file: string;
  sha256: string;
  original_name: string;
  projection: string;
  user_id: number | null;
  imported_at: string;
}

export type NewChart = Omit<ChartRow, 'id' | 'imported_at'>;

type StoredRow = Omit<ChartRow, 'bbox'> & { bbox: string };
const toRow = (row: StoredRow): ChartRow => ({ ...row, bbox: JSON.parse(row.bbox) as ChartRow['bbox'] });

export function chartSummary(row: ChartRow): IceChartSummary {
  return { id: row.id, source: row.source, valid_time: row.valid_time, polygons: row.polygons, bbox: row.bbox, imported_at: row.imported_at };
}

export async function findChart(db: Db, id: number): Promise<ChartRow | undefined> {
  const row = await db.selectFrom('ice_charts').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export async function findChartAt(db: Db, source: string, validTime: string): Promise<ChartRow | undefined> {
  const row = await db.selectFrom('ice_charts').selectAll().where('source', '=', source).where('valid_time', '=', validTime).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** Charts valid within [from, to] (ISO texts compared as text: both are UTC `…Z`), newest first. */
export async function listCharts(db: Db, from?: string, to?: string): Promise<ChartRow[]> {
  let query = db.selectFrom('ice_charts').selectAll();
  if (from) query = query.where('valid_time', '>=', from);
  if (to) query = query.where('valid_time', '<=', to);
  const rows = await query.orderBy('valid_time', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toRow);
}

/**
 * Insert the chart, or with `replace` put it in the place of the chart of the same source and valid time (same id,
 * so links to it stay valid). Returns the row and the file it replaced (to remove), or null when the chart exists
 * and `replace` is false.
 */
export async function saveChart(db: Db, chart: NewChart, replace: boolean): Promise<{ row: ChartRow; replacedFile: string | null } | null> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('ice_charts').selectAll().where('source', '=', chart.source).where('valid_time', '=', chart.valid_time).executeTakeFirst();
    const values = { ...chart, bbox: JSON.stringify(chart.bbox) };
    if (existing) {
      if (!replace) return null;
      const importedAt = new Date().toISOString();
      await trx.updateTable('ice_charts').set({ ...values, imported_at: importedAt }).where('id', '=', existing.id).execute();
      return { row: { ...chart, id: existing.id, imported_at: importedAt }, replacedFile: existing.file === chart.file ? null : existing.file };
    }
    const inserted = await trx.insertInto('ice_charts').values(values).returningAll().executeTakeFirstOrThrow();
    return { row: toRow(inserted), replacedFile: null };
  });
}
