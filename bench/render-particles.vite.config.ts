import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// Builds the stand-alone test and benchmark pages in bench/pages/ (MapLibre + the particle layer, and the
// leaflet-velocity peer) into bench/out/particle-pages/, served from disk by the browser tests and bench/render-*.
export default defineConfig({
  root: resolve(import.meta.dirname, 'pages'),
  base: './',
  logLevel: 'warn',
  build: {
    outDir: resolve(import.meta.dirname, 'out/particle-pages'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 6000,
    rollupOptions: {
      input: {
        particles: resolve(import.meta.dirname, 'pages/particles.html'),
        'leaflet-velocity': resolve(import.meta.dirname, 'pages/leaflet-velocity.html'),
      },
    },
  },
});
