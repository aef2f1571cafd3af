/**
 * A cold server (no subset made yet) answers like a warm one: a subset not on disk comes at once in a quick
 * encoding (brotli 4 or gzip 1, never brotli 11 on the request path), its brotli 11 copy follows in the
 * background for the next client; the date a client opens, and the files the demo start or a job writes, are
 * warmed ahead of other files' work.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildDemoArchive } from '../../src/cycle/demo-archive.ts';
import { soonestToLastByte } from '../../src/subsets/fast-encoding.ts';
import { SubsetWarmer } from '../../src/subsets/subset-warmer.ts';
import type { SubsetSelection } from '../../src/subsets/subset.ts';
import { warmWrittenFiles, writtenPaths } from '../../src/subsets/warm-written.ts';
import { Nc3Dataset } from '../../../netcdf/nc3/reader.ts';
import { makeApp, signedIn } from '../helpers.ts';
import { SMALL_GRID } from '../grid/small-grid.ts';

const DATE = '2026-02-10';

async function coldApp(warm: '0' | '1', days = 1) {
  const { app, dataDir } = await makeApp({ env: { SUBSET_WARM: warm } });
  await buildDemoArchive({ db: app.db, dataDir, grid: SMALL_GRID }, days, DATE);
  const { cookie } = await signedIn(app, 'user');
  const get = (query: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/api/v1/forecast/hist?${query}`, headers: { cookie, ...headers } });
  return { app, dataDir, get };
}

describe('a subset not on disk', () => {
  it('comes at once in brotli 4 (its own ETag), and in brotli 11 once the background has made it', async () => {
    const { app, get } = await coldApp('0');
    const query = `date=${DATE}&variables=sithick_GLORYS&lead=48`;
    const quick = await get(query, { 'accept-encoding': 'br' });
    expect(quick.statusCode).toBe(200);
    expect(quick.headers['content-encoding']).toBe('br');
    expect(quick.headers.etag).toMatch(/-br4"$/);
    const identity = await get(query);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(Buffer.from(brotliDecompressSync(quick.rawPayload)).equals(identity.rawPayload)).toBe(true);
    expect(new Nc3Dataset(new Uint8Array(identity.rawPayload)).variable('sithick_GLORYS').shape).toEqual([1, 40, 60]);
    await app.subsetWarmer.settled();
    const best = await get(query, { 'accept-encoding': 'br' });
    expect(best.headers.etag).toMatch(/-br"$/);
    expect(best.headers.etag).not.toBe(quick.headers.etag);
    expect(Buffer.from(brotliDecompressSync(best.rawPayload)).equals(identity.rawPayload)).toBe(true);
  });

  it('comes in gzip 1 to a client without brotli, and whole ranges of identity bytes to a range request', async () => {
    const { app, get } = await coldApp('0');
    const query = `date=${DATE}&variables=sea_ice_fraction_BREMEN&lead=24&stride=2`;
    const gz = await get(query, { 'accept-encoding': 'gzip' });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.etag).toMatch(/-gzip1"$/);
    const bytes = new Uint8Array(gunzipSync(gz.rawPayload));
    expect(new Nc3Dataset(bytes).variable('sea_ice_fraction_BREMEN').shape).toEqual([1, 20, 30]);
    const range = await get(`date=${DATE}&variables=sithick_GLORYS&lead=72`, { 'accept-encoding': 'br', range: 'bytes=0-99' });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload).toHaveLength(100);
    await app.subsetWarmer.settled();
  });

  it('with SUBSET_WARM off, gets its own brotli 11 copy (and a preview its full subset’s) but warms nothing else', async () => {
    const { app, dataDir, get } = await coldApp('0');
    await get(`date=${DATE}&variables=sithick_GLORYS&lead=24&stride=2`, { 'accept-encoding': 'br' });
    await app.subsetWarmer.settled();
    const parts = join(dataDir, 'forecast-data/forecast/model_2/2026-02-10.nc.parts');
    expect(readdirSync(parts).filter((f) => f.endsWith('.nc.br'))).toHaveLength(2);
  });
});

describe('the encoding that reaches the last byte soonest', () => {
  // Measured on this machine (bench/README.md, bench:subset-encoding: mean over the map's selections).
  const measured = [
    { name: 'identity', ms: 0, bytes: 927.0 * 1024 },
    { name: 'gzip 1', ms: 3.5, bytes: 154.4 * 1024 },
    { name: 'br 2', ms: 3.0, bytes: 108.1 * 1024 },
    { name: 'br 4', ms: 5.5, bytes: 105.2 * 1024 },
  ];
  it('weighs compression time against the bytes on the link', () => {
    expect(soonestToLastByte(measured, 256_000).name).toBe('br 4');
    expect(soonestToLastByte(measured, 100_000_000).name).toBe('br 2');
    // On a link faster than compression pays off, identity wins.
    expect(soonestToLastByte(measured, 1e12).name).toBe('identity');
    expect(() => soonestToLastByte([], 1)).toThrow(RangeError);
  });
});

describe('the warmer’s order', () => {
  const selection = (lead: number): SubsetSelection => ({ variables: ['a'], leads: [lead] });

  function recordingWarmer() {
    const made: string[] = [];
    let release: (() => void) | null = null;
    const warmer = new SubsetWarmer(
      async (path, _etag, s) => {
        made.push(`${path}@${s.leads![0]}${s.stride ? '/2' : ''}`);
        await new Promise<void>((resolve) => (release = resolve));
      },
      () => Promise.resolve(),
      () => [selection(24), selection(48), selection(72)],
      () => undefined,
      () => 'v1',
    );
    const step = async () => {
      for (let i = 0; i < 200 && release === null; i++) await new Promise((resolve) => setTimeout(resolve, 5));
      const go = release!;
      release = null;
      go();
    };
    return { warmer, made, step };
  }

  it('puts a file opened (or just written) ahead of other files’ work, and a quick-answered subset first of all', async () => {
    const { warmer, made, step } = recordingWarmer();
    warmer.warm('old', 'e');
    await step(); // old@24 under way, then done
    warmer.warm('opened', 'e', { front: true });
    warmer.warm('opened', 'e', { front: true }); // asked again: nothing more queued
    expect(warmer.pending).toEqual(['opened v=a;l=24', 'opened v=a;l=48', 'opened v=a;l=72', 'old v=a;l=48', 'old v=a;l=72']);
    warmer.warm('old', 'e', { first: selection(72) });
    expect(warmer.pending[0]).toBe('old v=a;l=72');
    expect(warmer.pending.filter((t) => t === 'old v=a;l=72')).toHaveLength(1);
    for (let i = 0; i < 5; i++) await step();
    await warmer.settled();
    expect(made).toEqual(['old@24', 'old@72', 'opened@24', 'opened@48', 'opened@72', 'old@48']);
  });

  it('a file not seen before, asked for one subset, queues that one first and then its others', () => {
    const { warmer } = recordingWarmer();
    warmer.warm('other', 'e');
    warmer.warm('f', 'e', { first: selection(48), front: true });
    expect(warmer.pending.slice(0, 3)).toEqual(['f v=a;l=48', 'f v=a;l=24', 'f v=a;l=72']);
    warmer.warm('g', 'e', { first: selection(24), alone: true });
    expect(warmer.pending[0]).toBe('g v=a;l=24');
    expect(warmer.pending.filter((t) => t.startsWith('g '))).toHaveLength(1);
  });

  it('the first request for a date’s file (its header range) puts that file ahead of the files queued before', async () => {
    const { app, dataDir, get } = await coldApp('1', 2);
    const previous = '2026-02-09';
    await get(`date=${previous}`, { range: 'bytes=0-16383' });
    await new Promise((resolve) => setImmediate(resolve));
    await get(`date=${DATE}`, { range: 'bytes=0-16383' });
    await new Promise((resolve) => setImmediate(resolve));
    const newest = join(dataDir, `forecast-data/forecast/model_2/${DATE}.nc`);
    expect(app.subsetWarmer.pending[0]).toMatch(new RegExp(`^${newest.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `));
    await app.subsetWarmer.settled();
    expect(readdirSync(`${newest}.parts`).filter((f) => f.endsWith('.nc.gz'))).toHaveLength(30);
  });
});

describe('files written by a job or the demo start', () => {
  it('are warmed from the job’s result (paths relative to DATA_DIR), the files of other kinds ignored', async () => {
    expect(writtenPaths({ files: { model_2: ['forecast-data/forecast/model_2/2026-02-10.nc', '../etc/passwd'] } })).toEqual([
      'forecast-data/forecast/model_2/2026-02-10.nc',
    ]);
    expect(writtenPaths({ files: ['forecast-data/analysis/demo_analysis/2026-02-10.nc'], date: DATE })).toHaveLength(1);
    expect(writtenPaths({ date: DATE })).toEqual([]);
    const { app, dataDir } = await coldApp('1');
    await warmWrittenFiles(app.subsetWarmer, app.db, app.config.dataDir, { files: { model_2: ['forecast-data/assim_forecast/model_2/2026-02-10.nc'] } });
    await app.subsetWarmer.settled();
    const parts = join(dataDir, 'forecast-data/assim_forecast/model_2/2026-02-10.nc.parts');
    expect(readdirSync(parts).filter((f) => f.endsWith('.nc.gz'))).toHaveLength(30);
  });

  it('the demo start tells of each file written, so its subsets are made without a request', async () => {
    const { app, dataDir } = await makeApp({ env: { SUBSET_WARM: '1' } });
    const written: string[] = [];
    await buildDemoArchive({ db: app.db, dataDir, grid: SMALL_GRID, written: (path) => written.push(path) }, 1, DATE);
    expect(written.map((p) => p.slice(dataDir.length + 1))).toEqual(
      expect.arrayContaining([`forecast-data/forecast/model_2/${DATE}.nc`, `forecast-data/assim_forecast/model_2/${DATE}.nc`]),
    );
    expect(existsSync(`${join(dataDir, `forecast-data/forecast/model_2/${DATE}.nc`)}.parts`)).toBe(false);
  });
});
