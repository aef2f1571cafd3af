import { describe, expect, it } from 'vitest';
import { createConnectionStore, followConnection, isNetworkMessage, isOffline } from './connection-state.ts';

describe('offline notice rule', () => {
  it('shows while the browser has no network or the last request was answered from a copy', () => {
    expect(isOffline({ browserOnline: true, serverReached: null })).toBe(false);
    expect(isOffline({ browserOnline: false, serverReached: null })).toBe(true);
    expect(isOffline({ browserOnline: true, serverReached: false })).toBe(true);
    expect(isOffline({ browserOnline: true, serverReached: true })).toBe(false);
    expect(isOffline({ browserOnline: false, serverReached: true })).toBe(true);
  });

  it('follows the browser events and only well-formed service worker messages', () => {
    expect(isNetworkMessage({ type: 'ice-network', online: false })).toBe(true);
    expect(isNetworkMessage({ type: 'ice-network', online: 'no' })).toBe(false);
    expect(isNetworkMessage('ice-network')).toBe(false);
    const store = createConnectionStore(true);
    const stop = followConnection(store, window);
    window.dispatchEvent(new Event('offline'));
    expect(isOffline(store.getState())).toBe(true);
    window.dispatchEvent(new Event('online'));
    expect(isOffline(store.getState())).toBe(false);
    stop();
    window.dispatchEvent(new Event('offline'));
    expect(store.getState().browserOnline).toBe(true);
  });
});
