import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// One config for the app build and the unit tests. The API server (server/) serves dist/ in production;
// in `npm run dev` Vite proxies /api to it.
export default defineConfig({
  plugins: [
    react(),
    // The service worker (issue 13, src/offline/): precaches the shell (index.html, the entry chunk and CSS);
    // the other chunks are kept as the page loads them. Registered by src/offline/register-service-worker.ts.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/offline',
      filename: 'service-worker.ts',
      injectRegister: null,
      manifest: false,
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['index.html', '*.svg', 'assets/index-*.{js,css}'],
      },
    }),
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
          include: ['workers/**/*.test.ts', 'server/test/**/*.test.ts', 'bench/**/*.test.ts', 'common/**/*.test.ts'],
          testTimeout: 30000,
          // One PostgreSQL server for the whole run (issue 15); tests make their own databases in it.
          globalSetup: ['server/test/postgres/global-setup.ts'],
        },
      },
    ],
  },
});
