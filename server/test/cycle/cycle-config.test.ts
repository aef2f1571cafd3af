/** The cycle's settings as the environment gives them, and the schedule's clock arithmetic. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { latestOccurrence, nextOccurrence, windowDates } from '../../src/cycle/schedule.ts';

describe('cycle configuration', () => {
  it('defaults: off with the demo source, 06:30 UTC daily with a real one; 3 days of backfill, 15 min retries until 18:00, keep everything', () => {
    const demo = loadConfig({});
    expect(demo).toMatchObject({ cycleSchedule: 'off', cycleBackfillDays: 3, cycleRetryS: 900, cycleDeadline: '18:00', retainDays: 0, defaultModel: 'model_2' });
    const inbox = mkdtempSync(join(tmpdir(), 'inbox-'));
    expect(loadConfig({ ANALYSIS_SOURCE: `dir:${inbox}` }).cycleSchedule).toBe('30 6 * * *');
    expect(loadConfig({ ANALYSIS_SOURCE: `dir:${inbox}`, CYCLE_SCHEDULE: 'off' }).cycleSchedule).toBe('off');
    expect(loadConfig({ CYCLE_SCHEDULE: '0 */6 * * *', CYCLE_RETRY: '5m', CYCLE_DEADLINE: '9:30', RETAIN_DAYS: '30' })).toMatchObject({
      cycleSchedule: '0 */6 * * *',
      cycleRetryS: 300,
      cycleDeadline: '09:30',
      retainDays: 30,
    });
  });

  it('refuses a bad schedule, deadline or count, naming each', () => {
    expect(() => loadConfig({ CYCLE_SCHEDULE: 'every morning', CYCLE_DEADLINE: '25:00', CYCLE_BACKFILL_DAYS: '-1', RETAIN_DAYS: 'x' })).toThrow(
      /CYCLE_SCHEDULE="every morning": expected a cron pattern such as '30 6 \* \* \*' \(UTC\) or off[\s\S]*CYCLE_BACKFILL_DAYS="-1"[\s\S]*CYCLE_DEADLINE="25:00": expected a time of day HH:MM[\s\S]*RETAIN_DAYS="x"/,
    );
  });

  it('CYCLE_REGIONS: both regions with any source (a real one is regridded into each); any order in, the sector first out; refused naming the fault', () => {
    const inbox = mkdtempSync(join(tmpdir(), 'inbox-'));
    expect(loadConfig({}).cycleRegions).toEqual(['sector', 'arctic']);
    expect(loadConfig({ ANALYSIS_SOURCE: `dir:${inbox}` }).cycleRegions).toEqual(['sector', 'arctic']);
    expect(loadConfig({ ANALYSIS_SOURCE: `dir:${inbox}`, CYCLE_REGIONS: 'sector' }).cycleRegions).toEqual(['sector']);
    expect(loadConfig({ CYCLE_REGIONS: ' arctic , sector ' }).cycleRegions).toEqual(['sector', 'arctic']);
    expect(loadConfig({ CYCLE_REGIONS: 'arctic' }).cycleRegions).toEqual(['arctic']);
    expect(() => loadConfig({ CYCLE_REGIONS: 'sector,north' })).toThrow(/CYCLE_REGIONS="sector,north": unknown region north: expected one or more of sector, arctic, comma-separated/);
    expect(() => loadConfig({ CYCLE_REGIONS: 'arctic,arctic' })).toThrow(/CYCLE_REGIONS="arctic,arctic": region arctic named twice/);
    expect(() => loadConfig({ CYCLE_REGIONS: ' , ' })).toThrow(/CYCLE_REGIONS=" , ": expected one or more of sector, arctic/);
  });

  it('occurrences in UTC, the tick a server missed, and the window of dates', () => {
    expect(nextOccurrence('30 6 * * *', new Date('2026-11-25T06:30:00Z'))?.toISOString()).toBe('2026-11-26T06:30:00.000Z');
    expect(nextOccurrence('off', new Date())).toBeNull();
    expect(latestOccurrence('30 6 * * *', new Date('2026-11-24T10:00:00Z'), new Date('2026-11-25T10:00:00Z'))?.toISOString()).toBe('2026-11-25T06:30:00.000Z');
    expect(latestOccurrence('30 6 * * *', new Date('2026-11-25T07:00:00Z'), new Date('2026-11-25T10:00:00Z'))).toBeNull();
    expect(windowDates(new Date('2026-03-01T05:00:00Z'), 2)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });
});
