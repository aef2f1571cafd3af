import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makeApp, tempDir } from '../helpers.ts';

const INDEX = '<!doctype html><title>app shell</title><div id="root"></div>';
const MAP_PAGE = '<!doctype html><title>app shell</title><link rel="modulepreload" href="/assets/forecast-map-page-x.js"><div id="root"></div>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

/** An app serving a small fake build; a file beside dist/ must never be reachable. */
async function appWithDist(options: { mapPage?: boolean } = {}) {
  const root = tempDir();
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX);
  if (options.mapPage) writeFileSync(join(dist, 'forecasts.html'), MAP_PAGE);
  writeFileSync(join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'index-abc123.js.map'), '{"sources":["../src/main.tsx"]}');
  writeFileSync(join(dist, 'README.md'), '# public/');
  writeFileSync(join(root, 'private.txt'), 'not for the web');
  return makeApp({ env: { DIST_DIR: dist } });
}

describe('serving the app', () => {
  it.each(['/assets/index-abc123.js.map', '/README.md', '/readme.MD'])('answers 404 for %s (not part of the app)', async (url) => {
    const { app } = await appWithDist();
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not Found' });
  });

  it.each(['/', '/forecasts', '/models', '/login?next=%2Fupload', '/generate-forecast'])(
    'answers GET %s with index.html',
    async (url) => {
      const { app } = await appWithDist();
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX);
    },
  );

  it('answers /forecasts with the map page’s shell when the build made one (it preloads the map’s chunks), the rest with index.html', async () => {
    const { app } = await appWithDist({ mapPage: true });
    for (const url of ['/forecasts', '/forecasts?date=2026-11-25&lead=48']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(MAP_PAGE);
    }
    for (const url of ['/', '/login', '/forecasts/other', '/models']) expect((await app.inject({ url })).body).toBe(INDEX);
  });

  it('serves files, with hashed assets cacheable for a year', async () => {
    const { app } = await appWithDist();
    const script = await app.inject({ url: '/assets/index-abc123.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toBe(SCRIPT);
    const logo = await app.inject({ url: '/logo.svg' });
    expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(logo.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('compresses with brotli or gzip when the client accepts it', async () => {
    const { app } = await appWithDist();
    const br = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gzip = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('answers 404 for a missing file rather than the page', async () => {
    const { app } = await appWithDist();
    const response = await app.inject({ url: '/assets/index-gone.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not Found' });
  });

  it.each(['/../private.txt', '/%2e%2e/private.txt', '/assets/..%2f..%2fprivate.txt'])(
    'never serves files outside dist/ (%s)',
    async (url) => {
      const { app } = await appWithDist();
      const response = await app.inject({ url });
      expect(response.body).not.toContain('not for the web');
    },
  );

  it.each([
    ['GET', '/api/v1/nothing-here'],
    ['GET', '/api/v2/health'],
    ['GET', '/api'],
    ['POST', '/api/v1/nothing-here'],
    ['DELETE', '/api/v1/users/me'],
    ['POST', '/forecasts'],
  ])('answers %s %s with 404 {"detail": "Not Found"}', async (method, url) => {
    const { app } = await appWithDist();
    const response = await app.inject({ method: method as 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not Found' });
  });

  it('without a build, keeps the API working and tells how to build the app', async () => {
    const { app } = await makeApp();
    expect((await app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
    const page = await app.inject({ url: '/forecasts' });
    expect(page.statusCode).toBe(404);
    expect(page.json().detail).toMatch(/vite build/);
    expect((await app.inject({ url: '/api/v1/nope' })).json()).toEqual({ detail: 'Not Found' });
  });
});
