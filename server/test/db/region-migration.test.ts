/**
 * Migration 17: the file index learns each file's region. Rows indexed before it are the sector's (their files are
 * the spec's grid), keep their insertion order, and a file of region `arctic` may share a sector file's kind, owner
 * and date.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { migrations } from '../../src/db/migrations.ts';
import { postgresMigrations } from '../../src/db/postgres-migrations.ts';
import { findFile, latestAnalysisFile, recordFile } from '../../src/archive/forecast-repository.ts';
import { ENGINES, testTarget } from '../engines.ts';

const file = (owner: string, path: string) => ({ kind: 'analysis' as const, owner, date: '2026-02-10', path, bytes: 10, etag: `"${owner}"` });

describe.each(ENGINES)('migration 17 (%s)', (engine) => {
  it('makes every earlier row a sector file and lets a region file share its key', async () => {
    const target = await testTarget(engine);
    const list = engine === 'sqlite' ? migrations : postgresMigrations;
    const before = await openDatabase(target, { migrations: list.slice(0, 16) });
    // Two analyses of one date; the later one (the imported) is "the newest" by insertion when times tie.
    await before.insertInto('forecast_files').values({ ...file('demo_analysis', 'forecast-data/analysis/demo_analysis/2026-02-10.nc'), created_at: '2026-02-10T00:00:00.000Z' }).execute();
    await before.insertInto('forecast_files').values({ ...file('nsidc', 'forecast-data/analysis/nsidc/2026-02-10.nc'), created_at: '2026-02-10T00:00:00.000Z' }).execute();
    await before.destroy();

    const db = await openDatabase(target);
    onTestFinished(() => db.destroy());
    expect(await findFile(db, 'analysis', 'demo_analysis', '2026-02-10')).toMatchObject({ region: 'sector', path: 'forecast-data/analysis/demo_analysis/2026-02-10.nc' });
    expect((await latestAnalysisFile(db, '2026-02-10'))?.owner).toBe('nsidc');
    expect(await findFile(db, 'analysis', 'demo_analysis', '2026-02-10', 'arctic')).toBeUndefined();

    await recordFile(db, { ...file('demo_analysis', 'forecast-data/analysis/demo_analysis/2026-02-10.arctic.nc'), region: 'arctic' });
    expect(await findFile(db, 'analysis', 'demo_analysis', '2026-02-10', 'arctic')).toMatchObject({ region: 'arctic', path: 'forecast-data/analysis/demo_analysis/2026-02-10.arctic.nc' });
    expect(await findFile(db, 'analysis', 'demo_analysis', '2026-02-10')).toMatchObject({ region: 'sector', path: 'forecast-data/analysis/demo_analysis/2026-02-10.nc' });
    expect((await latestAnalysisFile(db, '2026-02-10', 'arctic'))?.path).toBe('forecast-data/analysis/demo_analysis/2026-02-10.arctic.nc');
    expect((await latestAnalysisFile(db, '2026-02-10'))?.owner).toBe('nsidc');
  });
});
