import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildDemoArchive } from '../../src/cycle/demo-archive.ts';
import { selectionsOf, SubsetWarmer } from '../../src/subsets/subset-warmer.ts';
import type { SubsetSelection } from '../../src/subsets/subset.ts';
import { Nc3Dataset } from '../../../netcdf/nc3/reader.ts';
import { ncdump, tempNc } from '../../../netcdf/test/ncdump.ts';
import { makeApp, signedIn } from '../helpers.ts';
import { SMALL_GRID } from '../grid/small-grid.ts';

const DRIFT = 'usi_vsi_GLORYS_speed,usi_vsi_GLORYS_direct';
const FIELDS = ['sithick_GLORYS', 'sea_ice_fraction_BREMEN', 'usi_vsi_GLORYS_speed', 'usi_vsi_GLORYS_direct'];

async function appWithArchive() {
  const { app, dataDir } = await makeApp({ env: { SUBSET_WARM: '1' } });
  await buildDemoArchive({ db: app.db, dataDir, grid: SMALL_GRID }, 1, '2026-02-10');
  const { cookie } = await signedIn(app, 'user');
  const parts = join(dataDir, 'forecast-data/forecast/model_2/2026-02-10.nc.parts');
  const made = () => (existsSync(parts) ? readdirSync(parts).filter((f) => f.endsWith('.nc.gz')).length : 0);
  const get = (query: string) => app.inject({ method: 'GET', url: `/api/v1/forecast/hist?date=2026-02-10&${query}`, headers: { cookie, 'accept-encoding': 'br' } });
  return { app, dataDir, parts, made, get };
}

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

describe('warming a file’s subsets', () => {
  it('lists what the map’s worker asks for: each field alone and the drift pair, at each lead, then their previews', async () => {
    const { dataDir } = await appWithArchive();
    const selections = selectionsOf(readFileSync(join(dataDir, 'forecast-data/forecast/model_2/2026-02-10.nc')));
    const keys = selections.map((s) => `${s.variables!.join(',')}@${s.leads!.join(',')}${s.stride ? `/${s.stride}` : ''}`);
    const expected = [24, 48, 72].flatMap((lead) => [...FIELDS, DRIFT].map((v) => `${v}@${lead}`));
    // The full subsets first, then their stride-2 previews (a slow link's switch asks for those first).
    expect(keys.slice(0, 15).sort()).toEqual(expected.sort());
    expect(keys.slice(15).sort()).toEqual(expected.map((key) => `${key}/2`).sort());
  });

  it('after the first subset of a file is asked for, makes the others on disk without being asked, each as the route answers it', async () => {
    const { app, parts, made, get } = await appWithArchive();
    const first = await get('variables=sithick_GLORYS&lead=24');
    expect(first.statusCode).toBe(200);
    expect(await until(() => made() === 30, 60_000)).toBe(true);
    await app.subsetWarmer.settled();
    // Every warmed subset opens in ncdump, and asking for it now makes nothing new.
    for (const file of readdirSync(parts).filter((f) => f.endsWith('.nc.gz'))) {
      expect(ncdump(['-h', tempNc(gunzipSync(readFileSync(join(parts, file))), file.replace(/\.gz$/, ''))])).toMatch(/time = 1 ;/);
    }
    const drift = await get(`variables=${encodeURIComponent(DRIFT)}&lead=72`);
    expect(drift.statusCode).toBe(200);
    expect(drift.headers['content-encoding']).toBe('br');
    const concentration = await get('variables=sea_ice_fraction_BREMEN&lead=48');
    expect(concentration.statusCode).toBe(200);
    expect(readdirSync(parts).filter((f) => f.endsWith('.nc.gz'))).toHaveLength(30);
  });

  it('answers a subset not yet warmed without waiting for the rest of the background queue', async () => {
    const { app, made, get } = await appWithArchive();
    await get('variables=sithick_GLORYS&lead=24');
    // The drift at the last lead is the last of the queue (leads first, the pair after the fields).
    const last = await get(`variables=${encodeURIComponent(DRIFT)}&lead=72`);
    expect(last.statusCode).toBe(200);
    const dataset = new Nc3Dataset(new Uint8Array(brotliDecompressSync(last.rawPayload)));
    expect(dataset.variables.map((v) => v.name)).toEqual(expect.arrayContaining(['usi_vsi_GLORYS_speed', 'usi_vsi_GLORYS_direct']));
    expect(made()).toBeLessThan(30);
    await app.subsetWarmer.settled();
    expect(made()).toBe(30);
  });
});

describe('SubsetWarmer', () => {
  const selection = (lead: number): SubsetSelection => ({ variables: ['a'], leads: [lead] });

  it('makes one subset at a time, in order, once per file, and starts none while a request is waiting for one', async () => {
    const log: string[] = [];
    let releaseMake: (() => void) | null = null;
    let foregroundBusy: Promise<void> | null = null;
    const warmer = new SubsetWarmer(
      async (path, _etag, s) => {
        log.push(`start ${path} ${s.leads![0]}`);
        await new Promise<void>((resolve) => (releaseMake = resolve));
        log.push(`end ${path} ${s.leads![0]}`);
      },
      () => foregroundBusy ?? Promise.resolve(),
      () => [selection(24), selection(48)],
      () => undefined,
      () => 'v1',
    );
    warmer.warm('f1', 'e');
    warmer.warm('f1', 'e'); // the same file again: nothing more queued
    warmer.warm('f2', 'e');
    await until(() => releaseMake !== null, 1000);
    expect(log).toEqual(['start f1 24']);
    // A request now waits for a subset of its own: the warmer finishes the one under way and starts no other.
    let endForeground!: () => void;
    foregroundBusy = new Promise<void>((resolve) => (endForeground = resolve));
    releaseMake!();
    releaseMake = null;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(log).toEqual(['start f1 24', 'end f1 24']);
    foregroundBusy = null;
    endForeground();
    for (let i = 0; i < 3; i++) {
      await until(() => releaseMake !== null, 1000);
      releaseMake!();
      releaseMake = null;
    }
    await warmer.settled();
    expect(log).toEqual(['start f1 24', 'end f1 24', 'start f1 48', 'end f1 48', 'start f2 24', 'end f2 24', 'start f2 48', 'end f2 48']);
  });

  it('stops warming a file replaced since it was queued, so no subset of the new bytes carries the old ETag', async () => {
    const made: number[] = [];
    let version = 'v1';
    let release: (() => void) | null = null;
    const warmer = new SubsetWarmer(
      async (_path, _etag, s) => {
        made.push(s.leads![0]);
        await new Promise<void>((resolve) => (release = resolve));
      },
      () => Promise.resolve(),
      () => [selection(24), selection(48), selection(72)],
      () => undefined,
      () => version,
    );
    warmer.warm('f', 'old');
    await until(() => release !== null, 1000);
    version = 'v2'; // the job wrote a new file while the first subset was being made
    release!();
    await warmer.settled();
    expect(made).toEqual([24]);
  });

  it('goes on with the next file when one cannot be read or subset', async () => {
    const made: string[] = [];
    const errors: unknown[] = [];
    const warmer = new SubsetWarmer(
      async (path) => {
        if (path === 'broken') throw new Error('not a NetCDF file');
        made.push(path);
      },
      () => Promise.resolve(),
      (path) => {
        if (path === 'gone') throw new Error('ENOENT');
        return [selection(24)];
      },
      (error) => errors.push(error),
      () => 'v1',
    );
    warmer.warm('gone', 'e');
    warmer.warm('broken', 'e');
    warmer.warm('fine', 'e');
    await warmer.settled();
    expect(made).toEqual(['fine']);
    expect(errors).toHaveLength(2);
  });
});
