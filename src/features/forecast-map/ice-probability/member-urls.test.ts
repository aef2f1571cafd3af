import { afterEach, describe, expect, it, vi } from 'vitest';
import { forecastFileUrl } from '../../../api/forecast.ts';
import { fakeApi } from '../../../testing/page-helpers.tsx';
import { probabilityMemberUrls } from './member-urls.ts';

afterEach(() => vi.unstubAllGlobals());

describe("'Вероятность льда' members", () => {
  it("names the default model's runs as the map does (the file shown is not fetched again) and the others by model_id", async () => {
    fakeApi({
      'GET /api/v1/report/model_architecture': {
        status: 200,
        body: [
          { model_id: 'model_1', model_type: 'persistence', hyperparameters: {} },
          { model_id: 'model_2', model_type: 'advection', hyperparameters: {}, is_default: true, run_daily: true },
        ],
      },
    });
    const urls = await probabilityMemberUrls('2026-11-20');
    // The map's own files (forecast-map-page.tsx: no model_id) are among them, exactly.
    expect(urls).toContain(forecastFileUrl('2026-11-20', false));
    expect(urls).toContain(forecastFileUrl('2026-11-20', true));
    expect(urls.filter((url) => url.includes('model_id=model_2'))).toEqual([]);
    expect(urls.filter((url) => url.includes('model_id=model_1'))).toHaveLength(2);
    expect(urls).toHaveLength(4);
  });
});
