import { describe, expect, it } from 'vitest';
import { chartRio } from './chart-rio.ts';
import { decodeChartProperties, rawCodes } from './decode.ts';

// Rows of MSC.1/Circ.1519 Table 1.1 (winter) for three classes, typed here again from the Circular, columns:
// ice free, new, grey, grey-white, thin FY 1st, thin FY 2nd, medium FY < 1 m, medium FY, thick FY, second-year,
// light multi-year, heavy multi-year.
const IMO = {
  PC5: [3, 3, 3, 3, 2, 2, 1, 1, 0, -1, -2, -2],
  IA: [3, 2, 2, 2, 1, 0, -1, -2, -3, -4, -5, -5],
  IC: [3, 2, 1, 0, -1, -2, -3, -4, -5, -6, -7, -8],
} as const;
const [FREE, , GREY, GREY_WHITE, , THIN_FY_2, , MEDIUM_FY, THICK_FY, , , HEAVY_MY] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

const polygon = (codes: Record<string, string>) => decodeChartProperties(rawCodes({ POLY_TYPE: 'I', ...codes }));

describe('RIO of chart polygons against the IMO table', () => {
  const cases: { what: string; codes: Record<string, string>; tenths: number[][] }[] = [
    {
      what: 'CIS egg 4/10 multi-year, 3/10 thin first-year, 3/10 grey-white',
      codes: { CT: '92', CA: '40', SA: '97', CB: '30', SB: '87', CC: '30', SC: '85' },
      tenths: [[4, HEAVY_MY], [3, THIN_FY_2], [3, GREY_WHITE]],
    },
    { what: 'AARI 10/10 young fast ice', codes: { CT: '92', CA: '92', SA: '83', FA: '08' }, tenths: [[10, GREY_WHITE]] },
    { what: 'DMI 7–9/10 old and thin first-year, no partials', codes: { CT: '79', SA: '95', SB: '87' }, tenths: [[9, HEAVY_MY], [1, FREE]] },
    { what: 'CIS 9+/10 medium first-year, CA blank', codes: { CT: '91', CA: '-9', SA: '91' }, tenths: [[10, MEDIUM_FY]] },
    { what: '3–5/10 grey ice', codes: { CT: '35', SA: '84' }, tenths: [[5, GREY], [5, FREE]] },
    { what: 'ice free', codes: { CT: '00' }, tenths: [[10, FREE]] },
  ];
  for (const { what, codes, tenths } of cases) {
    it(what, () => {
      for (const [iceClass, row] of Object.entries(IMO)) {
        const expected = tenths.reduce((sum, [c, column]) => sum + c * row[column], 0);
        expect(chartRio(iceClass as keyof typeof IMO, polygon(codes))?.rio, `${iceClass}`).toBe(expected);
      }
    });
  }

  it('gives the categories of the Circular', () => {
    expect(chartRio('PC5', polygon({ CT: '79', SA: '95' }))?.category).toBe('special'); // 9·(−2) + 1·3 = −15
    expect(chartRio('PC5', polygon({ CT: '57', SA: '97' }))?.category).toBe('elevated'); // 7·(−2) + 3·3 = −5
    expect(chartRio('PC5', polygon({ CT: '46', SA: '97' }))?.category).toBe('normal'); // 6·(−2) + 4·3 = 0
    expect(chartRio('IA', polygon({ CT: '10', SA: '93' }))?.category).toBe('normal'); // 1·(−3) + 9·3 = 24
    expect(chartRio('IA', polygon({ CT: '46', SA: '93' }))?.category).toBe('special'); // 6·(−3) + 4·3 = −6
  });

  it('takes unknown stage as thick first-year and says so', () => {
    const result = chartRio('PC5', polygon({ CT: '92', CA: '92', SA: '99', FA: '08' }));
    expect(result).toMatchObject({ rio: 10 * IMO.PC5[THICK_FY], assumed: 'thick_first_year', basis: 'partials' });
    // A known older stage decides alone: the rule is not named.
    expect(chartRio('PC5', polygon({ CT: '92', SA: '97', SB: '99' }))).toMatchObject({ rio: -20, assumed: null, basis: 'total' });
    expect(chartRio('PC5', polygon({ CT: '92', SA: '84' }))?.assumed).toBeNull();
  });

  it('has no RIO on land or where CT is unknown, and open water on a water polygon', () => {
    expect(chartRio('PC5', decodeChartProperties(rawCodes({ POLY_TYPE: 'L' })))).toBeNull();
    expect(chartRio('PC5', polygon({ CT: '99' }))).toBeNull();
    expect(chartRio('IC', decodeChartProperties(rawCodes({ POLY_TYPE: 'W', CT: '-9' })))?.rio).toBe(30);
  });
});
