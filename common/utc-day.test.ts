import { describe, expect, it } from 'vitest';
import { addDays, utcDay } from './utc-day.ts';

describe('utcDay and addDays', () => {
  it('name the UTC day of a moment, whatever the local time zone says', () => {
    expect(utcDay(new Date('2026-11-26T23:59:59.999Z'))).toBe('2026-11-26');
    expect(utcDay(Date.parse('2026-11-27T00:00:00+03:00'))).toBe('2026-11-26');
  });

  it('move a day across months, leap days and years, both ways', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-11-26', -30)).toBe('2026-10-27');
  });
});
