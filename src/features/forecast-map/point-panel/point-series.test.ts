import { describe, expect, it } from 'vitest';
import { driftValue, formatPointValue, scalarValue } from './point-series.ts';

describe('point panel values', () => {
  it('formats each variable with its unit and decimals, and missing values as Нет данных', () => {
    expect(formatPointValue('sithick_GLORYS', scalarValue(1.2345))).toBe('1.23 м');
    expect(formatPointValue('sea_ice_fraction_BREMEN', scalarValue(0.85))).toBe('0.850');
    expect(formatPointValue('sithick_GLORYS', scalarValue(Number.NaN))).toBe('Нет данных');
    expect(formatPointValue('usi_vsi', null)).toBe('Нет данных');
  });

  it('gives the drift as speed and the bearing it moves towards, clockwise from north', () => {
    expect(formatPointValue('usi_vsi', driftValue(0.1234, Math.PI / 2))).toBe('0.123 м/с, 90°');
    expect(driftValue(0.05, -Math.PI / 2)?.bearingDeg).toBeCloseTo(270, 9);
    // 359.6° rounds to 0°, not 360°.
    expect(formatPointValue('usi_vsi', driftValue(0.2, (359.6 * Math.PI) / 180))).toBe('0.200 м/с, 0°');
    expect(driftValue(0.1, Number.NaN)).toBeNull();
    expect(driftValue(Number.NaN, 1)).toBeNull();
  });
});
