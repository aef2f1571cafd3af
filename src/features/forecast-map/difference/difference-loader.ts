/**
 * Keeps the store's difference in step with 'Разность': for thickness and concentration, opens the two files
 * (assimilated and free run of the date; or the shown run and the analysis valid at date + lead), takes the lead's
 * slices from the worker (its cache: no download for a file it holds) and subtracts. The drift has no difference
 * (it is drawn as particles): 'none', and the sidebar says so.
 */
import type { ForecastClient } from '../../../../workers/forecast-client.ts';
import { LEAD_HOURS, VARIABLE_STYLES } from '../forecast-variables.ts';
import type { ForecastMapStore } from '../store/forecast-map-store.ts';
import { validDate, type FileUrls } from '../map-tools/companion-files.ts';
import { ToolLoader, warnUnlessMissing } from '../map-tools/tool-loader.ts';
import { differenceOf, type DifferenceField } from './difference-math.ts';
import { LruCache } from '../../../../common/lru-cache.ts';

export interface DifferenceLoaderOptions {
  store: ForecastMapStore;
  worker: Pick<ForecastClient, 'load' | 'scalarSlice'>;
  urls: FileUrls;
}

interface Side {
  url: string;
  leadIndex: number;
}

export class DifferenceLoader extends ToolLoader<DifferenceLoaderOptions> {
  private key: string | null = null;
  /** The last few differences, so the animation or a switch back costs nothing. */
  private readonly cache = new LruCache<string, DifferenceField | 'none'>(6);

  protected sync(): void {
    const { store, urls } = this.options;
    const state = store.getState();
    const { mode, date, variable, leadIndex, differenceKind, assimilated, analysisDates, region } = state;
    if (mode !== 'difference' || date === null) {
      this.key = null;
      if (state.difference !== null) state.differenceChanged(null);
      return;
    }
    let sides: [Side, Side] | null = null;
    if (VARIABLE_STYLES[variable].kind === 'scalar') {
      if (differenceKind === 'runs') {
        sides = [
          { url: urls.forecast(date, true, region), leadIndex },
          { url: urls.forecast(date, false, region), leadIndex },
        ];
      } else if (analysisDates !== null) {
        const day = validDate(date, LEAD_HOURS[leadIndex]);
        if (analysisDates.includes(day)) sides = [{ url: urls.forecast(date, assimilated, region), leadIndex }, { url: urls.analysis(day, region), leadIndex: 0 }];
      } else {
        return; // wait for the analysis dates
      }
    }
    const key = sides ? `${differenceKind}|${variable}|${sides[0].url}#${sides[0].leadIndex}|${sides[1].url}#${sides[1].leadIndex}` : `none|${variable}`;
    if (key === this.key) return;
    this.key = key;
    const cached = this.cache.get(key);
    if (!sides || cached) {
      state.differenceChanged(cached ?? 'none');
      return;
    }
    void this.load(key, sides, state.variable, state.leadIndex, differenceKind);
  }

  private async load(key: string, sides: [Side, Side], variable: DifferenceField['variable'], leadIndex: DifferenceField['leadIndex'], kind: DifferenceField['kind']): Promise<void> {
    const { worker, store } = this.options;
    let result: DifferenceField | 'none' = 'none';
    try {
      const metas = await Promise.all(sides.map((side) => worker.load({ url: side.url })));
      const grid = metas[0].grid;
      const same =
        grid && metas[1].grid && JSON.stringify(grid) === JSON.stringify(metas[1].grid) && metas.every((m) => m.variables.some((v) => v.name === variable));
      if (same) {
        const [a, b] = await Promise.all(metas.map((meta, k) => worker.scalarSlice(meta.key, variable, sides[k].leadIndex)));
        const { slice, m } = differenceOf(a.data, b.data, a.width, a.height);
        result = { kind, variable, leadIndex, grid, slice, a: a.data, b: b.data, m, keys: { a: metas[0].key, b: metas[1].key } };
      }
    } catch (error) {
      warnUnlessMissing(`Difference ${key} not made`, error);
    }
    this.cache.set(key, result);
    if (this.key === key) store.getState().differenceChanged(result);
  }
}
