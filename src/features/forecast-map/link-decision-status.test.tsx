/**
 * The sidebar's data status says how the worker fetches the file on this link (workers/forecast/link-decision.ts):
 * the whole file on a fast link, and once it is held, or slice by slice on a slow one, with the measured rate and
 * the threshold. The worker here answers as the real one does on a fake link (workers/forecast/link-decision.test.ts).
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { ForecastClient } from '../../../workers/forecast-client.ts';
import type { LinkDecision, ScalarSlice } from '../../../workers/forecast.api.ts';
import { fileMeta } from '../../testing/file-meta.ts';
import { render } from '../../testing/page-helpers.tsx';
import { FileStatusView, rateText } from './file-status-view.tsx';
import { ForecastLoader } from './forecast-loader.ts';
import { createForecastMapStore } from './store/forecast-map-store.ts';
import { ForecastMapStoreContext } from './store/store-context.ts';

const decision = (mode: 'whole' | 'slices', bitsPerSecond: number | null, held = false): LinkDecision => ({
  mode,
  bitsPerSecond,
  wholeFileSeconds: null,
  thresholdBitsPerSecond: 8_000_000,
  thresholdSeconds: 1.5,
  held,
});

async function shown(answers: LinkDecision[]) {
  let held!: () => void;
  const worker: Pick<ForecastClient, 'load' | 'scalarSlice' | 'driftSlice' | 'allowBackground'> = {
    load: async (source) => fileMeta('url' in source ? source.url : source.key),
    scalarSlice: async (): Promise<ScalarSlice> => ({ data: Float32Array.of(1, 2), width: 2, height: 1, min: 1, max: 2 }),
    driftSlice: async () => ({ data: new Float32Array(4), width: 2, height: 1, maxSpeed: 0 }),
    // As the real worker: the decision at once, then each change (here, when the test says the whole file is held).
    allowBackground: (_key, onDecision) => {
      onDecision?.(answers.shift() ?? null);
      held = () => onDecision?.(answers.shift() ?? null);
    },
  };
  const store = createForecastMapStore();
  const stop = new ForecastLoader({ store, worker, fileUrl: (date) => `free/${date}`, listDates: async () => ['2026-11-21'] }).start();
  const { container, unmount } = await render(
    <ForecastMapStoreContext.Provider value={store}>
      <FileStatusView />
    </ForecastMapStoreContext.Provider>,
  );
  const settle = () => act(async () => {
    for (let i = 0; i < 8; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
  await settle();
  const status = () => container.querySelector('[data-testid="link-decision"]');
  return { status, settle, held: () => held(), stop, dispose: unmount };
}

describe('the link in the sidebar’s data status', () => {
  it('a fast link: the whole file is coming, then held in memory', async () => {
    const view = await shown([decision('whole', 94_000_000), decision('whole', 94_000_000, true)]);
    expect(view.status()?.textContent).toBe('Быстрая связь (94 Мбит/с, порог 8 Мбит/с): файл загружается целиком');
    view.held();
    await view.settle();
    expect(view.status()?.textContent).toBe('Быстрая связь (94 Мбит/с, порог 8 Мбит/с): файл целиком в памяти, переключение без загрузки');
    expect(view.status()?.getAttribute('data-held')).toBe('true');
    view.stop();
    view.dispose();
  });

  it('a slow link: slice by slice, with the rate measured; nothing measured says so', async () => {
    const slow = await shown([decision('slices', 256_000)]);
    expect(slow.status()?.textContent).toBe('Медленная связь (256 кбит/с, порог 8 Мбит/с): поля загружаются по одному');
    expect(slow.status()?.getAttribute('data-mode')).toBe('slices');
    slow.stop();
    slow.dispose();
    const unmeasured = await shown([decision('slices', null)]);
    expect(unmeasured.status()?.textContent).toBe('Скорость связи не измерена (порог 8 Мбит/с): поля загружаются по одному');
    unmeasured.stop();
    unmeasured.dispose();
  });

  it('writes rates as a forecaster reads them', () => {
    expect(rateText(8_000_000)).toBe('8 Мбит/с');
    expect(rateText(2_450_000)).toBe('2,5 Мбит/с');
    expect(rateText(64_000)).toBe('64 кбит/с');
    expect(rateText(Number.MAX_VALUE)).toBe('без ограничения');
  });
});
