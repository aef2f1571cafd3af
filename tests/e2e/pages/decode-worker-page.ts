/**
 * Test page for tests/e2e/decode-worker.e2e.ts: the real main-thread client, which starts the real module
 * worker (workers/forecast.worker.ts, served beside this script). Exposes one function to the test.
 */
import { createForecastClient } from '../../../workers/forecast-client.ts';
import type { DownloadProgress } from '../../../workers/forecast.api.ts';

const client = createForecastClient();

async function decode(url: string, variable: string, leadIndex: number, withDrift: boolean) {
  const progress: DownloadProgress[] = [];
  const meta = await client.load({ url }, { onProgress: (p) => progress.push(p) });
  const slice = await client.scalarSlice(meta.key, variable, leadIndex);
  const drift = withDrift ? await client.driftSlice(meta.key, leadIndex) : null;
  await new Promise((r) => setTimeout(r, 50)); // let the last proxied progress call arrive
  return {
    format: meta.format,
    key: meta.key,
    leadHours: meta.leadHours,
    grid: meta.grid,
    progress,
    slice: {
      isFloat32: slice.data instanceof Float32Array,
      width: slice.width,
      height: slice.height,
      min: slice.min,
      max: slice.max,
      // NaN does not survive JSON: send it as null
      first: Array.from(slice.data.subarray(0, 10), (v) => (Number.isNaN(v) ? null : v)),
    },
    drift: drift && { length: drift.data.length, maxSpeed: drift.maxSpeed, first: Array.from(drift.data.subarray(0, 6), (v) => (Number.isNaN(v) ? null : v)) },
  };
}

async function abortedLoad(url: string): Promise<string[]> {
  const controller = new AbortController();
  const loading = client.load({ url }, { signal: controller.signal });
  controller.abort();
  const outcomes = await Promise.allSettled([loading]);
  return outcomes.map((o) => (o.status === 'rejected' ? String((o.reason as Error).name) : 'resolved'));
}

async function failedLoad(url: string): Promise<{ name: string; message: string }> {
  try {
    await client.load({ url });
    return { name: 'none', message: '' };
  } catch (error) {
    return { name: (error as Error).name, message: (error as Error).message };
  }
}

Object.assign(globalThis, { decodeTest: { decode, abortedLoad, failedLoad } });
