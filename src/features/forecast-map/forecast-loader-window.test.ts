/**
 * A slow link's windows on the page's side: once the user has zoomed in (the store's `viewBox`, set by the map when
 * it comes to rest), the displayed field is asked for with the view's box plus a margin; a window answer is drawn as
 * final (no full slice asked after it); a pan within the box asks nothing, a pan out of it asks again with the new
 * box while the old window stays drawn, and a view zoomed out takes the full field. The worker here keeps the
 * contract of forecast.api.ts (a window when asked with a small box); its real behaviour on a slow link is
 * workers/forecast/slice-windows.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import type { ForecastClient } from '../../../workers/forecast-client.ts';
import type { FirstSlice, ScalarSlice, SliceOptions } from '../../../workers/forecast.api.ts';
import type { Bbox } from '../../../common/forecast-file/subset-query.ts';
import { fileMeta } from '../../testing/file-meta.ts';
import { ForecastLoader } from './forecast-loader.ts';
import { createForecastMapStore } from './store/forecast-map-store.ts';
import { withMargin } from '../../map/view-box.ts';

/** A worker on a slow link: a box under 10° of longitude is answered with its window, anything else in full. */
function windowWorker() {
  const asked: Array<Bbox | null> = [];
  /** What each file was opened with first. */
  const opened: Array<FirstSlice | undefined> = [];
  let release: (() => void) | null = null;
  const worker: Pick<ForecastClient, 'load' | 'scalarSlice' | 'driftSlice'> = {
    load: async (source) => {
      opened.push('url' in source ? source.first : undefined);
      return fileMeta('url' in source ? source.url : source.key);
    },
    async scalarSlice(_key, _variable, _leadIndex, options?: SliceOptions): Promise<ScalarSlice> {
      const box = options?.window ?? null;
      asked.push(box);
      const eastward = box ? (box[2] > box[0] ? box[2] : box[2] + 360) : 360;
      if (box && eastward - box[0] < 10) {
        // A window comes over the link: the test says when.
        await new Promise<void>((resolve) => (release = resolve));
        return { data: Float32Array.of(NaN, 2), width: 2, height: 1, min: 2, max: 2, window: box };
      }
      return { data: Float32Array.of(1, 2), width: 2, height: 1, min: 1, max: 2 };
    },
    driftSlice: async () => ({ data: new Float32Array(4), width: 2, height: 1, maxSpeed: 0 }),
  };
  return { worker, asked, opened, arrive: () => release?.() };
}

const settle = async () => {
  for (let i = 0; i < 6; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('windows for a zoomed-in view', () => {
  it('asks with the view and a margin, draws the window as final, and follows the view out of it', async () => {
    const link = windowWorker();
    const store = createForecastMapStore();
    const stop = new ForecastLoader({ store, worker: link.worker, fileUrl: (date) => `free/${date}`, listDates: async () => ['2026-11-21'] }).start();
    await settle();
    // The first field before the map has a view: the whole field.
    expect(link.asked).toEqual([null]);
    expect(store.getState().field?.window).toBeUndefined();

    const view: Bbox = [152, 72, 158, 75];
    store.getState().viewMoved(view);
    await settle();
    expect(link.asked).toHaveLength(1); // a whole field drawn: nothing to follow
    store.getState().setLeadIndex(1);
    await settle();
    expect(link.asked.at(-1)).toEqual(withMargin(view));
    link.arrive();
    await settle();
    expect(store.getState().field).toMatchObject({ leadIndex: 1, window: withMargin(view) });
    expect(link.asked).toHaveLength(2); // final: no full slice asked after the window

    // A pan inside the margin: nothing asked.
    store.getState().viewMoved([152.5, 72.2, 158.5, 75.2]);
    await settle();
    expect(link.asked).toHaveLength(2);
    // Out of it: asked again with the new view; the old window stays drawn meanwhile.
    const panned: Bbox = [156, 72, 162, 75];
    store.getState().viewMoved(panned);
    await settle();
    expect(link.asked.at(-1)).toEqual(withMargin(panned));
    expect(store.getState().field?.window).toEqual(withMargin(view));
    link.arrive();
    await settle();
    expect(store.getState().field?.window).toEqual(withMargin(panned));
    // Zoomed out: the whole field.
    store.getState().viewMoved([120, 65, 180, 85]);
    await settle();
    expect(store.getState().field?.window).toBeUndefined();
    const field = store.getState().field;
    expect(field?.kind === 'scalar' ? Array.from(field.slice.data) : null).toEqual([1, 2]);
    stop();
  });
});

describe('a date or run changed in a zoomed-in view', () => {
  it("opens the new file with the view's window on the region's grid; not before a view, after a region switch, or for POLARIS", async () => {
    const link = windowWorker();
    const store = createForecastMapStore();
    const stop = new ForecastLoader({ store, worker: link.worker, fileUrl: (date, assimilated, _analysis, region) => `${region}/${assimilated ? 'assim' : 'free'}/${date}`, listDates: async () => ['2026-11-20', '2026-11-21'] }).start();
    await settle();
    expect(link.opened).toEqual([{ variables: ['sithick_GLORYS'], leadHours: 24 }]); // no view yet

    const view: Bbox = [152, 72, 158, 75];
    store.getState().viewMoved(view);
    store.getState().setDate('2026-11-20');
    await settle();
    const grid = fileMeta('').grid;
    expect(link.opened.at(-1)).toEqual({ variables: ['sithick_GLORYS'], leadHours: 24, window: { bbox: withMargin(view), grid } });
    // The view's first ask carries the same box: the worker answers it from the window it fetched with the header.
    expect(link.asked.at(-1)).toEqual(withMargin(view));
    link.arrive();
    await settle();
    expect(store.getState().field).toMatchObject({ fileKey: 'sector/free/2026-11-20', window: withMargin(view) });

    store.getState().setAssimilated(true);
    await settle();
    expect(link.opened.at(-1)?.window).toEqual({ bbox: withMargin(view), grid });
    link.arrive();
    await settle();

    // POLARIS reads whole slices: no window for its first view.
    store.getState().setVariable('POLARIS');
    store.getState().setAssimilated(false);
    await settle();
    expect(link.opened.at(-1)?.window).toBeUndefined();

    // Another region: the map moves to its own view, and its grid is not known yet.
    store.getState().setVariable('sithick_GLORYS');
    store.getState().setRegion('arctic');
    await settle();
    expect(store.getState().fileMeta?.key).toMatch(/^arctic\//);
    expect(link.opened.at(-1)?.window).toBeUndefined();
    stop();
  });
});
