import { describe, expect, it } from 'vitest';
import { safeRedirect, validateLoginSearch } from './redirect-target.ts';

describe('the redirect after sign-in', () => {
  it('keeps a path of this site with its search and hash', () => {
    expect(safeRedirect('/forecasts?date=2026-11-21&lead=2')).toBe('/forecasts?date=2026-11-21&lead=2');
    expect(safeRedirect('/models#top')).toBe('/models#top');
    expect(validateLoginSearch({ redirect: '/datasets' })).toEqual({ redirect: '/datasets' });
  });

  it.each([
    'https://evil.example/forecasts',
    '//evil.example/forecasts',
    '/\\evil.example',
    'javascript:alert(1)',
    'forecasts',
    '/\t/evil.example',
    '/login?redirect=/models',
    '',
    42,
    undefined,
  ])('drops %j', (value) => {
    expect(safeRedirect(value)).toBeUndefined();
    expect(validateLoginSearch({ redirect: value })).toEqual({ redirect: undefined });
  });
});
