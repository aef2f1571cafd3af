import { describe, expect, it } from 'vitest';
import { CacheIndex } from './cache-index.ts';
import { cachedDates, cacheKey, cacheLimit, MAX_CACHE_BYTES } from './forecast-cache.ts';

describe('offline forecast cache index', () => {
  it('keeps the total under the limit, least recently used out first', () => {
    const index = new CacheIndex(100);
    expect(index.add('a', 40, 1)).toEqual([]);
    expect(index.add('b', 40, 2)).toEqual([]);
    index.touch('a', 3); // a is now newer than b
    expect(index.add('c', 40, 4)).toEqual(['b']);
    expect(index.urls()).toEqual(['a', 'c']);
    expect(index.totalBytes).toBe(80);
    expect(index.add('d', 70, 5)).toEqual(['a', 'c']);
    expect(index.totalBytes).toBe(70);
  });

  it('does not keep an entry larger than the limit, and shrinks to a lower limit', () => {
    const index = new CacheIndex(100, [
      { url: 'old', bytes: 30, usedAt: 1 },
      { url: 'new', bytes: 30, usedAt: 9 },
      { url: 'mid', bytes: 30, usedAt: 5 },
    ]);
    expect(index.add('huge', 150, 10)).toEqual(['old', 'mid', 'new', 'huge']);
    expect(index.size).toBe(0);
    const again = CacheIndex.from(new CacheIndex(100, [{ url: 'x', bytes: 60, usedAt: 1 }, { url: 'y', bytes: 30, usedAt: 2 }]).toJSON(), 100);
    expect(again.setLimit(50)).toEqual(['x']);
    expect(again.toJSON()).toEqual({ limitBytes: 50, entries: [{ url: 'y', bytes: 30, usedAt: 2 }] });
  });

  it('re-adding a URL replaces its size and makes it the newest', () => {
    const index = new CacheIndex(100);
    index.add('a', 50, 1);
    index.add('b', 20, 2);
    index.add('a', 10, 3);
    expect(index.totalBytes).toBe(30);
    expect(index.add('c', 75, 4)).toEqual(['b']);
  });

  it('takes half the storage quota up to the cap, keys ranges apart, and lists the dates held', () => {
    expect(cacheLimit({ quota: 100 * 1024 * 1024 })).toBe(50 * 1024 * 1024);
    expect(cacheLimit({ quota: 10e12 })).toBe(MAX_CACHE_BYTES);
    expect(cacheLimit(null)).toBe(MAX_CACHE_BYTES);
    const url = 'http://x/api/v1/forecast/hist?date=2026-11-21';
    expect(cacheKey(url, null)).toBe(url);
    expect(cacheKey(url, 'bytes=0-32767')).toBe(`${url}&__range=bytes%3D0-32767`);
    expect(
      cachedDates([
        'http://x/api/v1/forecast/hist?date=2026-11-21&variables=sithick_GLORYS&lead=24',
        'http://x/api/v1/assim_forecast/hist?date=2026-11-19',
        `${url}&__range=bytes%3D0-32767`,
        'http://x/api/v1/analysis/hist?date=2026-11-01',
      ]),
    ).toEqual(['2026-11-19', '2026-11-21']);
  });

  it("lists a region's dates apart: a sector copy is never offered as the whole Arctic's", () => {
    const urls = [
      'http://x/api/v1/forecast/hist?date=2026-11-21&variables=sithick_GLORYS&lead=24',
      'http://x/api/v1/forecast/hist?date=2026-11-20&region=arctic&variables=sithick_GLORYS&lead=24',
      'http://x/api/v1/assim_forecast/hist?date=2026-11-19&region=arctic',
    ];
    expect(cachedDates(urls)).toEqual(['2026-11-21']);
    expect(cachedDates(urls, 'sector')).toEqual(['2026-11-21']);
    expect(cachedDates(urls, 'arctic')).toEqual(['2026-11-19', '2026-11-20']);
  });
});
