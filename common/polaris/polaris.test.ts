import { describe, expect, it } from 'vitest';
import {
  assessCell,
  ICE_CLASSES,
  ICE_TYPES,
  iceTypeIndex,
  isIceClass,
  RIV_TABLE,
  rioCategory,
  riskIndexOutcome,
  THICKNESS_EDGES_M,
} from './polaris.ts';

// Table 1.1 of MSC.1/Circ.1519 as issue 12 gives it, written out again here so a typo in the module fails.
const EXPECTED = `
PC1 3 3 3 3 2 2 2 2 2 2 1 1
PC2 3 3 3 3 2 2 2 2 2 1 1 0
PC3 3 3 3 3 2 2 2 2 2 1 0 -1
PC4 3 3 3 3 2 2 2 2 1 0 -1 -2
PC5 3 3 3 3 2 2 1 1 0 -1 -2 -2
PC6 3 2 2 2 2 1 1 0 -1 -2 -3 -3
PC7 3 2 2 2 1 1 0 -1 -2 -3 -3 -3
IA_SUPER 3 2 2 2 2 1 0 -1 -2 -3 -4 -4
IA 3 2 2 2 1 0 -1 -2 -3 -4 -5 -5
IB 3 2 2 1 0 -1 -2 -3 -4 -5 -6 -6
IC 3 2 1 0 -1 -2 -3 -4 -5 -6 -7 -8
NOT_ICE_STRENGTHENED 3 1 0 -1 -2 -3 -4 -5 -6 -7 -8 -8`
  .trim()
  .split('\n')
  .map((line) => line.split(' '));

/** A thickness (m) inside each type's bin, ice free first. */
const INSIDE = [0, 0.05, 0.12, 0.2, 0.4, 0.6, 0.85, 1.1, 1.6, 2.2, 2.7, 3.5];

describe('POLARIS', () => {
  it('has the 12 classes in order and knows them', () => {
    expect(EXPECTED.map((row) => row[0])).toEqual([...ICE_CLASSES]);
    expect(ICE_TYPES).toHaveLength(12);
    expect(isIceClass('IA_SUPER')).toBe(true);
    expect(isIceClass('PC8')).toBe(false);
  });

  it('gives every cell of Table 1.1 as RIO 10 × RIV at full concentration', () => {
    for (const [name, ...values] of EXPECTED) {
      const iceClass = name as (typeof ICE_CLASSES)[number];
      expect(RIV_TABLE[iceClass], name).toEqual(values.map(Number));
      values.forEach((value, type) => {
        // Concentration 1 of the type's ice; the ice-free column is open water (concentration 0).
        const rio = type === 0 ? riskIndexOutcome(iceClass, 0, 0) : riskIndexOutcome(iceClass, 1, INSIDE[type]);
        expect(rio, `${name} ${ICE_TYPES[type]}`).toBe(10 * Number(value));
      });
    }
  });

  it('mixes ice and open water by concentration in tenths', () => {
    // PC7, 6/10 thick first-year (RIV −2) and 4/10 open water (RIV 3): 4×3 + 6×(−2) = 0.
    expect(riskIndexOutcome('PC7', 0.6, 1.5)).toBeCloseTo(0, 10);
    // IC, 3/10 grey-white (RIV 0): 7 × 3 = 21.
    expect(riskIndexOutcome('IC', 0.3, 0.2)).toBeCloseTo(21, 10);
    // Out-of-range concentrations are clamped.
    expect(riskIndexOutcome('PC1', 1.2, 3.5)).toBe(10);
  });

  it('puts every thickness bin edge into the thicker type (lower bound inclusive)', () => {
    expect(iceTypeIndex(0)).toBe(0);
    expect(iceTypeIndex(-0.1)).toBe(0);
    expect(iceTypeIndex(Number.NaN)).toBe(0);
    expect(iceTypeIndex(1e-6)).toBe(1);
    THICKNESS_EDGES_M.forEach((edge, k) => {
      const exact = Math.fround(edge);
      expect(iceTypeIndex(exact), `${edge} m`).toBe(k + 2);
      // The float32 just below the edge is still the thinner type.
      const below = new Float32Array([exact]);
      new Int32Array(below.buffer)[0] -= 1;
      expect(iceTypeIndex(below[0]), `below ${edge} m`).toBe(k + 1);
    });
    expect(iceTypeIndex(50)).toBe(11);
    INSIDE.forEach((h, type) => expect(iceTypeIndex(h)).toBe(type));
  });

  it('applies the operational criteria of Polar Classes and of the classes below PC7', () => {
    for (const iceClass of ['PC1', 'PC7'] as const) {
      expect(rioCategory(iceClass, 0)).toBe('normal');
      expect(rioCategory(iceClass, 12)).toBe('normal');
      expect(rioCategory(iceClass, -0.5)).toBe('elevated');
      expect(rioCategory(iceClass, -10)).toBe('elevated');
      expect(rioCategory(iceClass, -10.01)).toBe('special');
    }
    for (const iceClass of ['IA_SUPER', 'IA', 'IB', 'IC', 'NOT_ICE_STRENGTHENED'] as const) {
      expect(rioCategory(iceClass, 0)).toBe('normal');
      expect(rioCategory(iceClass, -0.01)).toBe('special');
      expect(rioCategory(iceClass, -30)).toBe('special');
    }
  });

  it('assesses a cell, and reports missing values as missing, never as open water', () => {
    expect(assessCell('PC7', 1, 2.2)).toEqual({ iceType: 'second_year', rio: -30, category: 'special' });
    expect(assessCell('PC7', 0, 0)).toEqual({ iceType: 'ice_free', rio: 30, category: 'normal' });
    expect(assessCell('IA', 0.5, 0.6)).toEqual({ iceType: 'thin_first_year_2', rio: 15, category: 'normal' });
    expect(assessCell('PC7', Number.NaN, 1)).toBeNull();
    expect(assessCell('PC7', 0.5, null)).toBeNull();
  });
});
