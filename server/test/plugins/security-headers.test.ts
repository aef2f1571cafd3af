import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { originOf, tileOrigins } from '../../src/plugins/security-headers.ts';
import { makeApp, signedIn, tempDir } from '../helpers.ts';

const directives = (header: string) =>
  Object.fromEntries(
    header.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );

describe('security headers', () => {
  it('come with API replies, errors included', async () => {
    const { app } = await makeApp();
    for (const url of ['/api/v1/health', '/api/v1/users/me', '/api/v1/nothing-here']) {
      const response = await app.inject({ url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('same-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      const csp = directives(String(response.headers['content-security-policy']));
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['img-src']).toContain('https://gibs.earthdata.nasa.gov');
    }
  });

  it('make personal answers uncacheable', async () => {
    const { app } = await makeApp();
    const { cookie } = await signedIn(app);
    for (const url of ['/api/v1/users/me', '/api/v1/jobs']) {
      const response = await app.inject({ url, headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it("allow the tile host of the built page's meta tag, VITE_TILE_URL and TILE_ORIGINS", async () => {
    const dist = tempDir();
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<html><head><meta name="ice-tile-url" content="https://tiles.ship.local:8443/{z}/{y}/{x}.png"></head></html>',
    );
    const origins = tileOrigins(dist, { VITE_TILE_URL: 'http://10.0.0.5/t/{z}/{x}/{y}.jpg', TILE_ORIGINS: 'https://a.example, https://b.example' });
    expect(origins).toEqual([
      'https://gibs.earthdata.nasa.gov',
      'https://tiles.ship.local:8443',
      'http://10.0.0.5',
      'https://a.example',
      'https://b.example',
    ]);
    const { app } = await makeApp({ env: { DIST_DIR: dist } });
    const csp = directives(String((await app.inject({ url: '/' })).headers['content-security-policy']));
    expect(csp['connect-src']).toContain('https://tiles.ship.local:8443');
    expect(originOf('offline')).toBeNull();
    expect(originOf('javascript:alert(1)')).toBeNull();
  });
});
