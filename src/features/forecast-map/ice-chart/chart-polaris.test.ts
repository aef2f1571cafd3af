import { describe, expect, it } from 'vitest';
import { RIV_TABLE, ICE_TYPES } from '../../../../common/polaris/polaris.ts';
import { CATEGORY_COLOURS } from '../../../map/layers/polaris-layer/polaris-colours.ts';
import { chartPolygon } from '../../../testing/chart-polygons.ts';
import { polarisColour, rioLine, unknownStageNote } from './chart-polaris.ts';
import { preparePolygon } from './chart-geometry.ts';

const square = (codes: Record<string, string>, id = 0) =>
  preparePolygon(id, chartPolygon(codes, id), [[[0, 70], [1, 70], [1, 71], [0, 71], [0, 70]]])!;

describe('POLARIS from the chart', () => {
  it('colours a polygon by its RIO for the class, in the POLARIS layer’s colours', () => {
    // 10/10 grey-white ice: RIO = 10 × RIV(grey-white); PC5 3 → normal, IC 0 → normal, no ice class −1 → special.
    const greyWhite = square({ CT: '92', CA: '92', SA: '85', FA: '04' });
    const column = ICE_TYPES.indexOf('grey_white');
    expect(10 * RIV_TABLE.PC5[column]).toBe(30);
    expect(polarisColour(greyWhite, 'PC5')).toEqual(CATEGORY_COLOURS.normal);
    expect(polarisColour(greyWhite, 'NOT_ICE_STRENGTHENED')).toEqual(CATEGORY_COLOURS.special);
    // 9+/10 of 3/10 multi-year and 6/10 thick first-year: PC5 3·(−2) + 6·0 + 1·3 = −3 → elevated.
    const mixed = square({ CT: '91', CA: '30', SA: '97', CB: '60', SB: '93' });
    expect(polarisColour(mixed, 'PC5')).toEqual(CATEGORY_COLOURS.elevated);
    expect(rioLine(mixed, 'PC5')).toBe('RIO (PC5): -3 — Повышенный риск');
    expect(unknownStageNote([greyWhite, mixed], 'PC5')).toBeNull();
  });

  it('states the rule for AARI’s fast ice of unknown stage, and colours it by the rule', () => {
    const fast = square({ CT: '92', CA: '92', SA: '99', FA: '08' });
    expect(unknownStageNote([fast], 'PC5')).toBe('стадия неизвестна: принят однолетний толстый');
    // Thick first-year for PC5: RIV 0 → RIO 0, normal; for IA: −3 → −30, special.
    expect(polarisColour(fast, 'PC5')).toEqual(CATEGORY_COLOURS.normal);
    expect(polarisColour(fast, 'IA')).toEqual(CATEGORY_COLOURS.special);
  });

  it('leaves land uncoloured', () => {
    expect(polarisColour(square({ POLY_TYPE: 'L' }), 'PC5')).toBeNull();
  });
});
