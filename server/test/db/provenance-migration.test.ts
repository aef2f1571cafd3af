/**
 * Migration 19: provenance rows learn the region of their file. Rows written before it are the sector's (real
 * analyses were ingested into the sector only), and a region's rows of the same kind, owner and date stand beside
 * them, each found by its file's whole key.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { migrations } from '../../src/db/migrations.ts';
import { postgresMigrations } from '../../src/db/postgres-migrations.ts';
import { ENGINES, testTarget } from '../engines.ts';
import { findProvenance } from '../ingest/provenance.ts';

const row = (original_name: string) => ({
  kind: 'analysis',
  owner: 'osisaf',
  date: '2026-02-10',
  product: 'osisaf_conc',
  source: `/srv/ice/${original_name}`,
  original_name,
  sha256: 'ab'.repeat(32),
  bytes: 938_044,
});

describe.each(ENGINES)('migration 19 (%s)', (engine) => {
  it('makes every earlier provenance row the sector’s; a region’s rows stand beside them', async () => {
    const target = await testTarget(engine);
    const list = engine === 'sqlite' ? migrations : postgresMigrations;
    const before = await openDatabase(target, { migrations: list.slice(0, 18) });
    await before.insertInto('ingest_provenance').values(row('ice_conc_20260210.nc')).execute();
    await before.destroy();

    const db = await openDatabase(target);
    onTestFinished(() => db.destroy());
    expect(await findProvenance(db, 'analysis', 'osisaf', '2026-02-10')).toEqual([expect.objectContaining({ region: 'sector', original_name: 'ice_conc_20260210.nc' })]);
    expect(await findProvenance(db, 'analysis', 'osisaf', '2026-02-10', 'arctic')).toEqual([]);

    await db.insertInto('ingest_provenance').values({ ...row('ice_conc_20260210.nc'), region: 'arctic' }).execute();
    expect(await findProvenance(db, 'analysis', 'osisaf', '2026-02-10', 'arctic')).toEqual([expect.objectContaining({ region: 'arctic' })]);
    expect(await findProvenance(db, 'analysis', 'osisaf', '2026-02-10')).toHaveLength(1);
  });
});
