/**
 * Bench page: does decoding block the page? Loads the 30 MB forecast and decodes every lead of every variable
 * while a requestAnimationFrame loop runs (standing in for the animating map), once through the real module
 * worker and once in-process on the main thread (the same ForecastService), and reports the longest gap
 * between frames. Bundled and served by bench/decode.bench.ts.
 */
import { createForecastClient, type ForecastClient } from '../workers/forecast-client.ts';
import { ForecastService } from '../workers/forecast-service.ts';

const VARIABLES = ['sithick_GLORYS', 'sea_ice_fraction_BREMEN', 'usi_vsi_GLORYS_speed', 'usi_vsi_GLORYS_direct'];

async function measure(client: ForecastClient, url: string): Promise<{ totalMs: number; frames: number; longestFrameGapMs: number }> {
  let running = true;
  let frames = 0;
  let longest = 0;
  let last = performance.now();
  const tick = (now: number): void => {
    longest = Math.max(longest, now - last);
    last = now;
    frames++;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  await new Promise((r) => setTimeout(r, 100)); // let the loop settle
  longest = 0;
  frames = 0;
  const started = performance.now();
  const meta = await client.load({ url });
  for (let lead = 0; lead < meta.leadHours.length; lead++) {
    for (const variable of VARIABLES) await client.scalarSlice(meta.key, variable, lead);
    await client.driftSlice(meta.key, lead);
  }
  const totalMs = performance.now() - started;
  await new Promise((r) => requestAnimationFrame(r)); // count the gap that ends after the last reply
  running = false;
  return { totalMs, frames, longestFrameGapMs: longest };
}

const worker = createForecastClient();
const mainThread = createForecastClient({ api: new ForecastService() });
let counter = 0;

Object.assign(globalThis, {
  decodeResponsiveness: {
    worker: (url: string) => measure(worker, `${url}?run=${++counter}`),
    mainThread: (url: string) => measure(mainThread, `${url}?run=${++counter}`),
  },
});
