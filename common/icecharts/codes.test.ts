import { describe, expect, it } from 'vitest';
import { decodeConcentration, normaliseCode } from './concentration.ts';
import { decodeChartProperties, rawCodes } from './decode.ts';
import { formName, isFastIce } from './forms.ts';
import { decodeStage, UNKNOWN_STAGE_RULE } from './stages.ts';

describe('concentration codes', () => {
  it('reads 92 as 10/10 and 10 as 1/10', () => {
    expect(decodeConcentration('92')).toEqual({ range: [10, 10], meaning: 'tenths' });
    expect(decodeConcentration('10')).toEqual({ range: [1, 1], meaning: 'tenths' });
    expect(decodeConcentration('60').range).toEqual([6, 6]);
  });

  it('reads 91 as 9+/10 and the ranges low-high, 81 as 8–10', () => {
    expect(decodeConcentration('91').range).toEqual([9, 10]);
    expect(decodeConcentration('13').range).toEqual([1, 3]);
    expect(decodeConcentration('79').range).toEqual([7, 9]);
    expect(decodeConcentration('89').range).toEqual([8, 9]);
    expect(decodeConcentration('81').range).toEqual([8, 10]);
    expect(decodeConcentration('35').range).toEqual([3, 5]);
  });

  it('reads 00 and 98 as ice free, 01 and 02 as less than a tenth', () => {
    expect(decodeConcentration('00')).toEqual({ range: [0, 0], meaning: 'ice_free' });
    expect(decodeConcentration('98')).toEqual({ range: [0, 0], meaning: 'ice_free' });
    expect(decodeConcentration('01')).toEqual({ range: [0, 1], meaning: 'open_water' });
    expect(decodeConcentration('02')).toEqual({ range: [0, 1], meaning: 'bergy_water' });
  });

  it('tells unknown, not given and nonsense apart', () => {
    expect(decodeConcentration('99')).toEqual({ range: null, meaning: 'unknown' });
    expect(decodeConcentration('-9')).toEqual({ range: null, meaning: 'not_given' });
    expect(decodeConcentration('')).toEqual({ range: null, meaning: 'not_given' });
    expect(decodeConcentration(null)).toEqual({ range: null, meaning: 'not_given' });
    expect(decodeConcentration('21').meaning).toBe('invalid');
    expect(decodeConcentration('x').meaning).toBe('invalid');
  });

  it("takes DMI's one-digit codes as the two-digit code with its zero", () => {
    expect(normaliseCode('1')).toBe('01');
    expect(decodeConcentration('1').meaning).toBe('open_water');
    expect(normaliseCode(' 92 ')).toBe('92');
  });
});

describe('stages of development', () => {
  it('names the WMO stages in Russian', () => {
    const names = ['81', '82', '83', '84', '85', '87', '91', '93', '95', '96', '97'].map((code) => decodeStage(code).name);
    expect(names).toEqual([
      'новый лёд',
      'нилас',
      'молодой лёд',
      'серый лёд',
      'серо-белый лёд',
      'однолетний тонкий лёд',
      'однолетний средний лёд',
      'однолетний толстый лёд',
      'старый лёд',
      'двухлетний лёд',
      'многолетний лёд',
    ]);
  });

  it('reads 98 as glacier ice in SA though it is ice free in CT', () => {
    expect(decodeStage('98')).toMatchObject({ key: 'glacier', polaris: 'heavy_multi_year' });
    expect(decodeConcentration('98').meaning).toBe('ice_free');
  });

  it('leaves 80 and 99 to the unknown-stage rule and -9 not given', () => {
    expect(decodeStage('99')).toMatchObject({ key: 'unknown', polaris: null });
    expect(decodeStage('80')).toMatchObject({ key: 'no_stage', polaris: null });
    expect(decodeStage('-9')).toEqual({ code: '-9', key: null, name: null, polaris: null });
    expect(UNKNOWN_STAGE_RULE.codes).toEqual(expect.arrayContaining(['99', '80']));
  });

  it('takes the thicker POLARIS column where a stage spans two', () => {
    expect(decodeStage('83').polaris).toBe('grey_white');
    expect(decodeStage('86').polaris).toBe('thick_first_year');
    expect(decodeStage('91').polaris).toBe('medium_first_year');
    expect(decodeStage('95').polaris).toBe('heavy_multi_year');
    expect(decodeStage('87').polaris).toBe('thin_first_year_2');
  });
});

describe('forms of ice', () => {
  it('reads 08 as fast ice, in every spelling the services use', () => {
    expect(formName('08')).toBe('припай');
    expect(isFastIce('08', '-9')).toBe(true);
    expect(isFastIce('8', null)).toBe(true);
    expect(isFastIce('99', '08-9')).toBe(true);
    expect(isFastIce('04', '0499')).toBe(false);
    expect(isFastIce('-9', '19')).toBe(false);
    expect(formName('14')).toBe('полосы и пятна льда 4/10');
  });
});

describe('a polygon decoded', () => {
  it('keeps raw codes whatever the field case, blank as null', () => {
    const raw = rawCodes({ ct: '92', SA: '87', POLY_TYPE: 'I', CA: '', AREA: 3 });
    expect(raw).toMatchObject({ CT: '92', SA: '87', POLY_TYPE: 'I', CA: null, CB: null });
  });

  it('gives DMI stages without partial concentrations', () => {
    const polygon = decodeChartProperties(rawCodes({ CT: '79', CA: '-9', SA: '95', SB: '87', FA: '3', FB: '2', POLY_TYPE: 'I' }));
    expect(polygon.ct).toEqual([7, 9]);
    expect(polygon.stages.map((s) => [s.conc, s.stage, s.code, s.form])).toEqual([
      [null, 'old', '95', '03'],
      [null, 'thin_first_year', '87', '02'],
    ]);
    expect(polygon.fast_ice).toBe(false);
  });

  it('gives the one stage CT when CA is blank (CIS)', () => {
    const polygon = decodeChartProperties(rawCodes({ CT: '91', CA: '-9', SA: '93', FA: '08', CF: '08-9', POLY_TYPE: 'I' }));
    expect(polygon.stages).toEqual([{ conc: [9, 10], stage: 'thick_first_year', code: '93', name: 'однолетний толстый лёд', polaris: 'thick_first_year', form: '08' }]);
    expect(polygon.fast_ice).toBe(true);
  });

  it("marks AARI's stage 99 fast ice as unknown stage", () => {
    const polygon = decodeChartProperties(rawCodes({ CT: '92', CA: '92', SA: '99', FA: '08', CB: '-9', SB: '-9', POLY_TYPE: 'I' }));
    expect(polygon).toMatchObject({ ct: [10, 10], fast_ice: true, poly_type: 'I' });
    expect(polygon.stages).toEqual([{ conc: [10, 10], stage: 'unknown', code: '99', name: 'стадия неизвестна', polaris: null, form: '08' }]);
  });

  it('has no stages on land (CIS writes every field blank)', () => {
    const polygon = decodeChartProperties(rawCodes({ CT: null, POLY_TYPE: 'L' }));
    expect(polygon).toEqual({ poly_type: 'L', ct: null, ct_meaning: 'not_given', stages: [], fast_ice: false });
  });
});
