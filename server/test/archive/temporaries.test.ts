import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compressedCopy, FILES_DIR, removeStaleTemporaries, TEMPORARY_DIR, writeFileAtomic } from '../../src/archive/file-store.ts';
import { runStartupTasks, temporariesStartupTask } from '../../src/startup.ts';
import { makeApp, tempDir } from '../helpers.ts';

describe('temporary files', () => {
  it('are written under DATA_DIR/tmp, never beside the files, and gone once the file is in place', async () => {
    const dataDir = tempDir();
    const file = join(dataDir, FILES_DIR, 'forecast', 'model_1', '2026-01-01.nc');
    writeFileAtomic(file, new Uint8Array(4096).fill(7));
    await compressedCopy(file, 'gzip');
    await compressedCopy(file, 'br');
    expect(readdirSync(join(dataDir, FILES_DIR, 'forecast', 'model_1')).sort()).toEqual([
      '2026-01-01.nc',
      '2026-01-01.nc.br',
      '2026-01-01.nc.br.sum',
      '2026-01-01.nc.gz',
      '2026-01-01.nc.gz.sum',
    ]);
    expect(readdirSync(join(dataDir, TEMPORARY_DIR))).toEqual([]);
  });

  it('left by a killed process are removed at start, old-style ones beside the files too', async () => {
    const { app, dataDir } = await makeApp();
    const folder = join(dataDir, FILES_DIR, 'forecast', 'model_1');
    mkdirSync(folder, { recursive: true });
    mkdirSync(join(dataDir, TEMPORARY_DIR), { recursive: true });
    writeFileSync(join(folder, '2026-01-01.nc'), 'kept');
    writeFileSync(join(folder, '2026-01-01.nc.br.123.abc.tmp'), Buffer.alloc(1000));
    writeFileSync(join(dataDir, TEMPORARY_DIR, '2026-01-01.nc.gz.456.def.tmp'), Buffer.alloc(500));
    await runStartupTasks(app, [temporariesStartupTask]);
    expect(readdirSync(folder)).toEqual(['2026-01-01.nc']);
    expect(readdirSync(join(dataDir, TEMPORARY_DIR))).toEqual([]);
    expect(removeStaleTemporaries(dataDir)).toEqual({ files: 0, bytes: 0 });
    expect(existsSync(join(folder, '2026-01-01.nc'))).toBe(true);
  });
});
