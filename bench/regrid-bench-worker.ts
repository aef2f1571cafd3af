/** The regrid benchmark inside a Chromium module worker: fetch the EASE2 file, run the shared cases, post results. */
import { runRegridCases } from './regrid-cases.ts';

self.onmessage = async (event: MessageEvent<{ url: string; runs: number; warmup: number }>) => {
  try {
    const { url, runs, warmup } = event.data;
    const ease2 = new Uint8Array(await (await fetch(url)).arrayBuffer());
    self.postMessage({ results: await runRegridCases({ ease2, runs, warmup }) });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
  }
};
