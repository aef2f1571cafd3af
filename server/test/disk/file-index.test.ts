/**
 * The file index keeps each file's size, SHA-256 and modification time (migration 12), on both engines; a file
 * found damaged is marked and writing it again clears the mark; a file checked whole under a new modification time
 * keeps that time (hashed once).
 */
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFile, sha256Of } from '../../src/archive/file-integrity.ts';
import { findFile, recordFile, setFileDamage } from '../../src/archive/forecast-repository.ts';
import { ENGINES, freshDb } from '../engines.ts';
import { tempDir } from '../helpers.ts';

describe.each(ENGINES)('the file index on %s', (engine) => {
  it('keeps size, checksum and write time; marks damage and clears it when the file is written again', async () => {
    const db = await freshDb(engine);
    const dir = tempDir();
    const full = join(dir, 'forecast-data/forecast/model_2/2026-11-20.nc');
    mkdirSync(join(dir, 'forecast-data/forecast/model_2'), { recursive: true });
    const bytes = new Uint8Array(4096).map((_, i) => i % 251);
    writeFileSync(full, bytes);
    const mtime = Date.parse('2026-11-20T06:31:12.345Z');
    utimesSync(full, mtime / 1000, mtime / 1000);
    const key = { kind: 'forecast' as const, owner: 'model_2', date: '2026-11-20' };
    const written = { ...key, path: 'forecast-data/forecast/model_2/2026-11-20.nc', bytes: 4096, etag: '"e1"', sha256: sha256Of(bytes), mtime_ms: mtime };
    await recordFile(db, written);
    const row = (await findFile(db, 'forecast', 'model_2', '2026-11-20'))!;
    expect(row).toMatchObject({ bytes: 4096, sha256: sha256Of(bytes), mtime_ms: mtime, damaged_at: null, damage: null });
    expect(await checkFile(db, full, row)).toBeNull();

    // Touched: the same bytes, a new time, recorded once checked.
    const later = mtime + 60_000;
    utimesSync(full, later / 1000, later / 1000);
    expect(await checkFile(db, full, row)).toBeNull();
    expect((await findFile(db, 'forecast', 'model_2', '2026-11-20'))!.mtime_ms).toBe(later);

    await setFileDamage(db, key, 'размер 10 байт вместо 4096');
    const marked = (await findFile(db, 'forecast', 'model_2', '2026-11-20'))!;
    expect(marked.damage).toBe('размер 10 байт вместо 4096');
    expect(marked.damaged_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    await recordFile(db, { ...written, etag: '"e2"' });
    expect(await findFile(db, 'forecast', 'model_2', '2026-11-20')).toMatchObject({ etag: '"e2"', damaged_at: null, damage: null });
  });
});
