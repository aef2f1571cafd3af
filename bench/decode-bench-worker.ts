/** The decode benchmark inside a Chromium module worker: fetch the two files, run the shared cases, post results. */
import { runDecodeCases } from './decode-cases.ts';

self.onmessage = async (event: MessageEvent<{ nc3Url: string; nc4Url: string; runs: number; warmup: number }>) => {
  try {
    const { nc3Url, nc4Url, runs, warmup } = event.data;
    const [nc3, nc4] = await Promise.all(
      [nc3Url, nc4Url].map(async (url) => new Uint8Array(await (await fetch(url)).arrayBuffer())),
    );
    self.postMessage({ results: await runDecodeCases({ nc3, nc4, runs, warmup }) });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
  }
};
