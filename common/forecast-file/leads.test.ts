import { describe, expect, it } from 'vitest';
import { SECTOR_GRID } from './grid.ts';
import { LEAD_HOURS, leadIndexFromHours } from './leads.ts';

describe('lead names', () => {
  it('turn hours into the index along the time dimension (LEAD_HOURS[leadIndex] is the way back)', () => {
    expect(LEAD_HOURS.map((hours) => leadIndexFromHours(hours))).toEqual([0, 1, 2]);
  });

  it('give null for hours the files do not have', () => {
    expect(leadIndexFromHours(0)).toBeNull();
    expect(leadIndexFromHours(36)).toBeNull();
  });
});

describe('the forecast grid', () => {
  it('spans 66.025–89.975°N and 50–115°E every 0.05°', () => {
    const { lat0, dlat, nlat, lon0, dlon, nlon } = SECTOR_GRID;
    expect(lat0 + (nlat - 1) * dlat).toBeCloseTo(89.975, 9);
    expect(lon0 + (nlon - 1) * dlon).toBeCloseTo(115, 9);
    expect(Object.isFrozen(SECTOR_GRID)).toBe(true);
  });
});
