import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync, gzipSync } from 'node:zlib';

/** Files worth compressing (text); images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this many bytes a compressed copy saves less than a packet (bytes). */
const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * For slow links: every built file also as `.br` (brotli quality 11, the highest: written once, read by
 * every ship) and `.gz` (gzip 9), which the server sends as they are (@fastify/static `preCompressed`) instead
 * of compressing each answer at brotli 4. Runs last (after the service worker is built), checks that each copy
 * decodes to its file byte for byte (the build fails otherwise), and prints the brotli sizes.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'ice:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const files = (readdirSync(outDir, { recursive: true }) as string[]).filter(
          (name) => COMPRESSIBLE.test(name) && statSync(join(outDir, name)).size >= PRECOMPRESS_MIN_BYTES,
        );
        let raw = 0;
        let brotli = 0;
        for (const name of files) {
          const path = join(outDir, name);
          const bytes = readFileSync(path);
          const br = brotliCompressSync(bytes, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
          });
          const gz = gzipSync(bytes, { level: zlib.Z_BEST_COMPRESSION });
          if (!brotliDecompressSync(br).equals(bytes) || !gunzipSync(gz).equals(bytes)) {
            throw new Error(`precompress: the compressed copy of ${name} does not decode to it`);
          }
          writeFileSync(`${path}.br`, br);
          writeFileSync(`${path}.gz`, gz);
          raw += bytes.length;
          brotli += br.length;
        }
        console.log(`precompressed ${files.length} files: ${(raw / 1024).toFixed(0)} KiB → ${(brotli / 1024).toFixed(0)} KiB brotli 11`);
      },
    },
  };
}

// One config for the app build and the unit tests. The API server (server/) serves dist/ in production;
// in `npm run dev` Vite proxies /api to it.
export default defineConfig({
  plugins: [
    react(),
    // The service worker (browser/offline/), so a ship reopens the app without its link: precaches the shell
    // (index.html, the entry chunk and CSS); the other chunks are kept as the page loads them. Registered by
    // src/offline/register-service-worker.ts.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'browser/offline',
      filename: 'service-worker.ts',
      injectRegister: null,
      manifest: false,
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['index.html', '*.svg', 'assets/index-*.{js,css}'],
      },
    }),
    precompress(),
  ],
  worker: { format: 'es' },
  // Source maps would publish the whole source next to the app: only when asked (SOURCEMAP=1, for staging).
  build: { target: 'es2022', sourcemap: process.env.SOURCEMAP === '1', chunkSizeWarningLimit: 6000 },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['workers/**/*.test.ts', 'server/test/**/*.test.ts', 'bench/**/*.test.ts', 'common/**/*.test.ts', 'netcdf/**/*.test.ts', 'browser/**/*.test.ts', 'eslint-*.test.ts'],
          testTimeout: 30000,
          // One PostgreSQL server for the whole run; tests make their own databases in it.
          globalSetup: ['server/test/postgres/global-setup.ts'],
        },
      },
    ],
  },
});
