import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createForecastMapStore } from '../store/forecast-map-store.ts';
import { startLeadAnimator } from './lead-animator.ts';

describe('lead animation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('steps +24h → +48h → +72h and loops, one step a second, until paused', () => {
    const store = createForecastMapStore();
    const stop = startLeadAnimator(store);
    vi.advanceTimersByTime(5000);
    expect(store.getState().leadIndex).toBe(0); // not playing: nothing moves
    store.getState().setPlaying(true);
    const leads: number[] = [];
    for (let k = 0; k < 4; k++) {
      vi.advanceTimersByTime(999);
      expect(store.getState().leadIndex).toBe(leads.length === 0 ? 0 : leads[leads.length - 1]);
      vi.advanceTimersByTime(1);
      leads.push(store.getState().leadIndex);
    }
    expect(leads).toEqual([1, 2, 0, 1]);
    store.getState().setPlaying(false);
    vi.advanceTimersByTime(5000);
    expect(store.getState().leadIndex).toBe(1);
    stop();
  });

  it('follows the speed control and stops with the page', () => {
    const store = createForecastMapStore();
    const stop = startLeadAnimator(store);
    store.getState().setPlaySpeed('fast');
    store.getState().setPlaying(true);
    vi.advanceTimersByTime(1000);
    expect(store.getState().leadIndex).toBe(2);
    store.getState().setPlaySpeed('slow');
    vi.advanceTimersByTime(1999);
    expect(store.getState().leadIndex).toBe(2);
    vi.advanceTimersByTime(1);
    expect(store.getState().leadIndex).toBe(0);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(store.getState().leadIndex).toBe(0);
  });
});
