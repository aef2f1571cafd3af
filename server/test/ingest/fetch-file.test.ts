import { readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { downloadFile } from '../../src/ingest/fetch-file.ts';
import { tempDir } from '../helpers.ts';
import { FIXTURE_SHA256, fixtureBytes, startFixtureServer } from './fixture-server.ts';

describe('downloadFile', () => {
  it('streams the file, reporting bytes as they arrive, and hashes it', async () => {
    const server = await startFixtureServer();
    const dataDir = tempDir();
    const reports: Array<[number, number | null]> = [];
    const file = await downloadFile(`${server.origin}/roms/2016/Arctic20_20160201.nc`, dataDir, { onProgress: (loaded, total) => reports.push([loaded, total]) });
    expect(file).toMatchObject({ name: 'Arctic20_20160201.nc', sha256: FIXTURE_SHA256.roms });
    expect(Buffer.from(file.bytes).equals(fixtureBytes('roms'))).toBe(true);
    // About one report per MiB of the 3.3 MiB file, then the end; never backwards.
    expect(reports.length).toBeGreaterThanOrEqual(3);
    expect(reports.at(-1)).toEqual([3_469_340, 3_469_340]);
    for (let k = 1; k < reports.length; k++) expect(reports[k][0]).toBeGreaterThanOrEqual(reports[k - 1][0]);
    expect(readdirSync(join(dataDir, 'ingest-tmp'))).toEqual([]);
  });

  it('fails in Russian when the connection drops or the source is unreachable, leaving no temporary file', async () => {
    const server = await startFixtureServer();
    const dataDir = tempDir();
    await expect(downloadFile(`${server.origin}/dropped/x.nc`, dataDir)).rejects.toThrow(/^Загрузка прервана/);
    expect(readdirSync(join(dataDir, 'ingest-tmp'))).toEqual([]);
    // A port nothing listens on: one just freed.
    const probe = createServer();
    await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((done) => probe.close(() => done()));
    await expect(downloadFile(`http://127.0.0.1:${port}/x.nc`, dataDir)).rejects.toThrow(
      new RegExp(`^Не удалось связаться с источником данных http://127\\.0\\.0\\.1:${port}/x\\.nc: .*ECONNREFUSED`),
    );
  });

  it('stops when the job is aborted', async () => {
    const server = await startFixtureServer();
    const controller = new AbortController();
    controller.abort(new Error('interrupted: the server shut down before the job finished'));
    await expect(downloadFile(`${server.origin}/roms/x.nc`, tempDir(), { signal: controller.signal })).rejects.toThrow('interrupted');
  });
});
