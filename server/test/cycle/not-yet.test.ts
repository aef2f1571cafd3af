/** Which failures the daily cycle waits out (a product published late) and which fail the date at once. */
import { describe, expect, it } from 'vitest';
import { isNotYetAvailable } from '../../src/cycle/run-cycle.ts';
import { DataNotYetError, IngestError } from '../../src/ingest/errors.ts';
import { TimeStepError } from '../../src/ingest/time-axis.ts';
import { downloadFile, readLocalFile } from '../../src/ingest/fetch-file.ts';
import { tempDir } from '../helpers.ts';
import { startFixtureServer } from '../ingest/fixture-server.ts';

describe('isNotYetAvailable', () => {
  it('HTTP 404, a missing file, a file whose steps end before the date: wait; anything else: fail', async () => {
    const server = await startFixtureServer();
    const dir = tempDir();
    const missing = await downloadFile(`${server.origin}/missing/2026-11-25.nc`, dir).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(DataNotYetError);
    expect((missing as Error).message).toBe(`Файл за эту дату не найден у источника (HTTP 404): ${server.origin}/missing/2026-11-25.nc`);
    expect(isNotYetAvailable(missing)).toBe(true);
    expect(isNotYetAvailable(await readLocalFile(`${dir}/none_20261125.nc`).catch((error: unknown) => error))).toBe(true);

    expect(isNotYetAvailable(new TimeStepError('в файле нет шага по времени за 2026-11-25 (есть 2026-11-01 … 2026-11-24)'))).toBe(true);
    expect(isNotYetAvailable(new TimeStepError('в файле нет шага по времени за 2016-01-25 (есть 2016-02-01 … 2016-02-05)'))).toBe(false);
    expect(isNotYetAvailable(new IngestError('Файл «x.nc» не является файлом NetCDF: not a NetCDF file'))).toBe(false);
    expect(isNotYetAvailable(new Error('ECONNREFUSED'))).toBe(false);
  });
});
