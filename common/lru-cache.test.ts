import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache.ts';

describe('LruCache', () => {
  it('keeps the last `limit` entries written, dropping the oldest first', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1).set('b', 2).set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect([cache.get('b'), cache.get('c')]).toEqual([2, 3]);
  });

  it('counts a read as a use, so the entry read last survives the next write', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1).set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.has('a')).toBe(true);
    expect(cache.has('b')).toBe(false);
  });

  it('does not count `has` as a use, and rewriting a key moves it to the newest place', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1).set('b', 2);
    expect(cache.has('a')).toBe(true);
    cache.set('c', 3);
    expect(cache.has('a')).toBe(false);
    cache.set('b', 20).set('d', 4);
    expect([cache.get('b'), cache.has('c'), cache.get('d')]).toEqual([20, false, 4]);
  });

  it('holds null values as values, tells them from a missing key, and forgets on delete and clear', () => {
    const cache = new LruCache<string, number | null>(3);
    cache.set('none', null).set('one', 1);
    expect([cache.has('none'), cache.get('none'), cache.get('other')]).toEqual([true, null, undefined]);
    expect(cache.delete('one')).toBe(true);
    expect(cache.has('one')).toBe(false);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('refuses a limit under one', () => {
    expect(() => new LruCache(0)).toThrow(RangeError);
  });
});
