/**
 * Keeps the store's ice edges in step with the selection: when 'Кромка льда' is on, opens the free run, the
 * assimilated run and the analysis valid at the lead's time (the worker's cache answers at once for a file it
 * holds, so the shown run costs no new download) and asks the worker for each one's 15 % concentration contour.
 * Edges are kept by file and lead, so stepping through leads (the animation) asks the worker only once per lead.
 * A run without a file (404) or without concentration is simply not drawn.
 */
import type { ForecastClient } from '../../../../workers/forecast-client.ts';
import type { ContourLines } from '../../../../workers/forecast.api.ts';
import type { ForecastMapStore } from '../store/forecast-map-store.ts';
import { runFiles, type FileUrls, type RunFile } from '../map-tools/companion-files.ts';
import { ToolLoader, warnUnlessMissing } from '../map-tools/tool-loader.ts';
import type { EdgeRun } from './edge-slice.ts';
import { LruCache } from '../../../../common/lru-cache.ts';
import { FILE_VARIABLES } from '../../../../common/forecast-file/variables.ts';

/** The ice edge: where sea-ice concentration (fraction 0–1) crosses 15 %. */
const EDGE_VARIABLE = FILE_VARIABLES.concentration;
const EDGE_LEVEL = 0.15;
/** Contours kept (a few hundred kB at most each): three runs × three leads × a few dates. */
const EDGE_CACHE_SIZE = 36;

export interface EdgeLoaderOptions {
  store: ForecastMapStore;
  worker: Pick<ForecastClient, 'load' | 'contour'>;
  urls: FileUrls;
}

export class EdgeLoader extends ToolLoader<EdgeLoaderOptions> {
  private target: string | null = null;
  private readonly cache = new LruCache<string, ContourLines | null>(EDGE_CACHE_SIZE);

  protected sync(): void {
    const { store, urls } = this.options;
    const state = store.getState();
    if (!state.iceEdge || state.date === null) {
      this.target = null;
      if (Object.keys(state.edges).length > 0) state.edgesChanged({});
      return;
    }
    const files = runFiles(state.date, state.leadIndex, state.analysisDates, urls, state.region);
    const target = files.map((f) => `${f.url}#${f.leadIndex}`).join('|');
    if (target === this.target) return;
    this.target = target;
    const edges: Partial<Record<EdgeRun, ContourLines>> = {};
    const pending: RunFile[] = [];
    for (const file of files) {
      const key = `${file.url}#${file.leadIndex}`;
      if (!this.cache.has(key)) pending.push(file);
      else if (this.cache.get(key)) edges[file.run] = this.cache.get(key)!;
    }
    state.edgesChanged(edges);
    for (const file of pending) void this.load(file, target);
  }

  private async load(file: RunFile, target: string): Promise<void> {
    const { worker, store } = this.options;
    const key = `${file.url}#${file.leadIndex}`;
    let lines: ContourLines | null = null;
    try {
      const meta = await worker.load({ url: file.url });
      if (meta.grid && meta.variables.some((v) => v.name === EDGE_VARIABLE)) {
        lines = await worker.contour(meta.key, EDGE_VARIABLE, file.leadIndex, EDGE_LEVEL);
      }
    } catch (error) {
      // A missing file (no assimilated run or analysis for that date) is normal; anything else is worth a note.
      warnUnlessMissing(`Ice edge of ${file.url} not drawn`, error);
    }
    this.cache.set(key, lines);
    if (this.target !== target) return;
    if (lines) store.getState().edgesChanged({ ...store.getState().edges, [file.run]: lines });
  }
}
