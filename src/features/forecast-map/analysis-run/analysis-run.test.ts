/**
 * The analysis in the run switch (issue 10): offered only on dates with an archived analysis, loads
 * /analysis/hist at time index 0 whatever lead was chosen, and lives in the URL as run=analysis beside the
 * unchanged assimilated=true|false.
 */
import { describe, expect, it } from 'vitest';
import type { ForecastClient } from '../../../../workers/forecast-client.ts';
import type { ScalarSlice } from '../../../../workers/forecast.api.ts';
import { fileMeta } from '../../../testing/file-meta.ts';
import { ForecastLoader } from '../forecast-loader.ts';
import { createForecastMapStore } from '../store/forecast-map-store.ts';
import { searchFromSelection, selectionFromSearch, validateForecastSearch } from '../url-search.ts';
import { analysisShown } from './analysis-shown.ts';

/** Records the files and slices asked for; the analysis file has one time step, the forecasts three. */
function recordingWorker() {
  const calls: string[] = [];
  const worker: Pick<ForecastClient, 'load' | 'scalarSlice' | 'driftSlice'> = {
    async load(source) {
      const url = 'url' in source ? source.url : source.key;
      calls.push(`open ${url}`);
      return fileMeta(url, { leadHours: url.startsWith('analysis') ? [0] : [24, 48, 72] });
    },
    async scalarSlice(key, _variable, leadIndex): Promise<ScalarSlice> {
      calls.push(`slice ${key} ${leadIndex}`);
      return { data: Float32Array.of(leadIndex, leadIndex + 1), width: 2, height: 1, min: leadIndex, max: leadIndex + 1 };
    },
    async driftSlice() {
      throw new Error('not used');
    },
  };
  return { worker, calls };
}

const settle = async () => {
  for (let i = 0; i < 4; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};
const fileUrl = (date: string, assimilated: boolean, analysis?: boolean) => (analysis ? `analysis/${date}` : `${assimilated ? 'assim' : 'free'}/${date}`);

describe('the analysis run', () => {
  it('is shown only for dates with an analysis, always at time index 0, and back to the forecast lead after', async () => {
    const { worker, calls } = recordingWorker();
    const store = createForecastMapStore();
    store.getState().setLeadIndex(2);
    const stop = new ForecastLoader({ store, worker, fileUrl, listDates: async () => ['2026-11-20', '2026-11-21'] }).start();
    store.getState().analysisDatesLoaded(['2026-11-20']);
    await settle();
    expect(store.getState().date).toBe('2026-11-21');
    store.getState().setAnalysis(true);
    await settle();
    expect(analysisShown(store.getState())).toBe(false); // no analysis on the 21st: the forecast stays
    expect(calls.filter((c) => c.startsWith('open'))).toEqual(['open free/2026-11-21']);
    store.getState().setDate('2026-11-20');
    await settle();
    expect(analysisShown(store.getState())).toBe(true);
    expect(calls.slice(-2)).toEqual(['open analysis/2026-11-20', 'slice analysis/2026-11-20 0']);
    const shown = store.getState().field;
    expect(shown?.kind === 'scalar' && shown.slice.min).toBe(0);
    store.getState().setAnalysis(false);
    await settle();
    expect(calls.slice(-2)).toEqual(['open free/2026-11-20', 'slice free/2026-11-20 2']);
    stop();
  });

  it('keeps assimilated=true|false valid and adds run=analysis', () => {
    expect(validateForecastSearch({ run: 'analysis', assimilated: 'true' })).toEqual({ run: 'analysis', assimilated: true });
    expect(validateForecastSearch({ run: 'something' })).toEqual({});
    expect(selectionFromSearch({ run: 'analysis' })).toMatchObject({ analysis: true });
    expect(selectionFromSearch({ assimilated: true, lead: 24 })).toMatchObject({ analysis: false, assimilated: true });
    const store = createForecastMapStore();
    store.getState().setAnalysis(true);
    expect(searchFromSelection(store.getState())).toMatchObject({ run: 'analysis', assimilated: false, lead: 24 });
    store.getState().setAnalysis(false);
    const search = searchFromSelection(store.getState());
    expect('run' in search && search.run === undefined).toBe(true); // written as undefined: removes run=analysis
  });
});
