/// <reference types="vite/client" />
declare module '*.glsl?raw' {
  const source: string;
  export default source;
}

interface ImportMetaEnv {
  /** '1' in builds for browser tests and benches: `window.__forecastMap` (src/map/test-hooks.d.ts) is set. */
  readonly VITE_TEST_HOOKS?: string;
  readonly VITE_TILE_URL?: string;
}
