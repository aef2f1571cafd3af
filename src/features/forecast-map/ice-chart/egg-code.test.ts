import { describe, expect, it } from 'vitest';
import type { ChartPolygonProperties } from '../../../api/icecharts.ts';
import { eggCode } from './egg-code.ts';
import { eggTextLines } from './egg-text.ts';

const base: ChartPolygonProperties = { ct: [10, 10], stages: [], fast_ice: false, poly_type: 'I' };

describe('the egg code of a chart polygon', () => {
  it('writes a CIS-style egg with three ice types: Ct, partials, stage symbols and forms', () => {
    const props: ChartPolygonProperties = {
      ...base,
      ct: [9, 10],
      stages: [
        { conc: [3, 3], stage: 'многолетний', code: '97' },
        { conc: [5, 5], stage: 'однолетний толстый', code: '93' },
        { conc: [1, 1], stage: 'серо-белый', code: '85' },
      ],
      CT: '91', CA: '30', CB: '50', CC: '10', SA: '97', SB: '93', SC: '85', FA: '05', FB: '04', FC: '-9',
    };
    expect(eggCode(props)).toEqual({ ct: '9+', partials: ['3', '5', '1'], stages: ['9•', '4•', '5'], forms: ['5', '4', ''] });
    expect(eggTextLines(props)).toEqual([
      'Общая сплочённость: 9–10/10',
      '1. многолетний, 3/10, форма: большие поля',
      '2. однолетний толстый, 5/10, форма: обломки полей',
      '3. серо-белый, 1/10',
    ]);
  });

  it('reads 92 as 10/10 and 10 as 1/10, never the other way round', () => {
    expect(eggCode({ ...base, CT: '92' }).ct).toBe('10');
    expect(eggCode({ ...base, CT: '10' }).ct).toBe('1');
    expect(eggCode({ ...base, CT: '79' }).ct).toBe('7-9');
  });

  it('writes AARI’s fast ice of unknown stage as the chart has it, with the rule’s words in the text', () => {
    const props: ChartPolygonProperties = {
      ...base,
      fast_ice: true,
      stages: [{ conc: null, stage: null, code: '99' }],
      CT: '92', CA: '92', CB: '-9', CC: '-9', SA: '99', FA: '08',
    };
    const egg = eggCode(props);
    expect(egg.ct).toBe('10');
    expect(egg.partials).toEqual(['', '', '']); // one ice type: Ca = Ct, not written
    expect(egg.stages[0]).toBe('X');
    expect(egg.forms[0]).toBe('8');
    expect(eggTextLines(props)).toEqual(['Общая сплочённость: 10/10', 'Припай', '1. стадия неизвестна, форма: припай']);
  });

  it('says water for an ice-free polygon and land for land', () => {
    expect(eggTextLines({ ...base, ct: [0, 0], poly_type: 'W', CT: '00' })).toEqual(['Общая сплочённость: 0/10', 'Чистая вода']);
    expect(eggTextLines({ ...base, ct: null, poly_type: 'L' })).toEqual(['Суша']);
  });
});
