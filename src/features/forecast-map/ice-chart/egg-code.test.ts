import { describe, expect, it } from 'vitest';
import { chartPolygon } from '../../../testing/chart-polygons.ts';
import { eggCode } from './egg-code.ts';
import { eggTextLines } from './egg-text.ts';

describe('the egg code of a chart polygon', () => {
  it('writes a CIS-style egg with three ice types: Ct, partials, stage symbols and forms', () => {
    const props = chartPolygon({ CT: '91', CA: '30', CB: '50', CC: '10', SA: '97', SB: '93', SC: '85', FA: '05', FB: '04', FC: '-9' });
    expect(eggCode(props)).toEqual({ ct: '9+', partials: ['3', '5', '1'], stages: ['9•', '4•', '5'], forms: ['5', '4', ''] });
    expect(eggTextLines(props)).toEqual([
      'Общая сплочённость: 9–10/10',
      '1. многолетний лёд, 3/10, форма: большие ледяные поля',
      '2. однолетний толстый лёд, 5/10, форма: обломки ледяных полей',
      '3. серо-белый лёд, 1/10',
    ]);
  });

  it('reads 92 as 10/10 and 10 as 1/10, never the other way round', () => {
    expect(eggCode(chartPolygon({ CT: '92' })).ct).toBe('10');
    expect(eggCode(chartPolygon({ CT: '10' })).ct).toBe('1');
    expect(eggCode(chartPolygon({ CT: '79' })).ct).toBe('7-9');
    expect(eggTextLines(chartPolygon({ CT: '10', SA: '84' }))[0]).toBe('Общая сплочённость: 1/10');
  });

  it('writes AARI’s fast ice of unknown stage as the chart has it', () => {
    const props = chartPolygon({ CT: '92', CA: '92', CB: '-9', CC: '-9', SA: '99', SB: '-9', FA: '08' });
    const egg = eggCode(props);
    expect(egg.ct).toBe('10');
    expect(egg.partials).toEqual(['', '', '']); // one ice type: Ca = Ct, not written
    expect(egg.stages[0]).toBe('X');
    expect(egg.forms[0]).toBe('8');
    expect(eggTextLines(props)).toEqual(['Общая сплочённость: 10/10', 'Припай', '1. стадия неизвестна, форма: припай']);
  });

  it('says water for an ice-free polygon and land for land', () => {
    expect(eggTextLines(chartPolygon({ CT: '00', POLY_TYPE: 'W' }))).toEqual(['Общая сплочённость: 0/10', 'Чистая вода']);
    expect(eggTextLines(chartPolygon({ POLY_TYPE: 'L' }))).toEqual(['Суша']);
  });
});
