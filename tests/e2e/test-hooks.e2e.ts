/**
 * `window.__forecastMap` (src/map/test-hooks.d.ts) is for browser tests and benches only: the journeys run on a
 * build made with VITE_TEST_HOOKS=1, and a plain production build must not carry it. Rather than a second full
 * build, this bundles the one module that sets the hook, with Vite in production mode and every package left
 * external (about a second), once without the flag and once with it, so the check can be seen to bite.
 */
import { join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './harness.ts';

async function bundleForecastMap(flag: string | undefined): Promise<string> {
  const saved = process.env.VITE_TEST_HOOKS;
  if (flag === undefined) delete process.env.VITE_TEST_HOOKS;
  else process.env.VITE_TEST_HOOKS = flag;
  try {
    const result = await build({
      configFile: false,
      root: repoRoot,
      mode: 'production',
      logLevel: 'error',
      build: {
        write: false,
        target: 'es2022',
        lib: { entry: join(repoRoot, 'src/map/forecast-map.ts'), formats: ['es'], fileName: 'forecast-map' },
        rollupOptions: { external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') },
      },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    return outputs
      .flatMap((output) => output.output)
      .map((chunk) => (chunk.type === 'chunk' ? chunk.code : ''))
      .join('\n');
  } finally {
    if (saved === undefined) delete process.env.VITE_TEST_HOOKS;
    else process.env.VITE_TEST_HOOKS = saved;
  }
}

describe('test hooks in the bundle', () => {
  it('a plain production build has no window.__forecastMap; a VITE_TEST_HOOKS=1 build has it', async () => {
    const plain = await bundleForecastMap(undefined);
    expect(plain).toContain('projectiontransition'); // the module really was bundled
    expect(plain).not.toContain('__forecastMap');
    expect(await bundleForecastMap('1')).toContain('__forecastMap');
  });
});
