/**
 * Previews on slow links (issue 13), on the page's side: the loader draws the worker's preview (flagged), then the
 * full slice in its place, and drops a full slice the user has moved away from; the sidebar says the field is
 * being refined and the hover readout marks preview values '≈'. The worker here keeps the contract of
 * forecast.api.ts (a preview first when asked with the flag, the full slice when asked again); its real
 * behaviour on a slow link is workers/forecast/preview.test.ts's.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { ForecastClient } from '../../../workers/forecast-client.ts';
import type { DriftSlice, ScalarSlice, SliceOptions } from '../../../workers/forecast.api.ts';
import { ru } from '../../i18n/ru.ts';
import { fileMeta } from '../../testing/file-meta.ts';
import { render } from '../../testing/page-helpers.tsx';
import { FileStatusView } from './file-status-view.tsx';
import { ForecastLoader } from './forecast-loader.ts';
import { HoverReadout } from './hover-readout.tsx';
import { createForecastMapStore, type ForecastMapStore } from './store/forecast-map-store.ts';
import { ForecastMapStoreContext } from './store/store-context.ts';

/**
 * A worker on a slow link: the first slice of the file is held; any other, asked with the preview flag, is
 * answered at once as a preview (values 1, 1) and its full slice (2, 3) waits for `release(name)`.
 */
function slowLinkWorker() {
  const calls: string[] = [];
  const held = new Set(['sithick_GLORYS@0']);
  const waiting = new Map<string, () => void>();
  const full = (name: string) =>
    held.has(name) ? Promise.resolve() : new Promise<void>((resolve) => waiting.set(name, () => (held.add(name), resolve())));
  const scalar = (preview: boolean): ScalarSlice =>
    preview ? { data: Float32Array.of(1, 1), width: 2, height: 1, min: 1, max: 1, preview: true } : { data: Float32Array.of(2, 3), width: 2, height: 1, min: 2, max: 3 };
  const worker: Pick<ForecastClient, 'load' | 'scalarSlice' | 'driftSlice'> = {
    async load(source) {
      return fileMeta('url' in source ? source.url : source.key, { variables: ['sithick_GLORYS', 'sea_ice_fraction_BREMEN', 'usi_vsi_GLORYS_speed', 'usi_vsi_GLORYS_direct'] });
    },
    async scalarSlice(_key, variable, leadIndex, options?: SliceOptions): Promise<ScalarSlice> {
      const name = `${variable}@${leadIndex}`;
      calls.push(`${name}${options?.preview ? ' preview' : ''}`);
      if (options?.preview && !held.has(name)) {
        void full(name);
        return scalar(true);
      }
      await full(name);
      return scalar(false);
    },
    async driftSlice(_key, leadIndex, _speed, _direction, options?: SliceOptions): Promise<DriftSlice> {
      const name = `drift@${leadIndex}`;
      calls.push(`${name}${options?.preview ? ' preview' : ''}`);
      if (options?.preview && !held.has(name)) {
        void full(name);
        return { data: Float32Array.of(0.1, 0, 0.1, 0), width: 2, height: 1, maxSpeed: 0.1, preview: true };
      }
      await full(name);
      return { data: Float32Array.of(0.2, 0, 0.3, 0), width: 2, height: 1, maxSpeed: 0.3 };
    },
  };
  return { worker, calls, release: (name: string) => waiting.get(name)?.() };
}

const settle = async () => {
  for (let i = 0; i < 6; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};
const fileUrl = (date: string) => `free/${date}`;

async function started() {
  const link = slowLinkWorker();
  const store = createForecastMapStore();
  const stop = new ForecastLoader({ store, worker: link.worker, fileUrl, listDates: async () => ['2026-11-21'] }).start();
  await settle();
  return { ...link, store, stop };
}

/** The sidebar's file status and the hover readout over cell (0, 0), rendered from the store. */
async function rendered(store: ForecastMapStore) {
  const { container, unmount } = await render(
    <ForecastMapStoreContext.Provider value={store}>
      <FileStatusView />
      <HoverReadout pointer={{ lng: 50, lat: 80, x: 0, y: 0 }} />
    </ForecastMapStoreContext.Provider>,
  );
  return { text: () => container.textContent ?? '', refresh: () => act(async () => undefined), dispose: unmount };
}

describe('previews in the forecast loader', () => {
  it('draws the preview flagged, then the full slice in its place; the sidebar and the readout say which', async () => {
    const { store, calls, release, stop } = await started();
    expect(store.getState().field).toMatchObject({ variable: 'sithick_GLORYS', leadIndex: 0 });
    expect(store.getState().field?.preview).toBeFalsy();
    const view = await rendered(store);
    expect(view.text()).not.toContain(ru.fieldPreview.refining);

    store.getState().setVariable('sea_ice_fraction_BREMEN');
    await settle();
    await view.refresh();
    expect(store.getState().field).toMatchObject({ variable: 'sea_ice_fraction_BREMEN', leadIndex: 0, preview: true });
    expect(view.text()).toContain(ru.fieldPreview.refining);
    expect(view.text()).toContain(`${ru.forecastMap.variableNames.sea_ice_fraction_BREMEN}: ≈ 1.000`);
    // Asked with the flag, then again without it for the full slice.
    expect(calls.slice(-2)).toEqual(['sea_ice_fraction_BREMEN@0 preview', 'sea_ice_fraction_BREMEN@0']);

    release('sea_ice_fraction_BREMEN@0');
    await settle();
    await view.refresh();
    expect(store.getState().field).toMatchObject({ variable: 'sea_ice_fraction_BREMEN', leadIndex: 0, slice: { min: 2, max: 3 } });
    expect(store.getState().field?.preview).toBeFalsy();
    expect(view.text()).not.toContain(ru.fieldPreview.refining);
    expect(view.text()).toContain(`${ru.forecastMap.variableNames.sea_ice_fraction_BREMEN}: 2.000`);
    view.dispose();
    stop();
  });

  it('previews the drift too, and drops a full slice the user has moved away from', async () => {
    const { store, release, stop } = await started();
    store.getState().setVariable('usi_vsi');
    await settle();
    expect(store.getState().field).toMatchObject({ kind: 'drift', preview: true });
    // Moved on before the drift's full slice came: back to thickness (held), which stays.
    store.getState().setVariable('sithick_GLORYS');
    await settle();
    release('drift@0');
    await settle();
    expect(store.getState().field).toMatchObject({ variable: 'sithick_GLORYS', leadIndex: 0 });
    expect(store.getState().field?.preview).toBeFalsy();
    // The drift's full slice was kept for switching back: no preview again.
    store.getState().setVariable('usi_vsi');
    await settle();
    expect(store.getState().field).toMatchObject({ kind: 'drift', slice: { maxSpeed: 0.3 } });
    expect(store.getState().field?.preview).toBeFalsy();
    stop();
  });
});
