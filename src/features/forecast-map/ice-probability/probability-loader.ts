/**
 * Keeps the store's 'Вероятность льда' in step with the date and lead: opens every model's two runs of the date
 * (a file that is not there, 404, is simply not a member), asks each only for its concentration at the lead (the
 * worker's slow-link path: the header range and one subset, no background fetches), and lets the worker combine
 * them (`iceProbability`). Members on another grid than the first are left out. The last few results are kept.
 */
import type { ForecastClient } from '../../../../workers/forecast-client.ts';
import type { ForecastFileMeta } from '../../../../workers/forecast.api.ts';
import { LEAD_HOURS } from '../forecast-variables.ts';
import type { ForecastMapStore } from '../store/forecast-map-store.ts';
import { ToolLoader, warnFailure, warnUnlessMissing } from '../map-tools/tool-loader.ts';
import { ICE_LEVEL, PROBABILITY_VARIABLE, type ProbabilityField } from './probability-field.ts';
import type { RegionId } from '../../../../common/regions/types.ts';

export interface ProbabilityLoaderOptions {
  store: ForecastMapStore;
  worker: Pick<ForecastClient, 'load' | 'iceProbability'>;
  /** The files that may hold a forecast of the date: every model's free and assimilated run. */
  memberUrls: (date: string, region: RegionId) => Promise<string[]>;
}

/** Results kept: the three leads of two dates. */
const KEPT = 6;

export class ProbabilityLoader extends ToolLoader<ProbabilityLoaderOptions> {
  private key: string | null = null;
  private readonly cache = new Map<string, ProbabilityField | 'none'>();

  protected sync(): void {
    const state = this.options.store.getState();
    if (state.mode !== 'probability' || state.date === null) {
      this.key = null;
      if (state.probability !== null) state.probabilityChanged(null);
      return;
    }
    const key = `${state.region}|${state.date}|${state.leadIndex}`;
    if (key === this.key) return;
    this.key = key;
    const cached = this.cache.get(key);
    state.probabilityChanged(cached ?? null);
    if (!cached) void this.load(key, state.date, state.leadIndex, state.region);
  }

  private async load(key: string, date: string, leadIndex: number, region: RegionId): Promise<void> {
    const { worker, store, memberUrls } = this.options;
    const leadHours = LEAD_HOURS[leadIndex];
    let result: ProbabilityField | 'none' = 'none';
    try {
      const urls = await memberUrls(date, region);
      const opened = await Promise.allSettled(urls.map((url) => worker.load({ url, first: { variables: [PROBABILITY_VARIABLE], leadHours } })));
      const metas: ForecastFileMeta[] = [];
      opened.forEach((outcome, i) => {
        if (outcome.status === 'fulfilled') metas.push(outcome.value);
        else warnUnlessMissing(`Forecast ${urls[i]} left out of the ice probability`, outcome.reason);
      });
      const members = usableMembers(metas, leadHours);
      if (members.length > 0) {
        const slice = await worker.iceProbability(
          members.map((m) => ({ key: m.meta.key, leadIndex: m.leadIndex })),
          PROBABILITY_VARIABLE,
          ICE_LEVEL,
        );
        result = { date, leadIndex, grid: members[0].meta.grid!, slice, members: slice.members };
      }
    } catch (error) {
      warnFailure(`Ice probability of ${key} not made`, error);
    }
    this.cache.set(key, result);
    while (this.cache.size > KEPT) this.cache.delete(this.cache.keys().next().value as string);
    if (this.key === key) store.getState().probabilityChanged(result);
  }
}

/** Files with concentration at that lead on the first such file's grid, with the lead's index in each. */
export function usableMembers(metas: readonly ForecastFileMeta[], leadHours: number): { meta: ForecastFileMeta; leadIndex: number }[] {
  const members: { meta: ForecastFileMeta; leadIndex: number }[] = [];
  let grid: string | null = null;
  for (const meta of metas) {
    const leadIndex = meta.leadHours.indexOf(leadHours);
    if (!meta.grid || leadIndex < 0 || !meta.variables.some((v) => v.name === PROBABILITY_VARIABLE)) continue;
    const text = JSON.stringify(meta.grid);
    grid ??= text;
    if (text === grid) members.push({ meta, leadIndex });
  }
  return members;
}
