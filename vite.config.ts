import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
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

/** The page the server answers /forecasts with (server/src/plugins/spa.ts); every other path gets index.html. */
export const MAP_PAGE_HTML = 'forecasts.html';

/**
 * For a ship opening /forecasts: index.html plus `<link rel="modulepreload">` of the map page's chunks and the
 * decode worker's script, so they come with the app's entry instead of one round trip and one queue after it (the
 * worker then asks for the first slice about a second sooner at 256 kbit/s). Written as forecasts.html: the
 * sign-in page and the others do not fetch what only the map needs.
 */
function mapPageHtml(): Plugin {
  return {
    name: 'ice:map-page-html',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
          const index = bundle['index.html'];
          if (!index || index.type !== 'asset') return;
          const chunks = Object.values(bundle);
          const page = chunks.find((c) => c.type === 'chunk' && /forecast-map-page\.tsx$/.test(c.facadeModuleId ?? ''));
          const worker = chunks.find((c) => c.type === 'asset' && /^assets\/forecast\.worker-[\w-]+\.js$/.test(c.fileName));
          if (!page || page.type !== 'chunk' || !worker) throw new Error('map-page-html: the map page chunk or the decode worker is missing from the build');
          const entry = chunks.find((c) => c.type === 'chunk' && c.isEntry);
          const loaded = new Set(entry?.type === 'chunk' ? [entry.fileName, ...entry.imports] : []);
          const scripts = [page.fileName, ...page.imports.filter((name) => !loaded.has(name)), worker.fileName];
          const chunkCss = (name: string) => {
            const chunk = bundle[name];
            return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
          };
          const styles = [...new Set(scripts.flatMap(chunkCss))];
          const links = [
            ...scripts.map((name) => `<link rel="modulepreload" crossorigin href="/${name}">`),
            ...styles.map((name) => `<link rel="preload" as="style" crossorigin href="/${name}">`),
          ].join('\n    ');
          const html = String(index.source).replace('</head>', `  ${links}\n  </head>`);
          this.emitFile({ type: 'asset', fileName: MAP_PAGE_HTML, source: html });
      },
    },
  };
}

/**
 * The app's `.test.ts` files that need a DOM (document's cookies, window's events, DOMParser, a page's URL);
 * every `.test.tsx` has one too. The other `.test.ts` files run in Node (project client-node): a test that reaches
 * for the DOM there fails with "document is not defined" — add it here.
 */
const CLIENT_TESTS_WITH_DOM = [
  'src/api/client.test.ts',
  'src/features/auth/session.test.ts',
  'src/features/forecast-map/ice-probability/member-urls.test.ts',
  'src/features/forecast-map/ship-route/route-files.test.ts',
  'src/offline/connection-state.test.ts',
];

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
    mapPageHtml(),
    precompress(),
  ],
  worker: { format: 'es' },
  // Source maps would publish the whole source next to the app: only when asked (SOURCEMAP=1, for staging).
  build: { target: 'es2022', sourcemap: process.env.SOURCEMAP === '1', chunkSizeWarningLimit: 6000 },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  test: {
    // One test file per core. Vitest's default leaves one core free (cores − 1): on a two-core CI machine that is one
    // file at a time. More than one per core was tried (three files, beside two journey files): CI kept 1.98 of the
    // two cores busy, so the machine is short of CPU, not of waiting work, and more files at once only add load.
    maxWorkers: Math.max(2, availableParallelism()),
    // expect.poll waits for a worker's or server's next answer: vitest's default of 1 s is less than one busy moment
    // on a loaded two-core machine. A hang guard, not a speed check.
    expect: { poll: { timeout: 15_000 } },
    // Hang guards, not speed checks (speeds are measured in bench/), for both projects: CI runs these tests beside the
    // journeys, and on a loaded machine vitest's 5 s cut off screen tests that take half a second on a quiet one (at
    // load 30), 30 s server tests that start servers and worker threads, and 10 s an archive set-up in beforeAll.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'happy-dom',
          include: ['src/**/*.test.tsx', ...CLIENT_TESTS_WITH_DOM],
        },
      },
      {
        extends: true,
        test: {
          // The app's tests of plain code (stores, URLs, loaders over injected fetch and workers, geometry) need no
          // DOM: a happy-dom window per file cost them about twice their CPU (31 → 15 s for 42 of them). Isolated per
          // file as the client's are (module state such as the store is not shared between files).
          name: 'client-node',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          exclude: CLIENT_TESTS_WITH_DOM,
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // Test files of a worker share its module cache instead of importing the server afresh each: about a
          // quarter less CPU for the server's files (their imports were a third of it). Safe because state lives on
          // the app each test makes (decorators), not in modules; the few fake timers are restored after each test.
          isolate: false,
          include: ['workers/**/*.test.ts', 'server/test/**/*.test.ts', 'bench/**/*.test.ts', 'common/**/*.test.ts', 'netcdf/**/*.test.ts', 'browser/**/*.test.ts', 'eslint-*.test.ts'],
          // One PostgreSQL server for the whole run; tests make their own databases in it.
          globalSetup: ['server/test/postgres/global-setup.ts'],
        },
      },
    ],
  },
});
