/**
 * 'Воспроизвести': steps the lead +24h → +48h → +72h → +24h … while `playing`, one step per PLAY_INTERVALS[speed]
 * ms. It only changes the store's lead, so every step is drawn from decoded slices (the loader's cache or the
 * worker's: no new request), the lead buttons follow, and the particle layer keeps its particles (a new field
 * texture, not a new layer).
 */
import { LEAD_HOURS, type LeadIndex } from '../forecast-variables.ts';
import type { ForecastMapStore } from '../store/forecast-map-store.ts';
import { PLAY_INTERVALS } from '../map-tools/tools-slice.ts';

function nextLead(leadIndex: LeadIndex): LeadIndex {
  return ((leadIndex + 1) % LEAD_HOURS.length) as LeadIndex;
}

export function startLeadAnimator(store: ForecastMapStore): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: number | null = null; // the interval the timer runs at, ms
  const sync = (): void => {
    const { playing, playSpeed } = store.getState();
    const wanted = playing ? PLAY_INTERVALS[playSpeed] : null;
    if (wanted === running) return;
    if (timer !== null) clearInterval(timer);
    timer = null;
    running = wanted;
    if (wanted !== null) {
      timer = setInterval(() => {
        const state = store.getState();
        state.setLeadIndex(nextLead(state.leadIndex));
      }, wanted);
    }
  };
  const unsubscribe = store.subscribe(sync);
  sync();
  return () => {
    unsubscribe();
    if (timer !== null) clearInterval(timer);
  };
}
