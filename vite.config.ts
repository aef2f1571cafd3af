import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One config for the app build and the unit tests. The API server (server/) serves dist/ in production;
// in `npm run dev` Vite proxies /api to it.
export default defineConfig({
  plugins: [react()],
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 6000 },
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
          include: ['common/**/*.test.ts', 'workers/**/*.test.ts', 'server/test/**/*.test.ts', 'bench/**/*.test.ts'],
          testTimeout: 30000,
        },
      },
    ],
  },
});
