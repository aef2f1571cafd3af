import { describe, expect, it } from 'vitest';
import { BasemapWatchdog } from './basemap-watchdog.ts';
import { GIBS_BLUE_MARBLE_URL, resolveTileUrl } from './map-config.ts';

function manualTimer() {
  const timer: { fire: (() => void) | null } = { fire: null };
  return {
    timer,
    setTimer: (callback: () => void) => {
      timer.fire = callback;
      return 1;
    },
    clearTimer: () => {
      timer.fire = null;
    },
  };
}

describe('basemap fallback', () => {
  it('gives up on the tiles after repeated errors with no tile loaded', () => {
    const reasons: string[] = [];
    const { setTimer, clearTimer } = manualTimer();
    const watchdog = new BasemapWatchdog({ onFail: (r) => reasons.push(r), errorLimit: 3, setTimer, clearTimer });
    watchdog.tileFailed();
    watchdog.tileFailed();
    expect(reasons).toEqual([]);
    watchdog.tileFailed();
    watchdog.tileFailed();
    expect(reasons).toEqual(['errors']);
  });

  it('gives up when no tile arrives in time, and never once a tile has loaded', () => {
    const reasons: string[] = [];
    const slow = manualTimer();
    new BasemapWatchdog({ onFail: (r) => reasons.push(r), ...slow });
    slow.timer.fire?.();
    expect(reasons).toEqual(['timeout']);

    const working = manualTimer();
    const ok = new BasemapWatchdog({ onFail: (r) => reasons.push(`late ${r}`), errorLimit: 1, ...working });
    ok.tileLoaded();
    ok.tileFailed();
    working.timer.fire?.();
    expect(reasons).toEqual(['timeout']);
  });

  it('takes the tile URL from the page, then the build, then GIBS', () => {
    const page = { querySelector: () => ({ getAttribute: () => 'https://tiles.local/{z}/{x}/{y}.png' }) } as unknown as Document;
    const none = { querySelector: () => null } as unknown as Document;
    expect(resolveTileUrl(page, 'https://build/{z}/{x}/{y}')).toBe('https://tiles.local/{z}/{x}/{y}.png');
    expect(resolveTileUrl(none, 'offline')).toBe('offline');
    expect(resolveTileUrl(none, undefined)).toBe(GIBS_BLUE_MARBLE_URL);
  });
});
