import type { Db } from '../../src/db/database.ts';
import type { ProvenanceRecord } from '../../src/ingest/store.ts';

/** The provenance rows of one archived file of `region` (the sector's unless named) as stored, in input order (by id), `details` parsed. */
export async function findProvenance(db: Db, kind: string, owner: string, date: string, region = 'sector'): Promise<Array<ProvenanceRecord & { region: string }>> {
  const rows = await db.selectFrom('ingest_provenance').selectAll().where((eb) => eb.and({ kind, owner, date, region })).orderBy('id').execute();
  return rows.map(({ id: _id, ...row }) => ({ ...row, details: JSON.parse(row.details) as Record<string, unknown> }));
}
