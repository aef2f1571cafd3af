/**
 * Each subset is kept once, as the two copies the server sends (brotli 11, gzip 9), with no identity copy beside
 * them: a client taking br gets the `.br`, one taking only gzip the `.gz`, one taking neither (or asking for a
 * range) the `.gz` inflated; each representation with its own ETag, 304 and ranges as for any file. A copy
 * damaged on disk is never sent: the subset is cut again and its copies made anew.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildDemoArchive } from '../../src/cycle/demo-archive.ts';
import { Nc3Dataset } from '../../../netcdf/nc3/reader.ts';
import { makeApp, signedIn } from '../helpers.ts';
import { SMALL_GRID } from '../grid/small-grid.ts';

const DATE = '2026-02-10';
const PARTS = `forecast-data/forecast/model_2/${DATE}.nc.parts`;
const QUERY = `date=${DATE}&variables=sithick_GLORYS&lead=48`;

async function appWithArchive() {
  const { app, dataDir, logs } = await makeApp({ env: { SUBSET_WARM: '0' } });
  await buildDemoArchive({ db: app.db, dataDir, grid: SMALL_GRID }, 1, DATE);
  const { cookie } = await signedIn(app, 'user');
  const get = (query: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/api/v1/forecast/hist?${query}`, headers: { cookie, ...headers } });
  const parts = () => (existsSync(join(dataDir, PARTS)) ? readdirSync(join(dataDir, PARTS)).sort() : []);
  return { app, dataDir, logs, get, parts };
}

describe('a subset on disk', () => {
  it('is kept once, as its .br and .gz (with their checksum records), never as identity bytes', async () => {
    const { app, get, parts } = await appWithArchive();
    const cold = await get(QUERY);
    expect(cold.statusCode).toBe(200);
    // Cut and answered, nothing of it on disk until the background has compressed it.
    expect(parts()).toEqual([]);
    await app.subsetWarmer.settled();
    const files = parts();
    expect(files).toHaveLength(4);
    expect(files.map((f) => f.replace(/^[0-9a-f]+/, ''))).toEqual(['.nc.br', '.nc.br.sum', '.nc.gz', '.nc.gz.sum']);
    // The identity answer before and after is the same file, under the same ETag.
    const warm = await get(QUERY);
    expect(warm.headers.etag).toBe(cold.headers.etag);
    expect(warm.rawPayload.equals(cold.rawPayload)).toBe(true);
  });

  it('is sent as brotli, gzip or identity as accepted, each the same NetCDF file under its own ETag, with 304s', async () => {
    const { app, get } = await appWithArchive();
    await get(QUERY);
    await app.subsetWarmer.settled();
    const br = await get(QUERY, { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await get(QUERY, { 'accept-encoding': 'gzip' });
    const identity = await get(QUERY, { 'accept-encoding': 'identity' });
    const none = await get(QUERY);
    expect([br.headers['content-encoding'], gz.headers['content-encoding'], identity.headers['content-encoding']]).toEqual(['br', 'gzip', undefined]);
    expect(br.headers.etag).toMatch(/-br"$/);
    expect(gz.headers.etag).toMatch(/-gzip"$/);
    expect(new Set([br.headers.etag, gz.headers.etag, identity.headers.etag]).size).toBe(3);
    expect(none.headers.etag).toBe(identity.headers.etag);
    expect(Number(identity.headers['content-length'])).toBe(identity.rawPayload.length);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(Buffer.from(brotliDecompressSync(br.rawPayload)).equals(identity.rawPayload)).toBe(true);
    expect(Buffer.from(gunzipSync(gz.rawPayload)).equals(identity.rawPayload)).toBe(true);
    expect(new Nc3Dataset(new Uint8Array(identity.rawPayload)).variable('sithick_GLORYS').shape).toEqual([1, 40, 60]);
    for (const [reply, encoding] of [[br, 'br'], [gz, 'gzip'], [identity, 'identity']] as const) {
      expect(reply.headers['cache-control']).toMatch(/immutable/);
      expect(reply.headers.vary).toBe('Accept-Encoding');
      const again = await get(QUERY, { 'accept-encoding': encoding, 'if-none-match': reply.headers.etag as string });
      expect(again.statusCode, encoding).toBe(304);
      const since = await get(QUERY, { 'accept-encoding': encoding, 'if-modified-since': reply.headers['last-modified'] as string });
      expect(since.statusCode, encoding).toBe(304);
    }
    // Another representation's ETag is not this one's.
    expect((await get(QUERY, { 'accept-encoding': 'br', 'if-none-match': gz.headers.etag as string })).statusCode).toBe(200);
  });

  it('answers ranges of its identity bytes (206, If-Range, 416), whatever encodings the client takes', async () => {
    const { app, get } = await appWithArchive();
    const whole = (await get(QUERY)).rawPayload;
    for (const warmed of [false, true]) {
      if (warmed) await app.subsetWarmer.settled();
      const tag = (await get(QUERY)).headers.etag as string;
      const range = await get(QUERY, { 'accept-encoding': 'br, gzip', range: 'bytes=100-1099', 'if-range': tag });
      expect(range.statusCode, `warmed ${warmed}`).toBe(206);
      expect(range.headers['content-encoding']).toBeUndefined();
      expect(range.headers['content-range']).toBe(`bytes 100-1099/${whole.length}`);
      expect(range.rawPayload.equals(whole.subarray(100, 1100))).toBe(true);
      const suffix = await get(QUERY, { range: 'bytes=-16' });
      expect(suffix.rawPayload.equals(whole.subarray(whole.length - 16))).toBe(true);
      // The client's copy is another one: the whole file, not a piece of this one.
      const stale = await get(QUERY, { range: 'bytes=0-9', 'if-range': '"other"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.equals(whole)).toBe(true);
      const beyond = await get(QUERY, { range: `bytes=${whole.length}-` });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${whole.length}`);
    }
  });

  it('with a copy truncated or rewritten on disk, answers the right bytes and makes both copies again', async () => {
    const { app, dataDir, logs, get, parts } = await appWithArchive();
    const identity = (await get(QUERY)).rawPayload;
    await app.subsetWarmer.settled();
    const br = join(dataDir, PARTS, parts().find((f) => f.endsWith('.nc.br'))!);
    writeFileSync(br, readFileSync(br).subarray(0, 100));
    const cut = await get(QUERY, { 'accept-encoding': 'br' });
    expect(cut.statusCode).toBe(200);
    expect(cut.headers.etag).toMatch(/-br4"$/);
    expect(Buffer.from(brotliDecompressSync(cut.rawPayload)).equals(identity)).toBe(true);
    expect(logs()).toMatch(/subset copy damaged on disk: made again/);
    await app.subsetWarmer.settled();
    expect(statSync(br).size).toBeGreaterThan(100);
    const remade = await get(QUERY, { 'accept-encoding': 'br' });
    expect(remade.headers.etag).toMatch(/-br"$/);
    expect(Buffer.from(brotliDecompressSync(remade.rawPayload)).equals(identity)).toBe(true);
    // The same for the .gz that identity answers are inflated from.
    const gz = join(dataDir, PARTS, parts().find((f) => f.endsWith('.nc.gz'))!);
    writeFileSync(gz, Buffer.alloc(statSync(gz).size, 7));
    const plain = await get(QUERY);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.equals(identity)).toBe(true);
    await app.subsetWarmer.settled();
    expect(Buffer.from(gunzipSync(readFileSync(gz))).equals(identity)).toBe(true);
  });
});
